/**
 * The first step of an import: pick a CSV or Excel file (drop it, or choose it with the keyboard: the
 * drop area is a button). A file over 20 MB or of another kind is refused here with a clear message,
 * before anything is sent; the server checks both again (by content, not by name).
 */
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImportFiles, maxImportBytes } from './import-types';

const importableName = /\.(csv|xlsx)$/i;

export function FileStep({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <div data-testid="import-file">
      <Upload.Dragger
        accept={acceptedImportFiles}
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!importableName.test(file.name)) setRefusal(t('importExport.import.wrongType', { name: file.name }));
          else if (file.size > maxImportBytes) setRefusal(t('importExport.import.tooLarge', { name: file.name, size: '20 MB' }));
          else {
            setRefusal(null);
            onFile(file);
          }
          // The dialog sends the file itself (a dry run first): antd's own upload is not used.
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('importExport.import.drop')}</p>
        <p className="ant-upload-hint">{t('importExport.import.hint', { size: '20 MB' })}</p>
      </Upload.Dragger>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginTop: 12 }} data-testid="import-refused" />}
    </div>
  );
}
