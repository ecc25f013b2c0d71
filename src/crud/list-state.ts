/**
 * A generic list's state (page, page size, sort, filters, search) and the data provider call it makes.
 * Kept apart from the hook (use-crud-list.ts) so the build can ask the real data provider which URL a
 * list's first page requests (src/boot/boot-plan.ts) without loading React or antd.
 */
import type { CrudFilter, CrudSort, GetListParams } from '@refinedev/core';
import type { ResourceDefinition } from '../../resources';

export const pageSizes = [10, 20, 30, 40];

export interface ListState {
  page: number;
  pageSize: number;
  sorter?: CrudSort;
  filters: Record<string, unknown>;
  search: string;
}

/** The filters of the list state as Refine filters (range values become `gte`/`lte`). */
export function toCrudFilters(filters: Record<string, unknown>): CrudFilter[] {
  const result: CrudFilter[] = [];
  for (const [field, value] of Object.entries(filters)) {
    if (Array.isArray(value)) {
      result.push({ field, operator: 'gte', value: value[0] }, { field, operator: 'lte', value: value[1] });
    } else result.push({ field, operator: 'eq', value });
  }
  return result;
}

/** A list's state when it opens without a URL query: the first page, the resource's default sort. */
export function initialListState(resource: ResourceDefinition): ListState {
  const sorter = resource.defaultSort ? { field: resource.defaultSort.field, order: resource.defaultSort.order } : undefined;
  return { page: 1, pageSize: pageSizes[0], sorter, filters: {}, search: '' };
}

/** The data provider's `getList` parameters for a list state (and the parent's path parameters). */
export function listRequest(resource: ResourceDefinition, state: ListState, params: Record<string, string> = {}): GetListParams {
  return {
    resource: resource.name,
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    sorters: state.sorter ? [state.sorter] : [],
    filters: toCrudFilters(state.filters),
    meta: { params, search: state.search },
  };
}
