/**
 * Turns ajv's errors into per-field messages (`validation.*` keys with parameters), so the server's
 * 422 answer and the forms show the same words for the same rule.
 */
import type { ErrorObject } from 'ajv';
import { addMessage, type FieldMessages, type ValidationMessage } from './messages';

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
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
    case 'format':
      return { key: `validation.format.${String(params.format)}` };
    case 'type':
      return { key: `validation.type.${String(params.type).split(',')[0]}` };
    case 'additionalProperties':
      return { key: 'validation.notAllowed' };
    case 'enum':
      return { key: 'validation.enum' };
    case 'x-same-as':
      return { key: 'validation.sameAs' };
    default:
      return { key: 'validation.invalid' };
  }
}

export function toFieldMessages(errors: ErrorObject[] | null | undefined): FieldMessages {
  const result: FieldMessages = {};
  for (const error of errors ?? []) addMessage(result, fieldOf(error), messageOf(error));
  return result;
}
