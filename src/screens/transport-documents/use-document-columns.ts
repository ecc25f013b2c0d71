/**
 * The document columns of the tenant, in the order they were made (inspection, insurance, CMR insurance
 * first), through Refine's `useList` on `transport-document-groups`: adding, renaming or deleting one
 * through Refine's hooks refreshes it by itself.
 */
import { useList } from '@refinedev/core';
import { readNotifications } from '../../providers/notifications';
import type { DocumentColumn } from './types';

/** A tenant has a handful of columns: one page holds them all. */
const columnsPage = 100;

export function useDocumentColumns() {
  const { result, query } = useList<DocumentColumn>({
    resource: 'transport-document-groups',
    pagination: { currentPage: 1, pageSize: columnsPage, mode: 'server' },
    // In the order they were made (the engine's lists are newest first unless told).
    sorters: [{ field: 'id', order: 'asc' }],
    ...readNotifications,
  });
  return { columns: result.data, loading: query.isLoading };
}
