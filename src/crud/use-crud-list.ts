/** The state of a generic list: page, page size, sort, filters and search, and the records of the server. */
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResourceDefinition } from '../../resources';
import { dataProvider } from '../providers/data-provider';

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

export function useCrudList(resource: ResourceDefinition, params?: Record<string, string>) {
  const [state, setState] = useState<ListState>({
    page: 1,
    pageSize: pageSizes[0],
    sorter: resource.defaultSort ? { field: resource.defaultSort.field, order: resource.defaultSort.order } : undefined,
    filters: {},
    search: '',
  });
  const [records, setRecords] = useState<Record<string, unknown>[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const request = useRef(0);
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => {
    const mine = ++request.current;
    setLoading(true);
    dataProvider
      .getList({
        resource: resource.name,
        pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
        sorters: state.sorter ? [state.sorter] : [],
        filters: toCrudFilters(state.filters),
        meta: { params: JSON.parse(paramsKey) as Record<string, string>, search: state.search },
      })
      .then((answer) => {
        if (mine !== request.current) return;
        setRecords(answer.data as Record<string, unknown>[]);
        setTotal(answer.total);
        setFailed(false);
      })
      .catch(() => {
        if (mine !== request.current) return;
        setRecords([]);
        setTotal(0);
        setFailed(true);
      })
      .finally(() => mine === request.current && setLoading(false));
  }, [resource.name, state, paramsKey, reloads]);

  const update = useCallback((change: Partial<ListState>) => setState((previous) => ({ ...previous, ...change })), []);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, update, records, total, loading, failed, reload };
}
