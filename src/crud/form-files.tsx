/**
 * The files of a record whose resource saves as a multipart form (`multipart`, resources/types.ts), drawn
 * under the schema form: the stored files (download; delete one after a confirmation, through Refine's
 * `useCustomMutation`, which answers the record with its new version), the files picked to go with the
 * next save (several, each at most 5 MB, checked here so nothing large is sent in vain), and the save's
 * upload progress.
 */
import { CloseOutlined, DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Button, List, Popconfirm, Progress, Space, Typography, Upload } from 'antd';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import type { MultipartApi } from '../../resources/types';
import { documentTypes, isNotDocument, isTooLarge } from '../fields/file/limits';
import { downloadFile } from '../fields/file/use-file-url';
import { fillPath } from '../providers/data-provider';
import { mutationNotifications } from '../providers/notifications';

type Row = Record<string, unknown>;

export interface StoredFile {
  file_id: number;
  file_name?: string;
}

export function storedFilesOf(multipart: MultipartApi, record: Row | undefined): StoredFile[] {
  const files = record?.[multipart.filesProperty];
  return Array.isArray(files) ? (files as StoredFile[]).filter((file) => typeof file?.file_id === 'number') : [];
}

interface Props {
  resource: ResourceDefinition & { multipart: MultipartApi };
  /** The record being edited (absent: a new one, which has no stored files yet). */
  record?: Row;
  /** Files picked for the next save. */
  picked: File[];
  onPicked: Dispatch<SetStateAction<File[]>>;
  /** A stored file was deleted: the record as the server now has it (its new version). */
  onRecordChanged: (record: Row) => void;
  /** The save's upload, 0–100, while it runs. */
  progress: number | null;
  disabled?: boolean;
}

export function FormFiles({ resource, record, picked, onPicked, onRecordChanged, progress, disabled }: Props) {
  const { t } = useTranslation();
  const { multipart } = resource;
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<Row>();
  // Files refused when picked, with why: named, and gone once the member picks again.
  const [refused, setRefused] = useState<Array<{ name: string; reason: string }>>([]);
  const stored = storedFilesOf(multipart, record);

  async function remove(file: StoredFile) {
    const endpoint = multipart.deleteFile;
    if (!endpoint) return;
    const answer = await mutateAsync({
      url: `/api${fillPath(endpoint.path, { id: file.file_id })}`,
      method: endpoint.method.toLowerCase() as 'delete',
      values: {},
      ...mutationNotifications,
    });
    onRecordChanged(answer.data);
    await invalidate({ resource: resource.name, invalidates: ['list', 'many', 'detail'] });
  }

  return (
    <div className="crud-form-files" data-testid="crud-form-files" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t(`${resource.name}.fields.${multipart.filesProperty}`, { defaultValue: t('crud.files.title') })}</Typography.Text>
      {stored.length > 0 && (
        <List
          size="small"
          dataSource={stored}
          data-testid="crud-form-stored-files"
          renderItem={(file) => (
            <List.Item
              key={file.file_id}
              data-testid={`crud-form-file-${file.file_id}`}
              actions={[
                <Button
                  key="download"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t('crud.files.download')}
                  data-testid={`crud-form-file-download-${file.file_id}`}
                  onClick={() => void downloadFile(`/files/${file.file_id}`, file.file_name ?? String(file.file_id)).catch(() => undefined)}
                />,
                ...(multipart.deleteFile
                  ? [
                      <Popconfirm
                        key="delete"
                        title={t('crud.files.deleteTitle')}
                        description={t('crud.files.deleteDescription', { name: file.file_name ?? '' })}
                        okText={t('crud.buttons.delete')}
                        cancelText={t('crud.buttons.cancel')}
                        okButtonProps={{ danger: true, loading: mutation.isPending }}
                        onConfirm={() => remove(file).catch(() => undefined)}
                      >
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={disabled}
                          aria-label={t('crud.files.delete')}
                          data-testid={`crud-form-file-delete-${file.file_id}`}
                        />
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <Space className="crud-form-files__file">
                <PaperClipOutlined />
                <span className="crud-form-files__name">{file.file_name ?? file.file_id}</span>
              </Space>
            </List.Item>
          )}
        />
      )}
      <div style={{ marginTop: 8 }}>
        {picked.map((file, index) => (
          <div key={`${index}-${file.name}`} data-testid="crud-form-picked-file">
            <Space className="crud-form-files__file">
              <PaperClipOutlined />
              <span className="crud-form-files__name">{file.name}</span>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('crud.files.unpick', { name: file.name })}
                disabled={disabled}
                onClick={() => onPicked((current) => current.filter((_, at) => at !== index))}
              />
            </Space>
          </div>
        ))}
        <Upload
          multiple
          accept={documentTypes.join(',')}
          showUploadList={false}
          beforeUpload={(file, batch) => {
            // Kept in the form until saved (never uploaded alone): nothing the server would refuse is sent.
            if (file.uid === batch[0]?.uid) setRefused([]);
            if (isTooLarge(file)) setRefused((current) => [...current, { name: file.name, reason: t('validation.file.tooLarge') }]);
            else if (isNotDocument(file)) setRefused((current) => [...current, { name: file.name, reason: t('handWritten.fileType') }]);
            else onPicked((current) => [...current, file]);
            return false;
          }}
          disabled={disabled}
        >
          <Button icon={<UploadOutlined />} disabled={disabled} data-testid="crud-form-files-pick">
            {t('crud.files.add')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          {t('fields.file.limit')}
        </Typography.Text>
        {refused.map(({ name, reason }) => (
          <Typography.Text key={name} type="danger" role="alert" className="crud-form-files__name" style={{ display: 'block' }}>
            {name}: {reason}
          </Typography.Text>
        ))}
      </div>
      {progress !== null && <Progress percent={progress} size="small" data-testid="crud-form-upload-progress" />}
    </div>
  );
}
