/**
 * An error with an HTTP status and a translation key: thrown by routes and plugins, turned into
 * `{ message, errors? }` in the request's language by the error handler (plugins/errors.ts).
 */
import type { FieldMessages } from '../validation/messages';
import type { TranslateParams } from './i18n/i18n';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly details: { params?: TranslateParams; fieldErrors?: FieldMessages } = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

/** 422 with one message under one field, e.g. `validation.unique` on `email`. */
export function fieldError(field: string, key: string, messageKey = 'errors.invalidData'): HttpError {
  return new HttpError(422, messageKey, { fieldErrors: { [field]: [{ key }] } });
}

export function notFound(): HttpError {
  return new HttpError(404, 'errors.notFound');
}
