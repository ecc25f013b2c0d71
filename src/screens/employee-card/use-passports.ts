/**
 * An employee's passports (at most MAX_PASSPORTS of them: one page holds all), through Refine's `useList`:
 * the header and the passports tab share the request, and every save of a passport refreshes both.
 */
import { useList, type BaseRecord } from '@refinedev/core';
import { readNotifications } from '../../providers/notifications';

/** The server's limit (server/rules/passports.ts): the add button says so before the server must. */
export const maxPassports = 5;

export function usePassports(employeeId: string) {
  const { result, query } = useList<BaseRecord>({
    resource: 'passports',
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    sorters: [{ field: 'expiration_date', order: 'desc' }],
    meta: { params: { employeeId } },
    ...readNotifications,
  });
  return { passports: (result.data ?? []) as Array<Record<string, unknown>>, loading: query.isLoading };
}
