/**
 * An employee's documents with their types and status rows (`GET /employees/{id}/documents`), through
 * Refine's `useCustom` under the `employee-documents` resource's keys: the header and the documents tab
 * share one request, and every change to a document or a row (use-document-actions.ts invalidates the
 * resource) refreshes both.
 */
import { keys, useApiUrl, useCustom } from '@refinedev/core';
import { readNotifications } from '../../providers/notifications';
import { expiryStateOf, type ExpiryState } from '../../fields/date/expiry';

export interface StatusRow {
  id: number;
  status: number;
  number?: string;
  dateFrom?: string;
  dateUpTo?: string;
  comment?: string;
  relevant?: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  created_by_name: string | null;
  updated_by_name: string | null;
}

export interface EmployeeDocument {
  id: number;
  document_type_id: number;
  company_id?: number | null;
  document_type: { id: number; name: string; short_name?: string; warning_days: number; statuses: Array<{ id?: number; name: string }> } | null;
  statuses: StatusRow[];
}

export function useEmployeeDocuments(employeeId: string) {
  const apiUrl = useApiUrl();
  const { query } = useCustom<EmployeeDocument[]>({
    url: `${apiUrl}/employees/${encodeURIComponent(employeeId)}/documents`,
    method: 'get',
    queryOptions: { queryKey: keys().data('default').resource('employee-documents').action('list').params({ employeeId }).get() },
    ...readNotifications,
  });
  return { documents: query.data?.data ?? [], loading: query.isLoading, failed: query.isError };
}

/** The relevant status row of a document (one at most: the server keeps it so). */
export const relevantRowOf = (document: EmployeeDocument) => document.statuses.find((row) => row.relevant === true);

/** A document's indicator: from its relevant row's end date and its type's threshold (SPEC §4). */
export function documentStateOf(document: EmployeeDocument, today?: string): ExpiryState | undefined {
  return expiryStateOf(relevantRowOf(document)?.dateUpTo, document.document_type?.warning_days ?? 30, today);
}
