/**
 * A request schema (schemas/requests/*.json) → antd Form rules, through its precompiled validator
 * (`virtual:request-validator/<name>`): the browser checks with the server's rules and shows the
 * server's messages. One rule per field; the whole form's values are validated, so cross-field rules
 * (x-same-as) see the other field.
 */
import type { FormInstance, FormItemProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ValidationMessage } from '../../validation/messages';
import type { FieldErrors } from '../providers/api-error';
import { requestFieldMessage, type RequestSchema } from './request-validation';

type Translate = TFunction | ((key: string, params?: Record<string, unknown>) => string);

export function translateMessage(t: Translate, message: ValidationMessage): string {
  return t(message.key, message.params);
}

export function schemaRules(request: RequestSchema, field: string, t: Translate): Rule[] {
  const required = (request.schema.required ?? []).includes(field);
  return [
    ({ getFieldsValue }) => ({
      required,
      validator: (_rule, value: unknown) => {
        const message = requestFieldMessage(request, field, { ...(getFieldsValue(true) as Record<string, unknown>), [field]: value });
        return message ? Promise.reject(new Error(translateMessage(t, message))) : Promise.resolve();
      },
    }),
  ];
}

/** `rules` plus the fields this one depends on, so a confirmation re-checks when the password changes. */
export function schemaFieldProps(request: RequestSchema, field: string, t: Translate): Pick<FormItemProps, 'rules' | 'dependencies'> {
  const property = (request.schema.properties?.[field] ?? {}) as { 'x-same-as'?: string };
  const sibling = property['x-same-as'];
  return { rules: schemaRules(request, field, t), ...(sibling ? { dependencies: [sibling] } : {}) };
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
