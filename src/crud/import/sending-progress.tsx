/**
 * A file on its way to the server: the share uploaded, then (all of it sent) an active bar while the
 * server reads, checks and (for the import) saves the rows; it answers only when done.
 */
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function SendingProgress({ dryRun, percent }: { dryRun: boolean; percent: number }) {
  const { t } = useTranslation();
  const uploaded = percent >= 100;
  return (
    <div data-testid="import-progress" role="status" aria-live="polite" style={{ padding: '16px 0' }}>
      <Progress percent={uploaded ? 100 : percent} status="active" showInfo={!uploaded} />
      <Typography.Text type="secondary">
        {uploaded ? t(dryRun ? 'importExport.import.checking' : 'importExport.import.importing') : t('importExport.import.uploading', { percent })}
      </Typography.Text>
    </div>
  );
}
