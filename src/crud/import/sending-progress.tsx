/**
 * A file on its way to the server: the share uploaded, then (all of it sent) a spinner with the seconds gone by
 * while the server reads, checks and (for the import) saves the rows; it answers only when done. Not a full bar:
 * a bar at 100 % for the ten seconds a large file takes to check looked finished and stuck.
 */
import { Flex, Progress, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds since `running` turned true (0 while it is false). */
function useSecondsRunning(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return running ? seconds : 0;
}

export function SendingProgress({ dryRun, percent }: { dryRun: boolean; percent: number }) {
  const { t } = useTranslation();
  const uploaded = percent >= 100;
  const seconds = useSecondsRunning(uploaded);
  return (
    <div data-testid="import-progress" role="status" aria-live="polite" style={{ padding: '16px 0' }}>
      {uploaded ? (
        <Flex gap={12} align="center" data-testid="import-working">
          <Spin />
          <Typography.Text type="secondary">
            {t(dryRun ? 'importExport.import.checking' : 'importExport.import.importing')}
            {seconds > 0 && <span data-testid="import-seconds"> {t('importExport.import.secondsGone', { count: seconds })}</span>}
          </Typography.Text>
        </Flex>
      ) : (
        <>
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">{t('importExport.import.uploading', { percent })}</Typography.Text>
        </>
      )}
    </div>
  );
}
