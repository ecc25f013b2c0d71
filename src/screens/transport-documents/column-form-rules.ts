/** The rules of a column's form (schemas/transport-document-group.json): checked in the browser, said in the member's language. */
import type { HttpError } from '@refinedev/core';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';

export const nameLength = { min: 3, max: 20 };
export const warningDaysRange = { min: 1, max: 365 };

export function nameRules(t: TFunction): FormRule[] {
  const message = t('transportDocuments.settings.nameLength', nameLength);
  return [
    { required: true, whitespace: true, message },
    { min: nameLength.min, max: nameLength.max, message },
  ];
}

export function warningDaysRules(t: TFunction): FormRule[] {
  return [{ required: true, type: 'integer', ...warningDaysRange, message: t('transportDocuments.settings.warningDaysRange', warningDaysRange) }];
}

/** The server's 422 messages (already in the member's language) under the form's own fields. */
export function showFieldErrors(form: FormInstance, error: HttpError | undefined, fields: string[]) {
  const errors = error?.statusCode === 422 ? (error.errors ?? {}) : {};
  form.setFields(
    Object.entries(errors)
      .filter(([field]) => fields.includes(field))
      .map(([field, messages]) => ({ name: field, errors: ([] as string[]).concat(messages as string | string[]) })),
  );
}
