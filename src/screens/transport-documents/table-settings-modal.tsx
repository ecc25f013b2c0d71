/**
 * "Table settings" of the transport list: which document columns show (remembered in this browser,
 * column-visibility.ts), a column added, renamed or given other warning days, a column deleted after a
 * confirmation saying it removes that document from every vehicle (SPEC §4), whether every vehicle needs the
 * document (`mandatory`: a new column is, unless unticked; an optional one marks no vehicle as missing it), and the
 * "show start date"
 * switch, which the server sets on every column at once. Columns change through Refine's data hooks on
 * `transport-document-groups`; the cells are asked for again after each change.
 */
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Checkbox, Divider, Empty, Form, Input, InputNumber, Modal, Space, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { discardQuestion } from '../../forms/discard-question';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { ConfirmDelete } from '../../crud/confirm-delete';
import { mutationNotifications } from '../../providers/notifications';
import { defaultWarningDays } from './cell-rules';
import { nameRules, showFieldErrors, warningDaysRules } from './column-form-rules';
import type { DocumentColumn } from './types';
import { useRefreshCells, useShowStartDate } from './use-document-cells';
import { useDecimalInput } from '../../fields/number/decimal-input';

const resource = 'transport-document-groups';

interface ColumnValues {
  name: string;
  warning_days: number;
  mandatory: boolean;
}

/** Refusals of a field go under it: no toast for them. */
const notifications = {
  successNotification: mutationNotifications.successNotification,
  errorNotification: (error?: HttpError) => (error?.statusCode === 422 ? false : mutationNotifications.errorNotification(error)),
};

/** Which of the dialog's forms hold typed changes not saved yet: closing it then asks first. */
type MarkUnsaved = (form: string, unsaved: boolean) => void;

/** On a phone the heads above the rows are gone (transport-documents.css): the checkbox says what it is itself. */
function MandatoryOnPhone() {
  const { t } = useTranslation();
  return <span className="transport-documents__settings-phone-label">{t('transportDocuments.settings.mandatory')}</span>;
}

