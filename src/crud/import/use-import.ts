/**
 * Sends a file to `POST <list path>/import` (multipart: `dry_run`, `mode`, `existing`, `mapping`, then `file`) through
 * Refine's `useCustomMutation` and so the data provider, whose `meta.onProgress` reports the upload. The
 * options go before the file so a server that reads the parts in order has them when the file arrives.
 * The dialog tells what happened itself: no toast.
 */
import { useCustomMutation } from '@refinedev/core';
import { useState } from 'react';
import type { ExistingRows, ImportAnswer, ImportMapping, ImportMode } from './import-types';

export interface ImportRequest {
  dryRun: boolean;
  mode: ImportMode;
  existing?: ExistingRows;
  mapping?: ImportMapping;
}

export function useImport(path: string) {
  const { mutateAsync } = useCustomMutation<ImportAnswer>();
  /** The request under way: a check (dry run) or the import, and how much of the file has gone, 0–100. */
  const [sending, setSending] = useState<{ dryRun: boolean; percent: number } | null>(null);

  async function send(file: File, request: ImportRequest): Promise<ImportAnswer> {
    const body = new FormData();
    body.append('dry_run', String(request.dryRun));
    body.append('mode', request.mode);
    if (request.existing) body.append('existing', request.existing);
    if (request.mapping) body.append('mapping', JSON.stringify(request.mapping));
    body.append('file', file, file.name);
    setSending({ dryRun: request.dryRun, percent: 0 });
    try {
      const answer = await mutateAsync({
        url: `/api${path}`,
        method: 'post',
        values: body,
        meta: { onProgress: (percent: number) => setSending({ dryRun: request.dryRun, percent }) },
        successNotification: false,
        errorNotification: false,
      });
      return answer.data;
    } finally {
      setSending(null);
    }
  }

  return { send, sending };
}
