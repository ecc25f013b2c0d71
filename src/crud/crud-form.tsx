/**
 * The create/edit form of any resource: RJSF with the antd theme over the resource's form schema
 * (src/crud/schemas.ts, an `$id` per mode), each property drawn by its field kind's widget
 * (src/fields/registry.ts), validated in the browser by the server's rules and messages
 * (src/crud/validator.ts), saved through Refine's `useForm` (core: RJSF holds the values, Refine the
 * mutation). The server's 422 field errors show under their fields (`extraErrors`); an update sends the
 * record's `version`: a stale one answers 409, and the form warns and takes in the latest version.
 *
 * A resource that declares `check` (resources/types.ts) has its form's data checked as it is filled in
 * (use-record-check.ts): the warnings show in an alert above the Save button, and a save that answers
 * warnings lists them in its notification (providers/notifications.ts).
 *
 * After a save Refine invalidates the resource's lists, records and reference labels: every mounted view
 * of it (lists, show pages, labels in other resources' lists) asks again and shows the new state.
 */
import Form from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import {
  englishStringTranslator,
  getDefaultFormState,
  TranslatableString,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidatorType,
} from '@rjsf/utils';
import { useForm, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readOnlyFormFields, withoutFields } from '../access/form-access';
import { refreshRightsAfterSave } from '../access/rights-refresh';
import { editFormNotifications, mutationNotifications } from '../providers/notifications';
import { useSession } from '../session/session-store';
import { fieldKindOf, rjsfWidgets } from '../fields/registry';
import { untranslatedLabel, useFieldLabel } from './field-value';
import { FormFiles } from './form-files';
import { useIdempotencyHeaders } from '../forms/idempotency-key';
import type { FormModalProps } from './form-modal-props';
import type { ResourceDefinition } from '../../resources';
import { useCrudRecord } from './load-record';
import { CheckWarnings } from './check-warnings';
import { ConflictClashes } from './conflict-clashes';
import { typeAheadInto } from './type-ahead';
import { namedButtonTemplates } from './form-buttons';
import { ListItemTemplate, ListTemplate } from './form-list';
import { useRecordCheck } from './use-record-check';
import type { PropertySchema } from '../../validation/prepare-schema';
import { formSchemaOf, idOf } from './schemas';
import { translateErrors, validatorFor } from './validator';
import './crud.css';

