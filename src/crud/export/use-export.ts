/**
 * An export as it runs: the download through the app's API client (read as it arrives, so its
 * progress shows), cancellable, then saved under the server's file name. A failure is told as a toast with
 * the server's message; a cancelled export says nothing.
 */
import { useNotification } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../providers/api';
import { messageOf } from '../../providers/api-error';
import type { DownloadProgress } from '../../providers/download';
import type { ExportFormat } from './list-paths';
import { fallbackFileName, saveFile } from './save-file';

/** Progress is drawn at most this often: a fast download gives many chunks a second. */
const PROGRESS_INTERVAL_MS = 150;

export interface RunningExport {
  format: ExportFormat;
  progress: DownloadProgress;
}

export function useExport(pathOf: (format: ExportFormat) => string, fileBase: string) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [running, setRunning] = useState<RunningExport | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the list cancels its export.
  useEffect(() => () => controller.current?.abort(), []);

  async function start(format: ExportFormat) {
    const path = pathOf(format);
    if (!path || controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setRunning({ format, progress: { bytes: 0 } });
    let shownAt = 0;
    try {
      const result = await api.download(path, {
        signal: abort.signal,
        onProgress: (progress) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_INTERVAL_MS) return;
          shownAt = now;
          setRunning({ format, progress });
        },
      });
      if (!abort.signal.aborted) saveFile(result.blob, result.fileName ?? fallbackFileName(fileBase, format));
    } catch (error) {
      if (!abort.signal.aborted) open?.({ type: 'error', message: messageOf(error, t('importExport.export.failed')), key: `export-${fileBase}` });
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setRunning(null);
      }
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setRunning(null);
  }

  return { running, start, cancel };
}
