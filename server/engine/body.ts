/**
 * What a JSON body must not carry into jsonb, found before anything is stored: PostgreSQL's jsonb
 * refuses U+0000 and unpaired UTF-16 surrogates ("\ud800"), which would otherwise fail in the
 * database as a 500, and control characters would be stored unseen. All are bad input, so they are a 422
 * on their field.
 */
import { addMessage, type FieldMessages } from '../../validation/messages';

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// Control characters but tab, line feed and carriage return (a bell, an escape sequence): nothing a person types,
// and nothing a screen or a printed act shows.
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function badText(text: string): boolean {
  return text.includes('\0') || UNPAIRED_SURROGATE.test(text) || CONTROL.test(text);
}

function containsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return badText(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > 32) return true; // nothing in our schemas nests this deep
  return Object.entries(value).some(([key, item]) => badText(key) || containsBadText(item, depth + 1));
}

export function unstorableFields(body: Record<string, unknown>): FieldMessages {
  const errors: FieldMessages = {};
  for (const [field, value] of Object.entries(body)) {
    if (badText(field) || containsBadText(value)) addMessage(errors, badText(field) ? '' : field, { key: 'validation.unprintable' });
  }
  return errors;
}
