/**
 * What a generic list asks Refine's `useTable` for (use-crud-list.ts), and the one request that follows
 * when a list opens fresh. Kept apart from the hook so the build can ask the real data provider which
 * URL a list's first page requests (src/boot/boot-plan.ts) without loading React or antd: the boot
 * module's early answer is used only when useTable's first request has exactly that URL.
 *
 * The list's state is Refine's own: page, page size, sorters and filters (`eq` for exact filters, `gte`
 * and `lte` for the two ends of a range, and the free-text search as a filter on the field `search`,
 * which the data provider sends as `search=`).
 */
import type { CrudFilter, CrudSort, GetListParams, Pagination } from '@refinedev/core';
import type { ResourceDefinition } from '../../resources';
import { initialFilters } from './list-tabs';

/**
 * The URL query parameter of the open tab (sections of a list page, sub-resources on a show page). Here, not
 * in list-page.tsx: the show page importing the list page would merge the two lazy chunks.
 */
export const tabParameter = 'tab';

export const pageSizes = [10, 20, 30, 40];

/** The filter field that carries the free-text search (the data provider maps it to `search=`). */
export const searchField = 'search';

/** The resource's default sort (`defaultSort`), as Refine's sorters. */
export function defaultSorters(resource: ResourceDefinition): CrudSort[] {
  return resource.defaultSort ? [{ field: resource.defaultSort.field, order: resource.defaultSort.order }] : [];
}

/** The settings of a list's `useTable` that decide its requests (everything but the state in the URL). */
export function tableSettings(resource: ResourceDefinition, params: Record<string, string> = {}) {
  return {
    resource: resource.name,
    pagination: { pageSize: pageSizes[0], mode: 'server' } satisfies Pagination,
    sorters: { initial: defaultSorters(resource), mode: 'server' as const },
    filters: { initial: initialFilters(resource), mode: 'server' as const, defaultBehavior: 'replace' as const },
    meta: { params },
  };
}

/**
 * The data provider's `getList` parameters of a list's first page as `useTable` asks for it when the list
 * opens without state in the URL: page 1, the first page size, the default sort, no filter but the
 * default tab's (list-tabs.ts).
 */
export function firstListRequest(resource: ResourceDefinition, params: Record<string, string> = {}): GetListParams {
  const settings = tableSettings(resource, params);
  return {
    resource: settings.resource,
    pagination: { currentPage: 1, pageSize: settings.pagination.pageSize, mode: settings.pagination.mode },
    sorters: settings.sorters.initial,
    filters: settings.filters.initial,
    meta: settings.meta,
  };
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The filter bar's values and search text as Refine filters (a range `[from, to]` becomes `gte`/`lte`);
 * empty values are left out, so the URL holds only what is set.
 */
export function toCrudFilters(values: Record<string, unknown>, search = ''): CrudFilter[] {
  const result: CrudFilter[] = [];
  if (search) result.push({ field: searchField, operator: 'contains', value: search });
  for (const [field, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      const [from, to] = value as unknown[];
      if (filled(from)) result.push({ field, operator: 'gte', value: from });
      if (filled(to)) result.push({ field, operator: 'lte', value: to });
    } else if (filled(value)) result.push({ field, operator: 'eq', value });
  }
  return result;
}
