/**
 * Light client-side checks read from the same JSON Schema the server validates with, for forms that
 * must not load ajv (the login page has a JavaScript budget). They cover the keywords the request
 * schemas use (required, minLength, maxLength, format, x-same-as); anything else is left to the server,
 * whose 422 answer is shown under the field.
 */
import { formats } from './formats';
import type { ValidationMessage } from './messages';
import type { ObjectSchema } from './normalize-body';

interface StringPropertySchema {
  type?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
  'x-same-as'?: string;
}

export type FieldCheck = (value: unknown, allValues: Record<string, unknown>) => ValidationMessage | null;

/** The text a length or format check reads: form values are text; a number or a boolean as written, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

export function fieldChecks(schema: ObjectSchema, field: string): FieldCheck[] {
  const property = (schema.properties?.[field] ?? {}) as StringPropertySchema;
  const isRequired = (schema.required ?? []).includes(field);
  const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
  const checks: FieldCheck[] = [];

  checks.push((value) => (isRequired && isEmpty(value) ? { key: 'validation.required' } : null));
  const { minLength, maxLength, format } = property;
  if (minLength !== undefined && minLength > 1) {
    checks.push((value) => (!isEmpty(value) && asText(value).length < minLength ? { key: 'validation.minLength', params: { limit: minLength } } : null));
  }
  if (maxLength !== undefined) {
    checks.push((value) => (!isEmpty(value) && asText(value).length > maxLength ? { key: 'validation.maxLength', params: { limit: maxLength } } : null));
  }
  if (format !== undefined) {
    const check = (formats as Record<string, (value: string) => boolean>)[format];
    if (!check) throw new Error(`Unknown format "${format}" in schema for field "${field}"`);
    checks.push((value) => (!isEmpty(value) && !check(asText(value)) ? { key: `validation.format.${format}` } : null));
  }
  const sibling = property['x-same-as'];
  if (sibling !== undefined) {
    checks.push((value, allValues) => (!isEmpty(value) && value !== allValues[sibling] ? { key: 'validation.sameAs' } : null));
  }
  return checks;
}

/** The first failing message for a field, or null when the value passes every check. */
export function checkField(schema: ObjectSchema, field: string, value: unknown, allValues: Record<string, unknown>): ValidationMessage | null {
  for (const check of fieldChecks(schema, field)) {
    const message = check(value, allValues);
    if (message) return message;
  }
  return null;
}
