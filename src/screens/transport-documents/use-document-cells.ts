/**
 * The cells of the vehicles on screen, in ONE request (`GET /transport/documents?transport_id=1,2,3`)
 * through Refine's `useCustom`: every cell of a page asks with the same key, so React Query answers them
 * all from that one request; its key is under the `vehicle-documents` resource, so invalidating that
 * resource (after a cell or a column changed) asks again.
 */
import { keys, useApiUrl, useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { mutationNotifications, readNotifications } from '../../providers/notifications';
import type { VehicleDocuments } from './types';

export const cellsResource = 'vehicle-documents';

export function useDocumentCells(transportIds: string[]) {
  const apiUrl = useApiUrl();
  const ids = transportIds.join(',');
  const { query } = useCustom<VehicleDocuments[]>({
    url: `${apiUrl}/transport/documents`,
    method: 'get',
    config: { query: { transport_id: ids, perPage: Math.max(1, transportIds.length) } },
    queryOptions: {
      queryKey: keys().data('default').resource(cellsResource).action('list').params({ transportIds: ids }).get(),
      enabled: transportIds.length > 0,
    },
    ...readNotifications,
  });
  return { vehicles: query.data?.data, loading: query.isLoading, failed: query.isError };
}

/** Asks again for every view of the cells (the list's page, a vehicle's tab). */
export function useRefreshCells() {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: cellsResource, invalidates: ['all'] });
}

/** The "show start date" switch: one call sets it on every column (SPEC §7). */
export function useShowStartDate() {
  const apiUrl = useApiUrl();
  const invalidate = useInvalidate();
  const refreshCells = useRefreshCells();
  const { mutateAsync, mutation } = useCustomMutation();
  async function set(status: boolean) {
    await mutateAsync({ url: `${apiUrl}/transport/documents/show-document-start-date`, method: 'post', values: { status }, ...mutationNotifications });
    await Promise.all([invalidate({ resource: 'transport-document-groups', invalidates: ['list'] }), refreshCells()]);
  }
  return { set, busy: mutation.isPending };
}
