/**
 * A form field checked by its request schema's precompiled validator (src/crud/precompile/request-validators.ts):
 * the whole form's values are validated as the server will validate the request (empty optional fields
 * dropped first, as the server does), and the field's first message is the one the server would answer.
 * Values the form holds beyond the request (remember me, the agreement) are not the schema's business:
 * "not allowed" errors are ignored.
 */
import type { ErrorObject } from 'ajv';
import { toFieldMessages } from '../../validation/field-errors';
import type { ValidationMessage } from '../../validation/messages';
import { dropEmptyOptionalFields, type ObjectSchema } from '../../validation/normalize-body';

/** What `import * as request from 'virtual:request-validator/<name>'` gives: the schema and its validator. */
export interface RequestSchema {
  schema: ObjectSchema;
  validate: { (data: unknown): boolean; errors?: ErrorObject[] | null };
}

export function requestFieldMessage({ schema, validate }: RequestSchema, field: string, values: Record<string, unknown>): ValidationMessage | null {
  const body = dropEmptyOptionalFields(schema, values);
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'additionalProperties');
  return toFieldMessages(errors, body)[field]?.[0] ?? null;
}
