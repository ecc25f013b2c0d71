/**
 * The number of records in each tab of a list with `listTabs`, under the list's other filters and search:
 * `GET <list path>/counts?by=<field>&<the list's filters>` → `{ data: { staff: 12, archive: 3, … } }`, on
 * Refine's `useCustom`. Its query key sits under the resource's list keys, so Refine's invalidation after
 * a create, update or delete of the resource (which refreshes its lists) refreshes the counts too.
 */
import { keys, useApiUrl, useCustom, type CrudFilter } from '@refinedev/core';
import type { ResourceDefinition } from '../../resources';
import { silentNotifications } from '../providers/notifications';

export type TabCounts = Record<string, number>;

const noCounts: TabCounts = {};

/** The list path with its path parameters filled in (`/employees/{employeeId}/passports` → `/employees/7/passports`). */
function listPathOf(resource: ResourceDefinition, params: Record<string, string>): string {
  return (resource.api.list?.path ?? `/${resource.name}`).replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function useTabCounts(resource: ResourceDefinition, filters: CrudFilter[], params: Record<string, string> = {}): TabCounts {
  const field = resource.listTabs?.field;
  const url = `${useApiUrl()}${listPathOf(resource, params)}/counts`;
  const query = { by: field };
  const { query: answer } = useCustom<TabCounts>({
    url,
    method: 'get',
    config: { query, filters },
    queryOptions: {
      enabled: field !== undefined,
      queryKey: keys().data('default').resource(resource.name).action('list').params({ counts: field, url, filters }).get(),
      // A tab's count while the next ones load: the old figures rather than none.
      placeholderData: (previous) => previous,
    },
    ...silentNotifications,
  });
  return answer.data?.data ?? noCounts;
}
