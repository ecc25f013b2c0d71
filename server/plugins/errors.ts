/**
 * One answer shape for every failure: `{ message, errors? }` in the request's language, with the
 * statuses of docs/architecture.md. Bad input never becomes a 500; an unexpected error becomes a 500
 * with a generic message (never its text or stack), logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { toFieldMessages } from '../../validation/field-errors';
import type { FieldMessages } from '../../validation/messages';
import { HttpError } from '../http-error';
import type { Translator } from '../i18n/i18n';
import { REQUEST_ID_HEADER } from './request-id';

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

// Fastify's and its plugins' own errors, by code, to our message keys.
const KEY_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.malformedJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.tooLarge',
  FST_REQ_FILE_TOO_LARGE: 'validation.file.tooLarge',
};

const KEY_BY_STATUS: Record<number, string> = {
  401: 'auth.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  413: 'errors.tooLarge',
  415: 'errors.unsupportedMediaType',
  422: 'errors.invalidData',
};

interface Answer {
  statusCode: number;
  key: string;
  params?: Record<string, string | number>;
  fieldErrors?: FieldMessages;
}

/**
 * PostgreSQL's refusals of a write that met another at the same moment (SQLSTATE), which the write's own checks
 * could not see coming: a sub-record whose parent was deleted meanwhile (its foreign key: 404, as when the parent
 * was already gone), a member deleted while their request ran (the record's `created_by`: their session has
 * ended), another key or a deadlock (409: try again).
 */
export function concurrentWriteAnswer(error: unknown): Answer | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '40P01' || code === '40001') return { statusCode: 409, key: 'errors.concurrentChange' };
  if (code !== '23503') return null;
  const name = typeof constraint === 'string' ? constraint : '';
  if (/_(?:created_by|updated_by|user_id)_fkey$/.test(name)) return { statusCode: 401, key: 'auth.unauthenticated' };
  if (/_parent_id_fkey$/.test(name)) return { statusCode: 404, key: 'errors.notFound' };
  return { statusCode: 409, key: 'errors.concurrentChange' };
}

function answerFor(error: FastifyError | HttpError | Error, request: FastifyRequest): Answer {
  if (error instanceof HttpError) {
    return { statusCode: error.statusCode, key: error.messageKey, params: error.details.params, fieldErrors: error.details.fieldErrors };
  }
  const race = concurrentWriteAnswer(error);
  if (race) return race;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return { statusCode: 422, key: 'errors.invalidData', fieldErrors: toFieldMessages(fastifyError.validation as never, request.body) };
  }
  const statusCode = fastifyError.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const key = (fastifyError.code && KEY_BY_CODE[fastifyError.code]) ?? KEY_BY_STATUS[statusCode] ?? 'errors.badRequest';
    return { statusCode, key };
  }
  return { statusCode: 500, key: 'errors.server' };
}

export function errorBody(request: FastifyRequest, answer: Answer): ErrorBody {
  const t = request.t ?? request.server.translator.forLanguage('en');
  const body: ErrorBody = { message: t(answer.key, answer.params) };
  if (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) {
    body.errors = Object.fromEntries(
      Object.entries(answer.fieldErrors).map(([field, messages]) => [field, messages.map((message) => t(message.key, message.params))]),
    );
  }
  return body;
}

export async function sendError(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(errorBody(request, answer));
}

export const errorsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
      const answer = answerFor(error, request);
      if (answer.statusCode >= 500) request.log.error({ err: error }, 'unexpected error');
      else request.log.info({ statusCode: answer.statusCode, code: (error as FastifyError).code ?? answer.key }, 'request refused');
      return sendError(request, reply, answer);
    });
  },
  { name: 'fleetdesk-errors', dependencies: ['fleetdesk-i18n'] },
);

/**
 * Fastify answers a few errors before any hook or handler runs (a URL that is not valid UTF-8 when
 * decoded): this gives them our shape and language too. For Fastify's `frameworkErrors` option.
 */
export function frameworkErrorHandler(translator: Translator): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => {
    const t = translator.forLanguage(translator.pickLanguage(request.headers['accept-language']));
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    request.log.info({ code: error.code }, 'request refused before routing');
    // The option's reply type is generic over route schemas it cannot know: a plain reply here.
    void (reply as unknown as FastifyReply)
      .code(statusCode)
      .header(REQUEST_ID_HEADER, request.id)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ message: t(KEY_BY_STATUS[statusCode] ?? 'errors.badRequest') });
  };
}
