/**
 * Attached documents (SPEC §2): several files uploaded at once, each with its progress bar (≤ 5 MB, a PDF
 * or an image; the server checks the content, the browser checks the size first so nothing large is sent
 * in vain); the list with name, size, who uploaded it and when; download; an inline preview of images and
 * PDFs; delete after a confirmation. Uploads and deletes go through Refine's `useCustomMutation` (the
 * upload's progress through the data provider's `meta.onProgress`), the list through `useCustom`.
 */
import { DownloadOutlined, EyeOutlined, InboxOutlined } from '@ant-design/icons';
import { keys, useApiUrl, useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { Button, Empty, Modal, Progress, Result, Space, Spin, Table, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { isTooLarge } from '../../fields/file/limits';
import { mutationNotifications, readNotifications } from '../../providers/notifications';
import { IDEMPOTENCY_HEADER, UploadKeys } from '../../forms/idempotency-key';
import { downloadFile, useFileUrl } from '../../fields/file/use-file-url';
import { ConfirmDelete } from '../../crud/confirm-delete';
import { documentTypes } from '../../fields/file/limits';

interface Attachment {
  id: number;
  file_name: string;
  mime_type: string;
  size: number;
  url: string;
  created_at: string;
  created_by_name: string | null;
}

interface Upload {
  uid: string;
  name: string;
  percent: number;
  error?: string;
}

const previewable = (attachment: Attachment) => attachment.mime_type === 'application/pdf' || attachment.mime_type.startsWith('image/');

export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

function Preview({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { t } = useTranslation();
  const { url, failed } = useFileUrl(attachment.url);
  return (
    <Modal open title={attachment.file_name} onCancel={onClose} footer={null} width={900} destroyOnHidden data-testid="attachment-preview">
      {failed ? (
        <Result status="warning" title={t('employeeCard.attachments.previewFailed')} />
      ) : !url ? (
        <Spin />
      ) : attachment.mime_type === 'application/pdf' ? (
        <iframe src={url} title={attachment.file_name} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="attachment-preview-pdf" />
      ) : (
        <img
          src={url}
          alt={attachment.file_name}
          style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }}
          data-testid="attachment-preview-image"
        />
      )}
    </Modal>
  );
}

export function AttachmentsTab({ employeeId }: { employeeId: string }) {
  const { t, i18n } = useTranslation();
  const apiUrl = useApiUrl();
  const access = useAccess();
  const invalidate = useInvalidate();
  const base = `${apiUrl}/employees/${encodeURIComponent(employeeId)}/attaches`;
  const { query } = useCustom<Attachment[]>({
    url: base,
    method: 'get',
    queryOptions: { queryKey: keys().data('default').resource('employee-attachments').action('list').params({ employeeId }).get() },
    ...readNotifications,
  });
  const { mutateAsync } = useCustomMutation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  // A file sent again after a failure keeps its Idempotency-Key, so an upload whose answer was lost is not stored twice.
  const [uploadKeys] = useState(() => new UploadKeys());
  const [previewing, setPreviewing] = useState<Attachment | null>(null);
  const attachments = query.data?.data ?? [];
  const refresh = () => invalidate({ resource: 'employee-attachments', invalidates: ['all'] });
  const track = (uid: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.uid === uid ? { ...upload, ...change } : upload)));

  async function upload(file: File & { uid: string }) {
    if (isTooLarge(file)) {
      setUploads((current) => [...current, { uid: file.uid, name: file.name, percent: 0, error: t('validation.file.tooLarge') }]);
      return;
    }
    setUploads((current) => [...current, { uid: file.uid, name: file.name, percent: 0 }]);
    const body = new FormData();
    body.append('file', file);
    try {
      await mutateAsync({
        url: `${base}/store`,
        method: 'post',
        values: body,
        meta: { onProgress: (percent: number) => track(file.uid, { percent }), headers: { [IDEMPOTENCY_HEADER]: uploadKeys.keyOf(file) } },
        ...mutationNotifications,
      });
      uploadKeys.stored(file);
      setUploads((current) => current.filter((item) => item.uid !== file.uid));
      await refresh();
    } catch (error) {
      track(file.uid, { error: (error as { message?: string }).message ?? t('fields.file.failed') });
    }
  }

  async function remove(attachment: Attachment) {
    await mutateAsync({ url: `${base}/${attachment.id}/destroy`, method: 'delete', values: {}, ...mutationNotifications });
    await refresh();
  }

  const columns: ColumnsType<Attachment> = [
    {
      key: 'name',
      title: t('employeeCard.attachments.name'),
      // A long name is cut with an ellipsis (whole in its tooltip), so the size, uploader and buttons stay in view.
      render: (_, item) => (
        <Typography.Text ellipsis={{ tooltip: item.file_name }} style={{ maxWidth: 'min(360px, 45vw)' }} data-testid={`attachment-name-${item.id}`}>
          {item.file_name}
        </Typography.Text>
      ),
    },
    { key: 'size', title: t('employeeCard.attachments.size'), render: (_, item) => formatSize(item.size, i18n.language) },
    { key: 'by', title: t('employeeCard.attachments.uploadedBy'), render: (_, item) => item.created_by_name ?? '—' },
    {
      key: 'at',
      title: t('employeeCard.attachments.uploadedAt'),
      render: (_, item) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.created_at)),
    },
    {
      key: 'actions',
      title: t('crud.columns.actions'),
      render: (_, item) => (
        <Space size="small">
          {previewable(item) && (
            <Tooltip title={t('employeeCard.attachments.preview')}>
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('employeeCard.attachments.preview')}
                onClick={() => setPreviewing(item)}
                data-testid={`attachment-preview-${item.id}`}
              />
            </Tooltip>
          )}
          <Tooltip title={t('employeeCard.attachments.download')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('employeeCard.attachments.download')}
              onClick={() => void downloadFile(item.url, item.file_name).catch(() => undefined)}
              data-testid={`attachment-download-${item.id}`}
            />
          </Tooltip>
          {access.can('employee-attachments', 'delete') && (
            <ConfirmDelete
              testId={`attachment-delete-${item.id}`}
              size="small"
              iconOnly
              title={t('crud.confirm.deleteNamed', { name: item.file_name })}
              onConfirm={() => remove(item).catch(() => undefined)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="attachments-tab">
      {access.can('employee-attachments', 'create') && (
        <Upload.Dragger
          multiple
          accept={documentTypes.join(',')}
          showUploadList={false}
          customRequest={({ file }) => void upload(file as File & { uid: string })}
          style={{ marginBottom: 16 }}
          data-testid="attachment-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('employeeCard.attachments.drop')}</p>
          <p className="ant-upload-hint">{t('fields.file.limit')}</p>
        </Upload.Dragger>
      )}
      {uploads.map((item) => (
        <div key={item.uid} data-testid="attachment-uploading" style={{ marginBottom: 8 }}>
          <Typography.Text>{item.name}</Typography.Text>
          {item.error ? (
            <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
              {item.error}{' '}
              <Button size="small" type="link" onClick={() => setUploads((current) => current.filter((upload) => upload.uid !== item.uid))}>
                {t('employeeCard.attachments.dismiss')}
              </Button>
            </Typography.Text>
          ) : (
            <Progress percent={item.percent} size="small" />
          )}
        </div>
      ))}
      <Table<Attachment>
        rowKey="id"
        columns={columns}
        dataSource={attachments}
        loading={query.isLoading}
        pagination={false}
        className="crud-table"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('employee-attachments.empty')} /> }}
      />
      {previewing && <Preview attachment={previewing} onClose={() => setPreviewing(null)} />}
    </div>
  );
}
