/**
 * Adding, renaming and deleting the statuses of an HR document type: the hand-written routes of SPEC §7
 * (`/documents/{documentId}/status/store|update/{statusId}|destroy/{statusId}`), through Refine's
 * `useCustomMutation`. Each answers the type as it now is; the types' lists and records are invalidated,
 * so the page (and any picker of statuses) shows the change.
 */
import { useApiUrl, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useRequestOnce } from '../../crud/use-request-once';
import { mutationNotifications } from '../../providers/notifications';

export function useStatusActions(typeId: string | number) {
  const apiUrl = useApiUrl();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  const once = useRequestOnce();
  const base = `${apiUrl}/documents/${encodeURIComponent(String(typeId))}/status`;

  function send(method: 'post' | 'put' | 'delete', url: string, values: Record<string, unknown> = {}) {
    return once({ method, url, values }, async () => {
      await mutateAsync({ url, method, values, ...mutationNotifications });
      await invalidate({ resource: 'hr-document-types', invalidates: ['list', 'many', 'detail'] });
      await invalidate({ resource: 'employee-documents', invalidates: ['all'] });
    });
  }

  return {
    busy: mutation.isPending,
    add: (names: string[]) => send('post', `${base}/store`, { statuses: names.map((name) => ({ name })) }),
    // With the type's version as shown: someone else's change meanwhile is a 409 ("changed by someone else"), not overwritten.
    rename: (statusId: number, name: string, version?: number) =>
      send('put', `${base}/update/${statusId}`, version === undefined ? { name } : { name, version }),
    remove: (statusId: number) => send('delete', `${base}/destroy/${statusId}`),
  };
}
