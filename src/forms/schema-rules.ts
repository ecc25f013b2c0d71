/**
 * JSON Schema (schemas/requests/*.json) → antd Form rules, through the shared `checkField` of
 * validation/field-checks.ts: the browser checks with the server's rules and shows the server's messages.
 * One validator per field; the whole form's values go along for cross-field rules (x-same-as).
 */
import type { FormInstance, FormItemProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { checkField } from '../../validation/field-checks';
import type { ValidationMessage } from '../../validation/messages';
import type { ObjectSchema } from '../../validation/normalize-body';
import type { FieldErrors } from '../providers/api-error';

type Translate = TFunction | ((key: string, params?: Record<string, unknown>) => string);

export function translateMessage(t: Translate, message: ValidationMessage): string {
  return t(message.key, message.params);
}

export function schemaRules(schema: ObjectSchema, field: string, t: Translate): Rule[] {
  const required = (schema.required ?? []).includes(field);
  return [
    ({ getFieldsValue }) => ({
      required,
      validator: (_rule, value) => {
        const message = checkField(schema, field, value, getFieldsValue(true) as Record<string, unknown>);
        return message ? Promise.reject(new Error(translateMessage(t, message))) : Promise.resolve();
      },
    }),
  ];
}

/** `rules` plus the fields this one depends on, so a confirmation re-checks when the password changes. */
export function schemaFieldProps(schema: ObjectSchema, field: string, t: Translate): Pick<FormItemProps, 'rules' | 'dependencies'> {
  const property = (schema.properties?.[field] ?? {}) as { 'x-same-as'?: string };
  const sibling = property['x-same-as'];
  return { rules: schemaRules(schema, field, t), ...(sibling ? { dependencies: [sibling] } : {}) };
}

/**
 * Puts a 422 answer's field errors under the form's fields; returns the messages of fields the form
 * does not show (for example the reset token), so the caller can show them elsewhere.
 */
export function applyServerFieldErrors(form: FormInstance, fieldErrors: FieldErrors, fieldNames: readonly string[]): string[] {
  const shown = Object.entries(fieldErrors).filter(([name]) => fieldNames.includes(name));
  form.setFields(shown.map(([name, errors]) => ({ name, errors })));
  return Object.entries(fieldErrors)
    .filter(([name]) => !fieldNames.includes(name))
    .flatMap(([, errors]) => errors);
}
