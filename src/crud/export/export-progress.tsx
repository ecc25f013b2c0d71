/**
 * How far an export has come, in a small dialog: the rows received of the total (a CSV, whose lines are
 * counted as they arrive), else the rows announced and the bytes received (an Excel file is compressed:
 * its rows cannot be counted on the way). Cancel stops the download.
 */
import { Button, Modal, Progress, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunningExport } from './use-export';

/** `1.4 MB`, `320 KB`: bytes the way a person reads them. */
export function sizeText(bytes: number, language: string): string {
  const format = (value: number, unit: string) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1_048_576) return format(bytes / 1_048_576, 'MB');
  if (bytes >= 1024) return format(bytes / 1024, 'KB');
  return format(bytes, 'B');
}

export function ExportProgress({ running, onCancel }: { running: RunningExport; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const { bytes, rows, totalRows } = running.progress;
  const percent = rows !== undefined && totalRows ? Math.min(100, Math.floor((rows / totalRows) * 100)) : undefined;
  const received = sizeText(bytes, i18n.language);
  return (
    <Modal
      open
      title={t('importExport.export.title', { format: t(`importExport.export.${running.format}`) })}
      closable={false}
      maskClosable={false}
      keyboard
      onCancel={onCancel}
      width={400}
      footer={
        <Button onClick={onCancel} data-testid="crud-export-cancel" autoFocus>
          {t('crud.buttons.cancel')}
        </Button>
      }
    >
      <div data-testid="crud-export-progress" role="status" aria-live="polite">
        {/* Without a count, a spinner: a full bar read as done while most of the file was still to come. */}
        {percent !== undefined ? (
          <Progress percent={percent} status="active" />
        ) : (
          <Spin size="small" style={{ marginRight: 8 }} data-testid="crud-export-spinner" />
        )}
        <Typography.Text type="secondary">
          {rows !== undefined && totalRows !== undefined
            ? t('importExport.export.rowsOf', { rows: Math.min(rows, totalRows), total: totalRows, size: received })
            : totalRows !== undefined
              ? t('importExport.export.rowsTotal', { total: totalRows, size: received })
              : t('importExport.export.received', { size: received })}
        </Typography.Text>
      </div>
    </Modal>
  );
}
