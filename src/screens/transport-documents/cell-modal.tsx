/**
 * The dialog of one document cell: start and end date (end not before start, said under the field, by
 * the browser first and by the server's 422 otherwise), the stored files (download, delete one after a
 * confirmation) and new files (several, ≤ 5 MB each: a larger one is refused before anything is sent),
 * saved together in one request with its progress bar. Should someone else have changed the cell
 * meanwhile, the server's 409 is said here and the cell reloaded, the chosen files kept to save again.
 */
import { UploadOutlined } from '@ant-design/icons';
import type { HttpError } from '@refinedev/core';
import { Alert, Button, DatePicker, Form, Modal, Progress, Space, Spin, Typography, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusBackToOpener } from '../../crud/focus-back';
import { dateFormat, useCalendarDay } from '../../fields/date/calendar-day';
import { cellOf, endsBeforeStart, splitBySize } from './cell-rules';
import { StoredFiles } from './stored-files';
import type { CellTarget } from './types';
import { useCellActions } from './use-cell-actions';
import { useDocumentCells } from './use-document-cells';

interface DateValues {
  start_date?: Dayjs | null;
  end_date?: Dayjs | null;
}

const asDay = (value: string | null | undefined) => (value ? dayjs(value, dateFormat) : null);
const asText = (value: Dayjs | null | undefined) => (value ? value.format(dateFormat) : null);

export interface CellModalProps {
  target: CellTarget;
  /** The vehicles whose cells were asked for together (the list's page): the dialog reads the same answer. */
  transportIds: string[];
  columnName: string;
  vehicleLabel?: string;
  onClose: () => void;
}

export function CellModal({ target, transportIds, columnName, vehicleLabel, onClose }: CellModalProps) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  useFocusBackToOpener();
  const [form] = Form.useForm<DateValues>();
  const { vehicles } = useDocumentCells(transportIds);
  const cell = cellOf(vehicles, target.transportId, target.columnId);
  const { save, removeFile } = useCellActions();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  // The server's refusal of the files (not a PDF or an image, …): said under them, as the dates' are under theirs.
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [stale, setStale] = useState(false);
  // After a 409 the dates on screen are replaced by the reloaded cell's, once it has come.
  const reloadDates = useRef(false);

  // The reload has come before the refusal is known (the save asks again either way): `stale` runs it too.
  useEffect(() => {
    if (!cell || !reloadDates.current) return;
    reloadDates.current = false;
    form.setFieldsValue({ start_date: asDay(cell.start_date), end_date: asDay(cell.end_date) });
  }, [cell, stale, form]);

  async function submit(values: DateValues) {
    if (!cell) return;
    setStale(false);
    setFileErrors([]);
    setProgress(0);
    try {
      await save(
        cell.doc_id,
        {
          start_date: asText(values.start_date),
          end_date: asText(values.end_date),
          version: cell.version,
          files: pending.map((file) => file.originFileObj as File),
        },
        setProgress,
      );
      onClose();
    } catch (error) {
      const refusal = error as HttpError;
      if (refusal.statusCode === 409) {
        reloadDates.current = true;
        setStale(true);
      } else if (refusal.statusCode === 422 && refusal.errors) {
        const isDate = (field: string) => field === 'start_date' || field === 'end_date';
        const messagesOf = (messages: unknown) => ([] as string[]).concat(messages as string | string[]);
        const entries = Object.entries(refusal.errors);
        form.setFields(
          entries.filter(([field]) => isDate(field)).map(([field, messages]) => ({ name: field as keyof DateValues, errors: messagesOf(messages) })),
        );
        setFileErrors([...new Set(entries.filter(([field]) => !isDate(field)).flatMap(([, messages]) => messagesOf(messages)))]);
      }
    } finally {
      setProgress(null);
    }
  }

  const saving = progress !== null;
  return (
    <Modal
      open
      title={vehicleLabel ? t('transportDocuments.cell.title', { column: columnName, vehicle: vehicleLabel }) : columnName}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={!saving}
      className="transport-documents__cell-modal"
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>
          {t('crud.buttons.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!cell} onClick={() => form.submit()} data-testid="cell-save">
          {t('crud.buttons.save')}
        </Button>,
      ]}
    >
      {!cell ? (
        <Spin />
      ) : (
        <Form<DateValues>
          form={form}
          // Named, so its fields' ids are its own and each label names its date ("Select date" twice before).
          name="cell-dates"
          layout="vertical"
          initialValues={{ start_date: asDay(cell.start_date), end_date: asDay(cell.end_date) }}
          onFinish={(values) => void submit(values)}
        >
          {stale && (
            <Alert type="warning" showIcon role="alert" message={t('transportDocuments.cell.stale')} style={{ marginBottom: 16 }} data-testid="cell-stale" />
          )}
          <Space wrap align="start" style={{ width: '100%' }}>
            <Form.Item name="start_date" label={t('vehicle-documents.fields.start_date')}>
              <DatePicker format={day.picker} placeholder={t('fields.date.placeholder')} data-testid="cell-start-date" />
            </Form.Item>
            <Form.Item
              name="end_date"
              label={t('vehicle-documents.fields.end_date')}
              dependencies={['start_date']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: Dayjs | null) =>
                    endsBeforeStart(asText(getFieldValue('start_date') as Dayjs | null), asText(value))
                      ? Promise.reject(new Error(t('transportDocuments.cell.endBeforeStart')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <DatePicker format={day.picker} placeholder={t('fields.date.placeholder')} data-testid="cell-end-date" />
            </Form.Item>
          </Space>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            {t('vehicle-documents.fields.files')}
          </Typography.Text>
          <StoredFiles files={cell.files} onDelete={(file) => removeFile(file.file_id)} />
          <div style={{ marginTop: 12 }}>
            <Upload
              multiple
              // What the server keeps: a PDF or an image (the picker offers these first; the server checks the content).
              accept="application/pdf,image/*"
              fileList={pending}
              beforeUpload={(file, chosen) => {
                // Called once per file with the whole choice: the choice is handled on its last file.
                if (file !== chosen[chosen.length - 1]) return false;
                const { accepted, refused: tooLarge } = splitBySize(chosen);
                setRefused(tooLarge.map((item) => item.name));
                setPending((current) => [...current, ...accepted.map((item) => ({ uid: item.uid, name: item.name, size: item.size, originFileObj: item }))]);
                return false;
              }}
              onRemove={(file) => {
                setFileErrors([]);
                setPending((current) => current.filter((item) => item.uid !== file.uid));
              }}
              disabled={saving}
              data-testid="cell-upload"
            >
              <Button icon={<UploadOutlined />} data-testid="cell-add-files">
                {t('transportDocuments.cell.addFiles')}
              </Button>
            </Upload>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {t('fields.file.limit')}
            </Typography.Text>
            {refused.length > 0 && (
              <Alert
                type="error"
                showIcon
                role="alert"
                style={{ marginTop: 8 }}
                data-testid="cell-refused"
                message={t('validation.file.tooLarge')}
                description={refused.join(', ')}
              />
            )}
            {fileErrors.length > 0 && (
              <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} data-testid="cell-files-error" message={fileErrors.join(' ')} />
            )}
            {saving && <Progress percent={progress} size="small" data-testid="cell-progress" />}
          </div>
        </Form>
      )}
    </Modal>
  );
}
