/**
 * Changing an employee's documents and their status rows: the hand-written routes of SPEC §7
 * (`/employees/{id}/documents/{templateId}/store`, `…/documents/{documentId}/destroy`,
 * `…/status/store|{statusId}/update|{statusId}/destroy`) through Refine's `useCustomMutation`. After each,
 * the employee's documents (header and tab) and the employees' lists (HR main's expiring panel lives
 * under their keys) are invalidated.
 */
import { useApiUrl, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useRequestOnce } from '../../crud/use-request-once';
import { mutationNotifications } from '../../providers/notifications';

export function useDocumentActions(employeeId: string) {
  const apiUrl = useApiUrl();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  const once = useRequestOnce();
  const base = `${apiUrl}/employees/${encodeURIComponent(employeeId)}/documents`;

  function send(method: 'post' | 'put' | 'delete', url: string, values: Record<string, unknown> = {}) {
    return once({ method, url, values }, async (): Promise<Record<string, unknown>> => {
      const answer = await mutateAsync({ url, method, values, ...mutationNotifications });
      await Promise.all([invalidate({ resource: 'employee-documents', invalidates: ['all'] }), invalidate({ resource: 'employees', invalidates: ['list'] })]);
      return answer.data;
    });
  }

  return {
    busy: mutation.isPending,
    addDocument: (typeId: number, companyId: unknown) => send('post', `${base}/${typeId}/store`, companyId ? { company_id: companyId } : {}),
    removeDocument: (documentId: number) => send('delete', `${base}/${documentId}/destroy`),
    addRow: (documentId: number, values: Record<string, unknown>) => send('post', `${base}/${documentId}/status/store`, values),
    updateRow: (documentId: number, rowId: number, values: Record<string, unknown>) => send('put', `${base}/${documentId}/status/${rowId}/update`, values),
    removeRow: (documentId: number, rowId: number) => send('delete', `${base}/${documentId}/status/${rowId}/destroy`),
  };
}
