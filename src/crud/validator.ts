/**
 * The forms' validators: RJSF's precompiled ajv validators, generated at build time from the registry's
 * form schemas (src/crud/precompile/: strict mode, our formats, the whole vocabulary), so the browser
 * validates with the server's rules without ajv's run-time `new Function`, which the Content Security
 * Policy forbids. Errors become the `validation.*` messages the server sends (validation/field-errors.ts).
 */
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import type { TFunction } from 'i18next';
import { validateFns } from 'virtual:form-validators';
import { messageOf, withoutLooserBounds } from '../../validation/field-errors';
import { canonicalText } from '../../validation/normalize-body';
import type { EntitySchema } from '../../validation/prepare-schema';

const validators = new Map<string, ValidatorType>();

/** The validator of a form schema (by its `$id`; each derived form schema has its own). */
export function validatorFor(schema: EntitySchema): ValidatorType {
  let validator = validators.get(schema.$id);
  if (!validator) {
    if (!validateFns[schema.$id]) throw new Error(`No precompiled validator for the form schema "${schema.$id}": rebuild the app`);
    validator = createPrecompiledValidator(validateFns, schema as RJSFSchema);
    // The values checked as the server will store them: " AB123456 " is the passport number AB123456 there
    // (validation/normalize-body.ts), so the form does not refuse what the server takes.
    const validate = validator.validateFormData.bind(validator);
    validator.validateFormData = (formData, ...rest) =>
      validate(
        formData !== null && typeof formData === 'object' && !Array.isArray(formData) ? canonicalText(schema, formData as Record<string, unknown>) : formData,
        ...rest,
      );
    validators.set(schema.$id, validator);
  }
  return validator;
}

/** RJSF's errors with our translated messages (RJSF's `transformErrors`). */
export function translateErrors(errors: RJSFValidationError[], t: TFunction): RJSFValidationError[] {
  const said = withoutLooserBounds(
    errors,
    (error) => error.name ?? '',
    (error) => error.property ?? '',
  );
  return said.map((error) => {
    const message = messageOf({
      keyword: error.name ?? '',
      params: (error.params ?? {}) as Record<string, unknown>,
      instancePath: '',
      schemaPath: error.schemaPath ?? '',
    } as ErrorObject);
    const text = t(message.key, { ...(message.params ?? {}), defaultValue: error.message ?? message.key });
    return { ...error, message: text, stack: `${error.property ?? ''} ${text}`.trim() };
  });
}

/**
 * A hand-written editor's values checked by the resource's form schema, with the same validator and
 * messages as the forms: `{ name: 'This field is required' }`, empty when they pass. For editors that are
 * not RJSF forms (a table of statuses edited in place).
 */
export function formErrorsOf(schema: EntitySchema, values: Record<string, unknown>, t: TFunction): Record<string, string> {
  const { errors } = validatorFor(schema).validateFormData(values, schema as RJSFSchema);
  const result: Record<string, string> = {};
  for (const error of translateErrors(errors, t)) {
    const field = (error.property ?? '').replace(/^\./, '').split('.')[0];
    if (field && !(field in result)) result[field] = error.message ?? '';
  }
  return result;
}
