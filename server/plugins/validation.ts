/**
 * Request bodies are validated with Fleetdesk's own ajv (validation/create-ajv.ts: strict, no
 * coercion, no stripping) against `schemas/requests/*.json`, compiled once at start. Fastify's default
 * ajv would silently drop unknown fields and turn "42" into 42 (DESIGN.md); here both are a 422.
 *
 * Routes declare their body with `withBody(app, 'register')`: the schema (for validation, and for the
 * OpenAPI document later) plus a preValidation step that drops optional fields sent empty, the way the
 * forms send them. Query strings and path parameters are text by nature and keep Fastify-style
 * coercion through a second ajv.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnySchemaObject, ValidateFunction } from 'ajv';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createAjv } from '../../validation/create-ajv';
import type { FieldMessages } from '../../validation/messages';
import { HttpError } from '../http-error';
import { dropEmptyOptionalFields, type ObjectSchema } from '../../validation/normalize-body';

export const REQUEST_SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/requests/', import.meta.url));

export interface RequestSchemas {
  get(name: string): AnySchemaObject & ObjectSchema;
  validatorFor(schema: AnySchemaObject): ValidateFunction;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestSchemas: RequestSchemas;
  }
}

/** Reads and compiles every request schema; a schema that breaks strict mode fails the start. */
export function loadRequestSchemas(dir = REQUEST_SCHEMAS_DIR): RequestSchemas {
  const ajv = createAjv();
  const byName = new Map<string, AnySchemaObject & ObjectSchema>();
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as AnySchemaObject & ObjectSchema;
    if (typeof schema.$id !== 'string') throw new Error(`Request schema ${file} has no $id`);
    ajv.addSchema(schema);
    ajv.getSchema(schema.$id); // compile now, not on the first request
    byName.set(path.basename(file, '.json'), schema);
  }
  return {
    get(name) {
      const schema = byName.get(name);
      if (!schema) throw new Error(`No request schema "${name}" in ${dir}`);
      return schema;
    },
    validatorFor(schema) {
      const compiled = typeof schema.$id === 'string' ? ajv.getSchema(schema.$id) : undefined;
      return compiled ?? ajv.compile(schema);
    },
  };
}

/** Route options for a JSON body validated by `schemas/requests/<name>.json`. */
export function withBody(app: FastifyInstance, name: string) {
  const schema = app.requestSchemas.get(name);
  const normalize: preValidationHookHandler = (request, _reply, done) => {
    // A missing body is an empty form: the answer lists the required fields instead of "must be an object".
    const body = dropEmptyOptionalFields(schema, request.body ?? {});
    const nulError = nulCharacterError(body);
    if (!nulError) request.body = body;
    done(nulError);
  };
  return { schema: { body: schema }, preValidation: normalize };
}

/**
 * PostgreSQL text cannot hold U+0000: such a value would fail in the database as a 500. It is bad
 * input, so it is a 422 on its field here, before anything reads it.
 */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1));
}

function nulCharacterError(body: unknown): HttpError | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const fieldErrors: FieldMessages = {};
  for (const [field, value] of Object.entries(body)) {
    if (containsNul(value)) fieldErrors[field] = [{ key: 'validation.invalid' }];
  }
  return Object.keys(fieldErrors).length > 0 ? new HttpError(422, 'errors.invalidData', { fieldErrors }) : undefined;
}

export const validationPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance, options: { requestSchemas?: RequestSchemas }) => {
    const requestSchemas = options.requestSchemas ?? loadRequestSchemas();
    app.decorate('requestSchemas', requestSchemas);
    // Path parameters and query strings arrive as text: these may be coerced (Fastify's usual rules).
    const textAjv = createAjv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false });
    app.setValidatorCompiler(({ schema, httpPart }) =>
      httpPart === 'body' ? requestSchemas.validatorFor(schema as AnySchemaObject) : textAjv.compile(schema as AnySchemaObject),
    );
  },
  { name: 'fleetdesk-validation' },
);