function ColumnRow({
  column,
  visible,
  onVisible,
  markUnsaved,
}: {
  column: DocumentColumn;
  visible: boolean;
  onVisible: (visible: boolean) => void;
  markUnsaved: MarkUnsaved;
}) {
  const { t } = useTranslation();
  const decimal = useDecimalInput();
  const access = useAccess();
  const [form] = Form.useForm<ColumnValues>();
  const { mutate: update, mutation: updating } = useUpdate();
  const { mutate: remove } = useDelete();
  const refreshCells = useRefreshCells();
  const initial = { name: column.name, warning_days: column.warning_days ?? defaultWarningDays, mandatory: column.mandatory !== false };
  // Renamed (here or by someone else, once the list is asked again): the stored values.
  useEffect(
    () => form.setFieldsValue({ name: column.name, warning_days: column.warning_days ?? defaultWarningDays, mandatory: column.mandatory !== false }),
    [form, column.version, column.name, column.warning_days, column.mandatory],
  );

  function rename(values: ColumnValues) {
    update(
      { resource, id: column.id, values: { ...values, version: column.version }, ...notifications },
      {
        onSuccess: () => {
          markUnsaved(`column-${column.id}`, false);
          void refreshCells();
        },
        onError: (error) => showFieldErrors(form, error, ['name', 'warning_days', 'mandatory']),
      },
    );
  }

  return (
    // Named per column: each row's fields get ids of their own (four rows shared id="name" before).
    <Form<ColumnValues>
      form={form}
      name={`column-${column.id}`}
      initialValues={initial}
      onFinish={rename}
      // Unsaved only while it differs from what is stored: typed and typed back, closing asks nothing.
      onValuesChange={(_changed, values) => markUnsaved(`column-${column.id}`, differsFrom(initial, values))}
      className="transport-documents__settings-row"
      data-testid={`documents-column-${column.id}`}
    >
      <Checkbox
        checked={visible}
        onChange={(event) => onVisible(event.target.checked)}
        aria-label={t('transportDocuments.settings.showColumn', { name: column.name })}
        style={{ paddingTop: 5 }}
        data-testid={`documents-column-visible-${column.id}`}
      />
      <Form.Item name="name" rules={nameRules(t)} style={{ flex: '1 1 160px' }}>
        <Input
          aria-label={t('transport-document-groups.fields.name')}
          disabled={!access.can(resource, 'edit')}
          data-testid={`documents-column-name-${column.id}`}
        />
      </Form.Item>
      <Form.Item name="warning_days" rules={warningDaysRules(t)}>
        <InputNumber
          {...decimal}
          aria-label={t('transport-document-groups.fields.warning_days')}
          suffix={t('transportDocuments.settings.days')}
          style={{ width: 150 }}
          disabled={!access.can(resource, 'edit')}
          data-testid={`documents-column-days-${column.id}`}
        />
      </Form.Item>
      <Form.Item name="mandatory" valuePropName="checked" className="transport-documents__settings-mandatory">
        <Checkbox
          aria-label={t('transport-document-groups.fields.mandatory')}
          disabled={!access.can(resource, 'edit')}
          data-testid={`documents-column-mandatory-${column.id}`}
        >
          <MandatoryOnPhone />
        </Checkbox>
      </Form.Item>
      {access.can(resource, 'edit') && (
        <Tooltip title={t('crud.buttons.save')}>
          <Button
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={updating.isPending}
            aria-label={t('crud.buttons.save')}
            data-testid={`documents-column-save-${column.id}`}
          />
        </Tooltip>
      )}
      {access.can(resource, 'delete') && (
        // The shared question: the keyboard goes into it (Cancel first), and Escape closes it alone, not the dialog.
        <ConfirmDelete
          testId={`documents-column-delete-${column.id}`}
          confirmTestId="documents-column-delete-confirm"
          iconOnly
          title={t('transportDocuments.settings.deleteTitle', { name: column.name })}
          description={t('transportDocuments.settings.deleteDescription')}
          onConfirm={() => remove({ resource, id: column.id, ...mutationNotifications }, { onSuccess: () => void refreshCells() })}
        />
      )}
    </Form>
  );
}

function AddColumn({ markUnsaved }: { markUnsaved: MarkUnsaved }) {
  const { t } = useTranslation();
  const decimal = useDecimalInput();
  const [form] = Form.useForm<ColumnValues>();
  const { mutate: create, mutation } = useCreate();
  const refreshCells = useRefreshCells();
  function add(values: ColumnValues) {
    create(
      { resource, values, ...notifications },
      {
        onSuccess: () => {
          form.resetFields();
          markUnsaved('new-column', false);
          void refreshCells();
        },
        onError: (error) => showFieldErrors(form, error, ['name', 'warning_days', 'mandatory']),
      },
    );
  }
  return (
    <Form<ColumnValues>
      form={form}
      name="new-column"
      initialValues={{ name: '', warning_days: defaultWarningDays, mandatory: true }}
      onFinish={add}
      onValuesChange={(_changed, values) => markUnsaved('new-column', Boolean(values.name?.trim()))}
      className="transport-documents__settings-row"
      data-testid="documents-column-add-form"
    >
      <Form.Item name="name" rules={nameRules(t)} style={{ flex: '1 1 160px' }}>
        <Input
          placeholder={t('transportDocuments.settings.newName')}
          aria-label={t('transportDocuments.settings.newName')}
          data-testid="documents-column-new-name"
        />
      </Form.Item>
      <Form.Item name="warning_days" rules={warningDaysRules(t)}>
        <InputNumber
          {...decimal}
          aria-label={t('transport-document-groups.fields.warning_days')}
          suffix={t('transportDocuments.settings.days')}
          style={{ width: 150 }}
          data-testid="documents-column-new-days"
        />
      </Form.Item>
      {/* No heads above the new column's row: its checkbox says what it is at every width. */}
      <Form.Item name="mandatory" valuePropName="checked">
        <Checkbox aria-label={t('transport-document-groups.fields.mandatory')} data-testid="documents-column-new-mandatory">
          {t('transportDocuments.settings.mandatory')}
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={mutation.isPending} data-testid="documents-column-add">
        {t('transportDocuments.settings.add')}
      </Button>
    </Form>
  );
}

