/**
 * RJSF's ajv validator set up like the server's (validation/create-ajv.ts): strict mode, all errors, our
 * formats and the whole annotation vocabulary, so a misspelt keyword fails here too, not silently. Errors
 * become the same `validation.*` messages the server sends (validation/field-errors.ts).
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import type { TFunction } from 'i18next';
import { messageOf } from '../../validation/field-errors';
import { formats } from '../../validation/formats';
import { vocabulary } from '../../validation/vocabulary';

export const validator = customizeValidator({
  ajvOptionsOverrides: { strict: true, allErrors: true, coerceTypes: false, useDefaults: false },
  ajvFormatOptions: false,
  extenderFn: (ajv) => {
    for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate: check });
    for (const keyword of vocabulary) ajv.addKeyword(keyword);
    return ajv;
  },
});

/** RJSF's errors with our translated messages (RJSF's `transformErrors`). */
export function translateErrors(errors: RJSFValidationError[], t: TFunction): RJSFValidationError[] {
  return errors.map((error) => {
    const message = messageOf({ keyword: error.name ?? '', params: error.params ?? {}, instancePath: '', schemaPath: error.schemaPath ?? '' } as ErrorObject);
    const text = t(message.key, { ...(message.params ?? {}), defaultValue: error.message ?? message.key });
    return { ...error, message: text, stack: `${error.property ?? ''} ${text}`.trim() };
  });
}
