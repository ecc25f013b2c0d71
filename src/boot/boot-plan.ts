/**
 * What the boot module asks for early (src/boot/start-boot.ts), worked out at build time by the real code
 * that later sends the same requests: the data provider, the list's initial state and the route table.
 * Loaded by src/boot/vite-plugin.ts in Node.
 */
import { stringifyTableParams } from '@refinedev/core';
import type { ResourceDefinition } from '../../resources';
import { resourceByName } from '../../resources';
import { routePermission } from '../access/access';
import { firstListRequest as firstListParams } from '../crud/list-state';
import type { ApiClient } from '../providers/api-client';
import { createDataProvider } from '../providers/data-provider';
import { appRoutes } from '../routes';
import type { BootPlan } from './start-boot';

/** The current user's request, as src/session/session-actions.ts sends it on start. */
export const sessionRequest = '/api/profile/show';

/**
 * The URL of a list's first page, exactly as the data provider asks for it when the list opens: the
 * parameters are those of useTable's first request (src/crud/list-state.ts; a test in
 * src/crud/boot-request.test.tsx holds the two together).
 */
export async function firstListRequest(resource: ResourceDefinition): Promise<string> {
  const asked: string[] = [];
  const recorder = {
    request: (_method: string, path: string) => {
      asked.push(path);
      return Promise.resolve({ data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } });
    },
  } as unknown as ApiClient;
  await createDataProvider(recorder).getList(firstListParams(resource));
  const path = asked[0];
  return path.startsWith('/api') ? path : `/api${path}`;
}

/**
 * The list's opening state as Refine's useTable writes it into the address once the list is open
 * (`pageSize=10&currentPage=1&sorters[0][field]=…`, the permanent filters left out as useTable leaves them
 * out): a reload of a list just opened holds it, and the boot module asks early only for an address with
 * this state or none (src/boot/start-boot.ts).
 */
export function openingQuery(resource: ResourceDefinition): string {
  const { pagination, sorters, filters } = firstListParams(resource);
  return stringifyTableParams({
    pagination: { pageSize: pagination?.pageSize, currentPage: pagination?.currentPage },
    sorters: sorters ?? [],
    filters: filters ?? [],
  });
}

/**
 * The first list request of every page that is a resource's generic list (a route of the table drawn
 * by CrudListPage with the list's initial state, without path parameters, or a hand-written page that
 * opens with one: `firstList`), by page path, with the right the page needs.
 */
export async function firstListRequests(): Promise<BootPlan['lists']> {
  const lists: BootPlan['lists'] = {};
  for (const route of appRoutes) {
    if (!(route.generic || route.firstList) || route.path.includes(':')) continue;
    const props = (route.element as { props?: { resource?: string; searchFirst?: boolean } }).props;
    const name = route.firstList ?? props?.resource;
    if (!name || props?.searchFirst) continue;
    const resource = resourceByName(name);
    if (resource.routes?.list !== route.path) continue; // the resource's show page
    // The page asks only when the member may open it (src/access/require-permission.tsx): so does the boot module.
    lists[route.path] = { url: await firstListRequest(resource), query: openingQuery(resource), right: routePermission(route.path) };
  }
  return lists;
}