/** Whether a column's form holds something else than its stored values (a name's outer spaces do not count). */
function differsFrom(stored: ColumnValues, values: Partial<ColumnValues>): boolean {
  return (
    (values.name ?? '').trim() !== stored.name ||
    Number(values.warning_days) !== Number(stored.warning_days) ||
    Boolean(values.mandatory) !== Boolean(stored.mandatory)
  );
}

export interface TableSettingsModalProps {
  columns: DocumentColumn[];
  hidden: number[];
  onHiddenChange: (hidden: number[]) => void;
  onClose: () => void;
}

export function TableSettingsModal({ columns, hidden, onHiddenChange, onClose }: TableSettingsModalProps) {
  const { t } = useTranslation();
  const access = useAccess();
  const startDate = useShowStartDate();
  const startDateSwitch = useRef<HTMLButtonElement>(null);
  const showsStartDate = columns.length > 0 && columns.every((column) => column.show_document_start_date === true);
  const setVisible = (id: number, visible: boolean) => onHiddenChange(visible ? hidden.filter((other) => other !== id) : [...hidden, id]);
  // A column renamed or a new one named but not saved is not lost to Escape or the ×: closing asks first, as the forms do.
  const unsaved = useRef(new Set<string>());
  const markUnsaved: MarkUnsaved = (form, changed) => void (changed ? unsaved.current.add(form) : unsaved.current.delete(form));
  const [modal, questionHolder] = Modal.useModal();
  const requestClose = () => {
    if (unsaved.current.size === 0) return onClose();
    void modal.confirm(discardQuestion(t, { testId: 'documents-settings-discard', onDiscard: onClose }));
  };
  return (
    <Modal
      open
      title={t('transportDocuments.settings.title')}
      onCancel={requestClose}
      footer={null}
      width={640}
      destroyOnHidden
      className="transport-documents__settings-modal"
    >
      {questionHolder}
      <Space style={{ marginBottom: 16 }}>
        <Switch
          id="documents-show-start-date"
          checked={showsStartDate}
          loading={startDate.busy}
          disabled={columns.length === 0 || !access.can(resource, 'edit')}
          // The switch is off while it saves, which drops the focus out of the dialog (Escape then closed nothing): back to it.
          onChange={(status) =>
            void startDate
              .set(status)
              .catch(() => undefined)
              .finally(() => setTimeout(() => startDateSwitch.current?.focus()))
          }
          ref={startDateSwitch}
          data-testid="documents-show-start-date"
        />
        <label htmlFor="documents-show-start-date">{t('transport-document-groups.fields.show_document_start_date')}</label>
      </Space>
      <Typography.Paragraph type="secondary">{t('transportDocuments.settings.hint')}</Typography.Paragraph>
      {columns.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transport-document-groups.empty')} />
      ) : (
        <>
          <div className="transport-documents__settings-row transport-documents__settings-head" aria-hidden>
            <span style={{ width: 16 }} />
            <Typography.Text type="secondary" style={{ flex: '1 1 160px' }}>
              {t('transport-document-groups.fields.name')}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ width: 150 }}>
              {t('transport-document-groups.fields.warning_days')}
            </Typography.Text>
            <Typography.Text type="secondary" className="transport-documents__settings-mandatory" title={t('transport-document-groups.fields.mandatory')}>
              {t('transportDocuments.settings.mandatory')}
            </Typography.Text>
            <span style={{ width: 72 }} />
          </div>
          {columns.map((column) => (
            <ColumnRow
              key={column.id}
              column={column}
              visible={!hidden.includes(column.id)}
              onVisible={(visible) => setVisible(column.id, visible)}
              markUnsaved={markUnsaved}
            />
          ))}
        </>
      )}
      {access.can(resource, 'create') && (
        <>
          <Divider orientation="left" plain>
            {t('transportDocuments.settings.add')}
          </Divider>
          <AddColumn markUnsaved={markUnsaved} />
        </>
      )}
    </Modal>
  );
}
