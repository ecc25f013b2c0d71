/**
 * Turns ajv's errors into per-field messages (`validation.*` keys with parameters), so the server's
 * 422 answer and the forms show the same words for the same rule.
 */
import type { ErrorObject } from 'ajv';
import { resources } from '../resources';
import { readableName } from '../resources/field-labels';
import { addMessage, type FieldMessages, type ValidationMessage } from './messages';

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path.join('.');
}

export function messageOf(error: ErrorObject): ValidationMessage {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'minLength':
      // An empty text is "missing" for a person filling a form, whatever the schema's minimum.
      return params.limit === 1 ? { key: 'validation.required' } : { key: 'validation.minLength', params: { limit: Number(params.limit) } };
    case 'maxLength':
      return { key: 'validation.maxLength', params: { limit: Number(params.limit) } };
    case 'minimum':
    case 'maximum':
      return { key: `validation.${error.keyword}`, params: { limit: Number(params.limit) } };
    case 'multipleOf':
      return multipleOfMessage(Number(params.multipleOf));
    case 'format':
      return { key: `validation.format.${String(params.format)}` };
    case 'type':
      return { key: `validation.type.${String(params.type).split(',')[0]}` };
    case 'additionalProperties':
      return { key: 'validation.notAllowed' };
    case 'enum':
      return { key: 'validation.enum' };
    case 'minItems':
    case 'maxItems':
      return { key: `validation.${error.keyword}`, params: { limit: Number(params.limit) } };
    case 'uniqueItems':
      return { key: 'validation.uniqueItems' };
    case 'x-same-as':
      return { key: 'validation.sameAs' };
    case 'x-not-after-today':
      return { key: 'validation.notAfterToday' };
    case 'x-not-after-this-year':
      return { key: 'validation.notAfterThisYear' };
    case 'x-not-same-as':
      return { key: 'validation.notSameAs' };
    case 'x-not-before':
      return { key: 'validation.notBefore', params: { label: siblingLabelKey(params) } };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * A step of 0.01 (money: cents) reads "At most 2 decimal places", which is what a person typing 999.999 needs to hear;
 * another step (5) "Must be a multiple of 5".
 */
function multipleOfMessage(step: number): ValidationMessage {
  const decimals = -Math.log10(step);
  if (Number.isInteger(decimals) && decimals > 0) return { key: 'validation.decimals', params: { count: decimals } };
  return { key: 'validation.multipleOf', params: { limit: step } };
}

/**
 * The label key of the date an `x-not-before` field follows (`passports.fields.issue_date`), which the message nests
 * (`$t({{label}})`): "Must not be earlier than “Issue date”", in the reader's language. A schema of no resource (a
 * test's) names the field readably instead.
 */
function siblingLabelKey(params: Record<string, unknown>): string {
  const sibling = typeof params.sibling === 'string' ? params.sibling : '';
  // A form's own schema is `<schema>-create` / `<schema>-edit` (src/crud/form-schema.ts formSchemaId).
  const schemaId = typeof params.schemaId === 'string' ? params.schemaId.split('#')[0].replace(/-(?:create|edit)$/, '') : '';
  const resource = resources.find((candidate) => candidate.schema === schemaId);
  return resource ? `${resource.name}.fields.${sibling}` : readableName(sibling);
}

/**
 * A bound a tighter rule of the same field says better: a year of 3025 is "not later than this year", not also
 * "at most 2100" (the schema's `maximum`, kept for the number input and the filters).
 */
const SAID_BETTER_BY: Record<string, string> = { maximum: 'x-not-after-this-year' };

/** The errors without those another error of their field says better. */
export function withoutLooserBounds<T>(errors: T[], keywordOf: (error: T) => string, fieldOf: (error: T) => string): T[] {
  const said = new Set(errors.map((error) => `${fieldOf(error)}\u0000${keywordOf(error)}`));
  return errors.filter((error) => {
    const better = SAID_BETTER_BY[keywordOf(error)];
    return !better || !said.has(`${fieldOf(error)}\u0000${better}`);
  });
}

function valueAt(data: unknown, field: string): unknown {
  if (field === '') return data;
  let node = data;
  for (const part of field.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * @param data the validated value, when at hand: a field sent as "" then gets only "This field is
 *   required" (as in the forms' light checks), not also its length and format messages.
 */
export function toFieldMessages(errors: ErrorObject[] | null | undefined, data?: unknown): FieldMessages {
  const result: FieldMessages = {};
  for (const error of withoutLooserBounds(errors ?? [], (item) => item.keyword, fieldOf)) {
    const field = fieldOf(error);
    const empty = data !== undefined && error.keyword !== 'required' && valueAt(data, field) === '';
    addMessage(result, field, empty ? { key: 'validation.required' } : messageOf(error));
  }
  return result;
}
