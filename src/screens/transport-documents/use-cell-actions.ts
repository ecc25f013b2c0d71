/**
 * Saving a cell (its dates and new files in one multipart request, with the upload's progress) and
 * deleting one of its files, through Refine's `useCustomMutation`; both ask again for every view of the
 * cells. A save sends the cell's version: the server answers 409 when someone else changed it meanwhile.
 */
import { useApiUrl, useCustomMutation, type HttpError } from '@refinedev/core';
import { mutationNotifications } from '../../providers/notifications';
import { useRefreshCells } from './use-document-cells';

export interface CellChanges {
  start_date: string | null;
  end_date: string | null;
  version: number;
  files: File[];
}

/** Refusals the dialog explains itself (a stale version, field errors under the fields): no toast for them. */
const shownInTheDialog = (error?: HttpError) => error?.statusCode === 409 || error?.statusCode === 422;

export function useCellActions() {
  const apiUrl = useApiUrl();
  const refresh = useRefreshCells();
  const { mutateAsync } = useCustomMutation();

  async function save(docId: number, changes: CellChanges, onProgress: (percent: number) => void) {
    const body = new FormData();
    // An empty date clears it on the server.
    body.append('start_date', changes.start_date ?? '');
    body.append('end_date', changes.end_date ?? '');
    body.append('version', String(changes.version));
    for (const file of changes.files) body.append('file[]', file);
    try {
      await mutateAsync({
        url: `${apiUrl}/transport/documents/update/${docId}`,
        method: 'post',
        values: body,
        meta: { onProgress },
        successNotification: mutationNotifications.successNotification,
        errorNotification: (error?: HttpError) => (shownInTheDialog(error) ? false : mutationNotifications.errorNotification(error)),
      });
    } finally {
      // A refusal too: a 409 means the cell on screen is out of date.
      await refresh();
    }
  }

  async function removeFile(fileId: number) {
    await mutateAsync({ url: `${apiUrl}/transport/documents/destroy/file/${fileId}`, method: 'delete', values: {}, ...mutationNotifications });
    await refresh();
  }

  return { save, removeFile };
}
