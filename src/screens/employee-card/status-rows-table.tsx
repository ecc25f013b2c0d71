/**
 * The status rows of one employee document, edited in place (SPEC §2, §3, §5): status (one of the
 * document type's), number, date from, date up to, comment, relevant, who made and changed the row and
 * when. One row is edited at a time; its values are checked by the status schema with the forms'
 * validator and messages (the start not later than today, not after the end). Adding a row while the one
 * being edited is invalid warns "The table has incorrect entered data!" and shows what is wrong; a valid
 * one is saved first. The relevant row is highlighted; choosing another makes it the relevant one (the
 * server clears the others).
 */
import { CloseOutlined, EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Input, Radio, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { useFieldLabel, ValueOfField } from '../../crud/field-value';
import { formSchemaOf } from '../../crud/schemas';
import { formErrorsOf } from '../../crud/validator';
import { dateFormat, useCalendarDay } from '../../fields/date/calendar-day';
import { localToday } from '../../fields/date/expiry';
import type { EmployeeDocument, StatusRow } from './use-employee-documents';
import { useDocumentActions } from './use-document-actions';
import { ConfirmDelete } from '../../crud/confirm-delete';

type Values = Record<string, unknown>;
type Draft = { id: number | 'new'; values: Values };

const editedFields = ['status', 'number', 'dateFrom', 'dateUpTo', 'comment', 'relevant'] as const;

/** What the form sends: the edited fields, blanks left out (a cleared optional field is removed). */
function cleaned(values: Values): Values {
  const result: Values = {};
  for (const field of editedFields) if (values[field] !== undefined && values[field] !== '') result[field] = values[field];
  return result;
}

/** What an edit sends: the same, with a field the member cleared sent as null, so the server clears it too. */
function withCleared(values: Values): Values {
  const result = cleaned(values);
  for (const field of editedFields) if (!(field in result)) result[field] = null;
  return result;
}

export function StatusRowsTable({ document, employeeId }: { document: EmployeeDocument; employeeId: string }) {
  const { t, i18n } = useTranslation();
  const day = useCalendarDay();
  const resource = resourceByName('employee-document-statuses');
  const label = useFieldLabel(resource);
  const access = useAccess();
  const actions = useDocumentActions(employeeId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [incorrect, setIncorrect] = useState(false);
  const statuses = (document.document_type?.statuses ?? []).filter((status): status is { id: number; name: string } => typeof status.id === 'number');
  const canEdit = access.can('employee-documents', 'edit');
  const canCreate = access.can('employee-documents', 'create');
  const canDelete = access.can('employee-documents', 'delete');
  const check = (values: Values) => formErrorsOf(formSchemaOf(resource, 'create'), cleaned(values), t);
  const box = useRef<HTMLDivElement>(null);
  // Once a row's Save or Cancel has gone with its editing, the keyboard's place is the row's Edit (a new row's, once it
  // is listed; else the add button), not the page's start: once the editing has gone and that button is enabled again.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current || draft !== null) return;
    const target =
      box.current?.querySelector<HTMLElement>(`[data-testid="${focusAfter.current}"]`) ??
      box.current?.querySelector<HTMLElement>(`[data-testid="status-row-add-${document.id}"]`);
    focusAfter.current = null;
    const lost = window.document.activeElement === null || window.document.activeElement === window.document.body;
    if (target && lost) target.focus();
  }, [draft, document.id]);
  const newRowId = useRef<number | null>(null);
  const closeDraft = () => {
    const savedNew = draft?.id === 'new' ? newRowId.current : null;
    newRowId.current = null;
    if (draft)
      focusAfter.current =
        draft.id !== 'new' ? `status-row-edit-${draft.id}` : savedNew !== null ? `status-row-edit-${savedNew}` : `status-row-add-${document.id}`;
    setDraft(null);
  };

  function change(field: string, value: unknown) {
    if (!draft) return;
    const values = { ...draft.values, [field]: value };
    setDraft({ ...draft, values });
    // Once shown, the messages follow the values as they are typed.
    if (Object.keys(errors).length > 0 || incorrect) {
      const next = check(values);
      setErrors(next);
      if (Object.keys(next).length === 0) setIncorrect(false);
    }
  }

  /** Saves the row being edited; false when it is invalid or the server refused it. */
  async function save(): Promise<boolean> {
    if (!draft) return true;
    const found = check(draft.values);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      if (draft.id === 'new') {
        const created = await actions.addRow(document.id, cleaned(draft.values));
        // The new row's Edit, once it is listed (its add button until then).
        if (typeof created?.id === 'number') newRowId.current = created.id;
      } else {
        const row = document.statuses.find((candidate) => candidate.id === draft.id);
        await actions.updateRow(document.id, draft.id, { ...withCleared(draft.values), version: row?.version });
      }
      closeDraft();
      setIncorrect(false);
      return true;
    } catch (error) {
      const fieldErrors = (error as { errors?: Record<string, unknown> }).errors ?? {};
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, String(Array.isArray(messages) ? messages[0] : messages)])));
      return false;
    }
  }

  async function addRow() {
    if (draft) {
      if (Object.keys(check(draft.values)).length > 0) {
        setErrors(check(draft.values));
        setIncorrect(true);
        return;
      }
      if (!(await save())) return;
    }
    setErrors({});
    setDraft({ id: 'new', values: { status: statuses[0]?.id, dateFrom: localToday(), relevant: document.statuses.length === 0 } });
  }

  const editing = (row: StatusRow | 'new') => draft !== null && draft.id === (row === 'new' ? 'new' : row.id);
  const cell = (field: string, input: ReactNode) => (
    <div className="status-rows__cell">
      {input}
      {errors[field] && (
        <Typography.Text type="danger" className="status-rows__error" data-testid={`status-row-error-${field}`}>
          {errors[field]}
        </Typography.Text>
      )}
    </div>
  );
  const dateInput = (field: string) => {
    const value = draft?.values[field];
    const parsed = typeof value === 'string' && value ? dayjs(value, dateFormat) : null;
    return cell(
      field,
      <DatePicker
        value={parsed?.isValid() ? parsed : null}
        // Shown as the member's language writes days, typed that way or as 2030-12-01, picked; sent as YYYY-MM-DD.
        format={day.picker}
        placeholder={t('fields.date.placeholder')}
        status={errors[field] ? 'error' : undefined}
        aria-label={label(field)}
        onChange={(date) => change(field, date ? date.format(dateFormat) : undefined)}
        data-testid={`status-row-${field}`}
      />,
    );
  };
  const stamp = (name: string | null, at: string) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      {name ?? '—'}
      <br />
      <Typography.Text type="secondary">
        {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))}
      </Typography.Text>
    </span>
  );

  type Shown = StatusRow | { id: 'new' };
  const isNew = (row: Shown): row is { id: 'new' } => row.id === 'new';
  const columns: ColumnsType<Shown> = [
    {
      key: 'status',
      title: label('status'),
      render: (_, row) =>
        editing(isNew(row) ? 'new' : row)
          ? cell(
              'status',
              <Select
                value={draft?.values.status as number | undefined}
                options={statuses.map((status) => ({ value: status.id, label: status.name }))}
                onChange={(value) => change('status', value)}
                aria-label={label('status')}
                style={{ minWidth: 140 }}
                status={errors.status ? 'error' : undefined}
                data-testid="status-row-status"
              />,
            )
          : (statuses.find((status) => !isNew(row) && status.id === row.status)?.name ?? '—'),
    },
    ...(['number', 'dateFrom', 'dateUpTo', 'comment'] as const).map((field) => ({
      key: field,
      title: label(field),
      render: (_: unknown, row: Shown) =>
        editing(isNew(row) ? 'new' : row) ? (
          field === 'dateFrom' || field === 'dateUpTo' ? (
            dateInput(field)
          ) : (
            cell(
              field,
              <Input
                value={(draft?.values[field] as string | undefined) ?? ''}
                status={errors[field] ? 'error' : undefined}
                aria-label={label(field)}
                onChange={(event) => change(field, event.target.value)}
                onPressEnter={() => void save()}
                data-testid={`status-row-${field}`}
              />,
            )
          )
        ) : isNew(row) ? null : field === 'comment' ? (
          // Wrapped within a bounded width: a long comment would otherwise push Relevant and the actions out of view.
          <div className="status-rows__comment" data-testid={`status-row-comment-${row.id}`}>
            <ValueOfField resource={resource} field={field} value={row[field]} />
          </div>
        ) : (
          <ValueOfField resource={resource} field={field} value={row[field]} />
        ),
    })),
    {
      key: 'relevant',
      title: label('relevant'),
      render: (_, row) =>
        editing(isNew(row) ? 'new' : row) ? (
          <Switch
            checked={draft?.values.relevant === true}
            onChange={(checked) => change('relevant', checked)}
            aria-label={label('relevant')}
            data-testid="status-row-relevant"
          />
        ) : isNew(row) ? null : (
          <Radio
            checked={row.relevant === true}
            disabled={!canEdit || actions.busy}
            aria-label={t('employeeCard.documents.makeRelevant')}
            onChange={() => void actions.updateRow(document.id, row.id, { relevant: true, version: row.version }).catch(() => undefined)}
            data-testid={`status-row-make-relevant-${row.id}`}
          >
            {row.relevant === true ? t('employeeCard.documents.relevant') : t('employeeCard.documents.irrelevant')}
          </Radio>
        ),
    },
    { key: 'created', title: t('employeeCard.documents.created'), render: (_, row) => (isNew(row) ? null : stamp(row.created_by_name, row.created_at)) },
    { key: 'updated', title: t('employeeCard.documents.modified'), render: (_, row) => (isNew(row) ? null : stamp(row.updated_by_name, row.updated_at)) },
    {
      key: 'actions',
      title: t('crud.columns.actions'),
      // Kept in view while the row's inputs make the table scroll sideways: a new row's Save must be seen.
      fixed: 'right',
      render: (_, row) =>
        editing(isNew(row) ? 'new' : row) ? (
          <Space size="small">
            <Tooltip title={t('crud.buttons.save')}>
              <Button
                size="small"
                type="primary"
                icon={<SaveOutlined />}
                aria-label={t('crud.buttons.save')}
                loading={actions.busy}
                onClick={() => void save()}
                data-testid="status-row-save"
              />
            </Tooltip>
            <Tooltip title={t('crud.buttons.cancel')}>
              <Button
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('crud.buttons.cancel')}
                onClick={() => {
                  closeDraft();
                  setErrors({});
                  setIncorrect(false);
                }}
                data-testid="status-row-cancel"
              />
            </Tooltip>
          </Space>
        ) : isNew(row) ? null : (
          <Space size="small">
            {canEdit && (
              <Tooltip title={t('crud.buttons.edit')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('crud.buttons.edit')}
                  disabled={draft !== null}
                  onClick={() => setDraft({ id: row.id, values: Object.fromEntries(editedFields.map((field) => [field, row[field]])) })}
                  data-testid={`status-row-edit-${row.id}`}
                />
              </Tooltip>
            )}
            {canDelete && (
              <ConfirmDelete
                testId={`status-row-delete-${row.id}`}
                size="small"
                iconOnly
                onConfirm={() => actions.removeRow(document.id, row.id).catch(() => undefined)}
              />
            )}
          </Space>
        ),
    },
  ];

  const rows: Shown[] = draft?.id === 'new' ? [...document.statuses, { id: 'new' }] : document.statuses;
  return (
    <div data-testid={`status-rows-${document.id}`} ref={box}>
      {incorrect && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={t('employeeCard.documents.incorrectData')}
          style={{ marginBottom: 8 }}
          data-testid="status-rows-incorrect"
        />
      )}
      <Table<Shown>
        rowKey={(row) => String(row.id)}
        columns={columns}
        dataSource={rows}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (!isNew(row) && row.relevant === true ? 'employee-card__relevant-row' : '')}
        locale={{ emptyText: t('employeeCard.documents.noRows') }}
      />
      {canCreate && (
        <Button
          id={`status-row-add-${document.id}`}
          icon={<PlusOutlined />}
          onClick={() => void addRow()}
          style={{ marginTop: 8 }}
          data-testid={`status-row-add-${document.id}`}
        >
          {t('employeeCard.documents.addStatus')}
        </Button>
      )}
    </div>
  );
}
