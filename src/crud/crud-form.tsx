/**
 * The create/edit form of any resource: RJSF with the antd theme over the resource's form schema
 * (src/crud/schemas.ts, an `$id` per mode), each property drawn by its field kind's widget
 * (src/fields/registry.ts), validated in the browser by the server's rules and messages
 * (src/crud/validator.ts). The server's 422 field errors show under their fields (`extraErrors`); an
 * update sends the record's `version` (a stale one answers 409 with a message toast).
 */
import Form from '@rjsf/antd';
import { englishStringTranslator, TranslatableString, type ErrorSchema, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { Alert } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readOnlyFormFields, withoutFields } from '../access/form-access';
import { refreshRightsAfterSave } from '../access/rights-refresh';
import { isApiError } from '../providers/api-error';
import { useSession } from '../session/session-store';
import { dataProvider } from '../providers/data-provider';
import { fieldKindOf, rjsfWidgets } from '../fields/registry';
import { useFieldLabel } from './field-value';
import type { FormModalProps } from './form-modal';
import { loadRecord } from './load-record';
import { formSchemaOf, idOf } from './schemas';
import { translateErrors, validatorFor } from './validator';
import './crud.css';

const widgets = rjsfWidgets();

/** RJSF's own texts (array buttons) that a form of ours can show; the rest stay RJSF's English. */
const rjsfTexts: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddButton]: 'crud.form.add',
  [TranslatableString.AddItemButton]: 'crud.form.addItem',
  [TranslatableString.RemoveButton]: 'crud.form.remove',
  [TranslatableString.MoveUpButton]: 'crud.form.moveUp',
  [TranslatableString.MoveDownButton]: 'crud.form.moveDown',
  [TranslatableString.CopyButton]: 'crud.form.copy',
};

/**
 * The form's validator, blind to the fields the member may not change: a masked sensitive value
 * ("••••1234") would fail its format (or "required", once left out), and it is not sent anyway.
 */
export function validatorWithout(validator: ValidatorType, fields: readonly string[]): ValidatorType {
  if (fields.length === 0) return validator;
  const concerns = (property: string | undefined) =>
    fields.some((field) => property === `.${field}` || property?.startsWith(`.${field}.`) || property?.startsWith(`.${field}[`));
  const blind = Object.create(validator) as ValidatorType;
  blind.validateFormData = (...args) => {
    const result = validator.validateFormData(...args);
    const errorSchema = { ...result.errorSchema } as Record<string, unknown>;
    for (const field of fields) delete errorSchema[field];
    return { errors: result.errors.filter((error) => !concerns(error.property)), errorSchema: errorSchema as typeof result.errorSchema };
  };
  return blind;
}

/** The form's fields of a record, without nulls (a cleared optional field is simply absent). */
export function initialFormData(schema: { properties: Record<string, unknown> }, record: Record<string, unknown> | undefined) {
  if (!record) return {};
  return Object.fromEntries(
    Object.keys(schema.properties)
      .filter((field) => record[field] !== null && record[field] !== undefined)
      .map((field) => [field, record[field]]),
  );
}

/** The server's per-field messages as RJSF's error schema. */
export function toErrorSchema(fieldErrors: Record<string, string[]>): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    let node = schema;
    const parts = field.split('.').filter(Boolean);
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = messages;
  }
  return schema as ErrorSchema;
}

export function CrudForm({ resource, mode, record: given, params, onSaved, onClose }: FormModalProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(resource);
  const schema = formSchemaOf(resource, mode);
  const { user } = useSession();
  const readOnly = useMemo(() => readOnlyFormFields(resource, schema, user), [resource, schema, user]);
  const validator = useMemo(() => validatorWithout(validatorFor(schema), readOnly), [schema, readOnly]);
  // The record being edited: the one handed in, replaced by the server's latest after a conflict (409).
  const [record, setRecord] = useState(given);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => initialFormData(schema, given));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);

  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = {
      'ui:submitButtonOptions': { submitText: t('crud.buttons.save'), props: { disabled: saving } },
    };
    for (const [field, property] of Object.entries(schema.properties)) {
      const kind = fieldKindOf(property);
      ui[field] = {
        'ui:title': label(field),
        ...(kind.Widget ? { 'ui:widget': kind.name } : {}),
        ...(readOnly.includes(field) ? { 'ui:readonly': true } : {}),
      };
    }
    return ui;
  }, [schema, label, t, saving, readOnly]);

  /** After a 409 (someone saved the record meanwhile): the latest version into the form, so the next save works. */
  async function reloadAfterConflict() {
    setConflict(true);
    try {
      const latest = await loadRecord(resource, idOf(resource, record) ?? '', { params, record });
      setRecord(latest);
      setFormData(initialFormData(schema, latest));
    } catch {
      // the data provider has shown the server's message; the form keeps what it has
    }
  }

  async function submit(given: Record<string, unknown>) {
    const data = withoutFields(given, readOnly);
    setSaving(true);
    setExtraErrors(undefined);
    setConflict(false);
    try {
      const meta = { params, record };
      const answer =
        mode === 'create'
          ? await dataProvider.create({ resource: resource.name, variables: data, meta })
          : await dataProvider.update({ resource: resource.name, id: idOf(resource, record) ?? '', variables: { ...data, version: record?.version }, meta });
      onSaved?.(answer.data as Record<string, unknown>);
      // The signed-in member changed their own record (rights, departments): the session follows.
      refreshRightsAfterSave(resource, answer.data as Record<string, unknown>);
      onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setExtraErrors(toErrorSchema(error.fieldErrors));
      else if (isApiError(error) && error.status === 409 && mode === 'edit') await reloadAfterConflict();
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {conflict && <Alert type="warning" showIcon role="alert" data-testid="crud-conflict" message={t('crud.conflict')} style={{ marginBottom: 16 }} />}
      <Form
        schema={schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        formContext={{ formData }}
        widgets={widgets}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        transformErrors={(errors) => translateErrors(errors, t)}
        translateString={(text, params) => (rjsfTexts[text] ? t(rjsfTexts[text]) : englishStringTranslator(text, params))}
        onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
        onError={() => undefined}
        onSubmit={(event) => void submit(event.formData as Record<string, unknown>)}
        idPrefix={`${resource.name}-${mode}`}
        className="crud-form"
      />
    </>
  );
}
