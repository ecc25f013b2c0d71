/** A cell's stored files: each downloadable, each deletable after a confirmation. */
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, List, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../crud/confirm-delete';
import { downloadFile } from '../../fields/file/use-file-url';
import type { DocumentFile } from './types';

export function StoredFiles({
  files,
  onDelete,
  testId = 'cell-stored-files',
}: {
  files: DocumentFile[];
  onDelete?: (file: DocumentFile) => Promise<void>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      bordered
      data-testid={testId}
      dataSource={files}
      locale={{ emptyText: t('transportDocuments.cell.noFiles') }}
      renderItem={(file) => (
        <List.Item
          data-testid={`cell-file-${file.file_id}`}
          actions={[
            <Tooltip key="download" title={t('transportDocuments.cell.download')}>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t('transportDocuments.cell.download')}
                onClick={() => void downloadFile(file.url, file.file_name).catch(() => undefined)}
                data-testid={`cell-file-download-${file.file_id}`}
              />
            </Tooltip>,
            ...(onDelete
              ? [
                  <ConfirmDelete
                    key="delete"
                    testId={`cell-file-delete-${file.file_id}`}
                    size="small"
                    iconOnly
                    title={t('transportDocuments.cell.deleteFileTitle', { name: file.file_name })}
                    onConfirm={() => onDelete(file).catch(() => undefined)}
                  />,
                ]
              : []),
          ]}
        >
          <Space>
            <PaperClipOutlined />
            <Typography.Text>{file.file_name}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
