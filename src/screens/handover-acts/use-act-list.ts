/**
 * A page of the fleet's handover acts (`GET /api/transport/handover-acts`, server/routes/hand-written/
 * handover-acts-list.ts) through Refine's `useCustom`, cached under the resource `handover-acts`, so
 * saving or deleting an act anywhere refreshes every list of them.
 */
import { keys, useCustom } from '@refinedev/core';
import { readNotifications } from '../../providers/notifications';

export interface ListedAct {
  id: number;
  transport_id: number;
  date: string;
  fuel_remaining?: number;
  mileage?: number;
  transferred_by_id?: number;
  received_by_id?: number;
  vehicle_label: string | null;
  transferred_by_name: string | null;
  received_by_name: string | null;
  new_damages: number | null;
}

export interface ActListQuery {
  page: number;
  perPage: number;
  transport_id?: string;
  employee_id?: string;
  date_from?: string;
  date_to?: string;
}

export interface ActPage {
  acts: ListedAct[];
  total: number;
  loading: boolean;
  failed: boolean;
}

export function useActList(query: ActListQuery): ActPage {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
  const { query: result } = useCustom<ListedAct[]>({
    url: '/transport/handover-acts',
    method: 'get',
    config: { query: params },
    queryOptions: {
      queryKey: keys().data('default').resource('handover-acts').action('list').params({ fleet: params }).get(),
      placeholderData: (previous) => previous,
    },
    ...readNotifications,
  });
  const answer = result.data as { data?: ListedAct[]; pagination?: { total: number } } | undefined;
  return {
    acts: answer?.data ?? [],
    total: answer?.pagination?.total ?? 0,
    loading: result.isLoading,
    failed: result.isError,
  };
}