const widgets = rjsfWidgets();
const formTemplates = { ButtonTemplates: namedButtonTemplates, ArrayFieldTemplate: ListTemplate, ArrayFieldItemTemplate: ListItemTemplate };

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
  // ajv names a missing top-level field without the leading dot (`iban`), every other error with it (`.iban`).
  const concerns = (property: string | undefined) => {
    const path = property?.replace(/^\./, '') ?? '';
    return fields.some((field) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`));
  };
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

/**
 * A list of records in a form (a new document type's statuses): each item without a header of its own ("statuses-1"),
 * its fields labelled `<resource>.itemFields.<list>.<field>`; the fields the server gives and the member does not edit
 * (`readOnly`, e.g. a status's id) hidden, yet kept in the item, so an edit sends them back unchanged. Its add button
 * says what it adds, where the resource's texts have `<resource>.itemAdd.<list>` ("Add status"; form-list.tsx). A list of
 * single values labels each item `<resource>.itemTitle.<list>` ("Tag"), else by the list's own label.
 */
function itemFieldsUi(property: PropertySchema, labelOf: (name: string, item: PropertySchema) => string, addText: string, itemTitle: string): UiSchema {
  const items = property.items;
  // A list of single values (an order's tags): each item labelled by what it is ("Tag"), not "tags-1".
  if (items && !items.properties) return items.type === 'object' ? {} : { 'ui:options': { addText }, items: { 'ui:title': itemTitle } };
  if (!items?.properties) return {};
  const fields = Object.entries(items.properties).map(([name, item]): [string, UiSchema] => [
    name,
    item.readOnly === true ? { 'ui:widget': 'hidden' } : { 'ui:title': labelOf(name, item) },
  ]);
  return { 'ui:options': { addText }, items: { 'ui:label': false, ...Object.fromEntries(fields) } };
}

/** The server's per-field messages (Refine's `HttpError.errors`) as RJSF's error schema. */
export function toErrorSchema(fieldErrors: NonNullable<HttpError['errors']>): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    let node = schema;
    const parts = field.split('.').filter(Boolean);
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    const list = Array.isArray(messages) ? messages : [messages];
    node.__errors = list.map((message) => (typeof message === 'object' ? message.message : String(message)));
  }
  return schema as ErrorSchema;
}

type Row = Record<string, unknown>;

/**
 * Fields the path of an edit places the record by, which the edit therefore cannot change: read-only when editing.
 * `pathFields` (`/employees/{companyId}/update/{id}`: the record is looked for in that company) and the fields a
 * multipart resource's create path places it by (`{transport_id}` of `/transport/repairs/store/{transport_id}`).
 */
export function fixedByPath(resource: ResourceDefinition): string[] {
  const placed = Object.values(resource.pathFields ?? {});
  const { multipart } = resource;
  if (!multipart) return placed;
  const params = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const updatable = params(multipart.update.path);
  return [...placed, ...params(multipart.create.path).filter((param) => param !== 'id' && !updatable.includes(param))];
}

/**
 * An update's fields: every field of the form, those left empty sent as null, so the server clears them (an update
 * keeps the fields it is not sent; RJSF drops a field the member emptied). Write-only ones sent as null keep their
 * stored value (a member's password left blank); read-only ones are not sent at all.
 */
export function withClearedFields(schema: { properties: Record<string, unknown> }, data: Row, readOnly: readonly string[]): Row {
  const all: Row = { ...data };
  for (const field of Object.keys(schema.properties)) if (!readOnly.includes(field) && all[field] === undefined) all[field] = null;
  return all;
}

/** Whether the form's data differs from what it started with (fields left empty count as absent). */
export function changedSince(start: Row, now: Row): boolean {
  const filled = (data: Row) =>
    JSON.stringify(
      Object.entries(data)
        .filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
        .sort(([left], [right]) => left.localeCompare(right)),
    );
  return filled(start) !== filled(now);
}

/** The fields of `now` that differ from `start` (fields left empty count as absent, as in changedSince). */
export function changedFields(start: Row, now: Row): Row {
  const blank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  const changed: Row = {};
  for (const field of new Set([...Object.keys(start), ...Object.keys(now)])) {
    const [before, after] = [start[field], now[field]];
    if (blank(before) && blank(after)) continue;
    if (JSON.stringify(before) !== JSON.stringify(after)) changed[field] = after;
  }
  return changed;
}

/**
 * The server's field errors without those of the fields changed since they came: "already taken" under a
 * registration number the member has since corrected would stay until the next save otherwise.
 */
export function withoutEditedErrors(errors: ErrorSchema | undefined, sent: Row, now: Row): ErrorSchema | undefined {
  if (!errors) return errors;
  const edited = changedFields(sent, now);
  const kept = Object.entries(errors).filter(([field]) => !Object.hasOwn(edited, field));
  if (kept.length === Object.keys(errors).length) return errors;
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The first field a member can type into, in the form's order. */
const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])';

export function CrudForm({ resource, mode, record: given, params, onSaved, onClose, fields, onCancel, defaults, onDirtyChange, autoFocus }: FormModalProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(resource);
  const schema = formSchemaOf(resource, mode);
  const { user } = useSession();
  const readOnly = useMemo(
    () => [...readOnlyFormFields(resource, schema, user), ...(mode === 'edit' ? fixedByPath(resource) : [])],
    [resource, schema, user, mode],
  );
  const validator = useMemo(() => validatorWithout(validatorFor(schema), readOnly), [schema, readOnly]);
  // A new record needs a field this member may not enter (a bank account's IBAN without `sensitive.view`): said at
  // once, and Save is off, instead of a save the server would refuse.
  const withheld = mode === 'create' ? (schema.required ?? []).filter((field) => readOnly.includes(field) && (!fields || fields.includes(field))) : [];
  // The record being edited: the one handed in, replaced by the server's latest after a conflict (409).
  const [record, setRecord] = useState(given);
  // The defaults RJSF would fill in as it mounts (a 0 km distance, a switch off), filled in from the start: what the
  // form starts with is then what it shows, and only the user's own changes count as changes.
  const withDefaults = useCallback((data: Row) => getDefaultFormState(validator, schema as RJSFSchema, data) as Row, [validator, schema]);
  const [formData, setFormData] = useState<Row>(() =>
    withDefaults(mode === 'create' ? { ...initialFormData(schema, defaults), ...initialFormData(schema, given) } : initialFormData(schema, given)),
  );
  // What the form started with (or took in after a conflict): the dialog asks before throwing changes away.
  const [startData, setStartData] = useState<Row>(formData);
  const dirty = useMemo(() => changedSince(startData, formData), [startData, formData]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const formRef = useRef<CoreForm>(null);
  // After the dialog has put the focus on itself (its own effect runs first): a dialog opened to type into starts there.
  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => {
      const first = (formRef.current?.formElement.current as HTMLFormElement | null)?.querySelector<HTMLElement>(FIRST_FIELD);
      first?.focus();
      // What was typed while the dialog opened goes into it (form-modal.tsx started keeping it).
      typeAheadInto(first);
    });
    return () => clearTimeout(timer);
  }, [autoFocus]);
  const idPrefix = `${resource.name}-${mode}`;
  // A resource saved as a multipart form (`multipart`): the files picked for this save, and its upload's progress.
  const multipart = resource.multipart;
  const [picked, setPicked] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  // The values the server's field errors were about.
  const erroredValues = useRef<Row>({});
  const [conflict, setConflict] = useState(false);
  // The record was deleted meanwhile (a save answered 404): said in the form, whose input stays to be copied.
  const [gone, setGone] = useState(false);
  // After a 409: the moment since which a fresh answer of the record is awaited (null: none awaited).
  const [reloadSince, setReloadSince] = useState<number | null>(null);
  // The member's own changes when the save met a conflict: put back over the latest version, not lost to it.
  const [ownChanges, setOwnChanges] = useState<Row>({});
  // The fields both changed: this member's value is in the form, the other's is named beside the warning.
  const [clashes, setClashes] = useState<Array<{ field: string; theirs: unknown }>>([]);
  // The warnings sit by Save, where the member is looking, and scroll into view in a long dialog.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict || gone) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [conflict, gone, clashes]);
  const id = mode === 'edit' ? idOf(resource, given) : undefined;
  const invalidate = useInvalidate();
  // A create saved again with the same values (its answer lost on a bad line) is not stored twice; the files picked count too.
  const idempotency = useIdempotencyHeaders(multipart ? { formData, picked } : formData, mode === 'create');
  const { onFinish, mutation } = useForm<BaseRecord, HttpError, Row>({
    resource: resource.name,
    action: mode,
    id,
    meta: { params, record, ...(idempotency ? { headers: idempotency } : {}) },
    // The data provider reports a multipart save's upload here (a stable setter: no new hook options each render).
    ...(multipart ? { mutationMeta: { onProgress: setProgress } } : {}),
    redirect: false,
    invalidates: ['list', 'many', 'detail'],
    mutationMode: 'pessimistic',
    // The record at hand is edited (the list's row, the show page's record): nothing to fetch first.
    queryOptions: { enabled: false },
    ...(mode === 'edit' ? editFormNotifications : mutationNotifications),
  });
  const saving = mutation.isPending;
  // Checked only while what is filled in is valid (a field still empty is fine): the server would refuse it
  // with a 422 at every keystroke, and the form says what is wrong on save anyway.
  const checkable = useMemo(
    () => Boolean(resource.check) && validator.validateFormData(formData, schema as RJSFSchema).errors.every((error) => error.name === 'required'),
    [resource.check, validator, formData, schema],
  );
  const { warnings } = useRecordCheck(resource, formData, checkable);
  // The latest version after a conflict, through the same Refine queries as the show page (load-record.ts).
  const latest = useCrudRecord(resource, id ?? '', { params, record, enabled: reloadSince !== null });
  // Taken in while rendering (state that follows from what was rendered, as React advises); a failed
  // reload leaves the form as it is (the failure has been shown). An older answer still in the cache is
  // not the latest: the one asked for after the conflict is awaited.
  if (reloadSince !== null && latest.status !== 'loading') {
    if (latest.status !== 'ready') setReloadSince(null);
    else if (latest.record && latest.updatedAt >= reloadSince) {
      setRecord(latest.record);
      const latestData = withDefaults(initialFormData(schema, latest.record));
      const theirs = changedFields(startData, latestData);
      setClashes(Object.keys(ownChanges).flatMap((field) => (Object.hasOwn(theirs, field) ? [{ field, theirs: latestData[field] }] : [])));
      setFormData({ ...latestData, ...ownChanges });
      setStartData(latestData);
      setReloadSince(null);
    }
  }

  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = {};
    for (const [field, property] of Object.entries(schema.properties)) {
      const kind = fieldKindOf(property);
      ui[field] = {
        'ui:title': label(field),
        ...(kind.Widget ? { 'ui:widget': kind.name } : {}),
        ...(fields && !fields.includes(field) ? { 'ui:widget': 'hidden' } : {}),
        ...(readOnly.includes(field) ? { 'ui:readonly': true } : {}),
        ...itemFieldsUi(
          property,
          (name, item) => t(`${resource.name}.itemFields.${field}.${name}`, { defaultValue: untranslatedLabel(item, name) }),
          t(`${resource.name}.itemAdd.${field}`, { defaultValue: '' }),
          t(`${resource.name}.itemTitle.${field}`, { defaultValue: label(field) }),
        ),
      };
    }
    return ui;
  }, [schema, label, readOnly, fields, t, resource.name]);

  async function submit(values: Row) {
    const data = withoutFields(values, readOnly);
    setExtraErrors(undefined);
    setConflict(false);
    try {
      // An edit sends the fields the member emptied as null: the server keeps a field it is not sent.
      const body = mode === 'edit' ? withClearedFields(schema, data, readOnly) : data;
      const values = multipart ? { ...body, [multipart.filesProperty]: picked } : body;
      if (multipart && picked.length > 0) setProgress(0);
      const answer = await onFinish(mode === 'create' ? values : { ...values, version: record?.version });
      const saved = (answer?.data ?? {}) as Row;
      onSaved?.(saved);
      // The signed-in member changed their own record (rights, departments): the session follows.
      refreshRightsAfterSave(resource, saved);
      onClose();
    } catch (error) {
      setProgress(null);
      // The failure's message has been shown (mutationNotifications); here, what the form does about it.
      const { statusCode, errors } = (error ?? {}) as Partial<HttpError>;
      if (errors && Object.keys(errors).length > 0) {
        erroredValues.current = values;
        setExtraErrors(toErrorSchema(errors));
        // Where the server found the first problem, as the browser's own check does (focusOnFirstError below).
        const [first] = Object.keys(errors);
        requestAnimationFrame(() => formRef.current?.focusOnError({ property: `.${first}` } as RJSFValidationError));
      } else if (statusCode === 404 && mode === 'edit') {
        setGone(true);
        void invalidate({ resource: resource.name, invalidates: ['list', 'many'] });
      } else if (statusCode === 409 && mode === 'edit') {
        // Someone saved the record meanwhile: their version into the form (so the next save works), with this
        // member's own changes over it, and into every view of it.
        setConflict(true);
        setClashes([]);
        setOwnChanges(changedFields(startData, values));
        setReloadSince(Date.now());
        void invalidate({ resource: resource.name, id, invalidates: ['list', 'many', 'detail'] });
      }
    }
  }

  // Ours, not RJSF's own submit button: Save as the primary action, and Cancel beside it (the dialog asks
  // before it throws changes away: form-modal.tsx).
  const footer = (
    <>
      <CheckWarnings warnings={warnings} />
      <div ref={outcomeRef}>
        {gone && <Alert type="error" showIcon role="alert" data-testid="crud-gone" message={t('crud.deletedMeanwhile')} style={{ marginBottom: 16 }} />}
        {conflict && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="crud-conflict"
            message={t('crud.conflict')}
            description={clashes.length > 0 && <ConflictClashes resource={resource} clashes={clashes} label={label} />}
            style={{ marginBottom: 16 }}
          />
        )}
      </div>
      {multipart && (
        <FormFiles
          resource={{ ...resource, multipart }}
          record={mode === 'edit' ? record : undefined}
          picked={picked}
          onPicked={setPicked}
          onRecordChanged={setRecord}
          progress={progress}
          disabled={saving}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={withheld.length > 0 || gone} data-testid="crud-form-save">
          {t('crud.buttons.save')}
        </Button>
        <Button onClick={onCancel ?? onClose} data-testid="crud-form-cancel">
          {t('crud.buttons.cancel')}
        </Button>
      </Space>
    </>
  );

  return (
    <>
      {withheld.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="crud-form-withheld"
          message={t('crud.form.withheld', { fields: withheld.map((field) => label(field)).join(', ') })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        ref={formRef}
        schema={schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        formContext={{ formData }}
        widgets={widgets}
        templates={formTemplates}
        extraErrors={extraErrors}
        showErrorList={false}
        focusOnFirstError
        noHtml5Validate
        transformErrors={(errors) => translateErrors(errors, t)}
        translateString={(text, params) => (rjsfTexts[text] ? t(rjsfTexts[text]) : englishStringTranslator(text, params))}
        onChange={(event) => {
          const next = event.formData as Record<string, unknown>;
          setFormData(next);
          setExtraErrors((shown) => withoutEditedErrors(shown, erroredValues.current, next));
        }}
        onError={() => undefined}
        onSubmit={(event) => void submit(event.formData as Record<string, unknown>)}
        idPrefix={idPrefix}
        className="crud-form"
      >
        {footer}
      </Form>
    </>
  );
}
