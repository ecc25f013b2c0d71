/** The state of a generic list: page, page size, sort, filters and search, and the records of the server. */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDefinition } from '../../resources';
import { dataProvider } from '../providers/data-provider';
import { filterFields } from './list-filters';
import { initialListState, listRequest, pageSizes, type ListState } from './list-state';
import { propertyOf } from './schemas';

export { pageSizes, toCrudFilters, type ListState } from './list-state';

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A filter value read back from the URL, typed by its schema property (numbers, yes/no). */
function parseValue(resource: ResourceDefinition, field: string, text: string | null): unknown {
  if (text === null || text === '') return undefined;
  const type = propertyOf(resource, field)?.type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('boolean')) return text === 'true' ? true : text === 'false' ? false : undefined;
  if ((types.includes('integer') || types.includes('number')) && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

/**
 * The list state as a URL query (`search=`, `page=`, `perPage=`, `sort=`, `order=`, `<field>=`,
 * `<field>_from=`, `<field>_to=`: the API's own names), so a search page can be bookmarked and reloaded.
 * Default values and empty filters are left out.
 */
export function listStateToQuery(resource: ResourceDefinition, state: ListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.search) query.set('search', state.search);
  for (const [field, value] of Object.entries(state.filters)) {
    if (Array.isArray(value)) {
      if (filled(value[0])) query.set(`${field}_from`, String(value[0]));
      if (filled(value[1])) query.set(`${field}_to`, String(value[1]));
    } else if (filled(value)) query.set(field, String(value));
  }
  if (state.page > 1) query.set('page', String(state.page));
  if (state.pageSize !== pageSizes[0]) query.set('perPage', String(state.pageSize));
  const defaultSort = resource.defaultSort;
  if (state.sorter && (state.sorter.field !== defaultSort?.field || state.sorter.order !== defaultSort?.order)) {
    query.set('sort', state.sorter.field);
    query.set('order', state.sorter.order);
  } else if (!state.sorter && defaultSort) query.set('sort', '');
  return query;
}

/** The initial list state of a resource, read from a URL query written by `listStateToQuery` (or empty). */
export function listStateFromQuery(resource: ResourceDefinition, query?: URLSearchParams): ListState {
  const initial = initialListState(resource);
  const defaultSorter = initial.sorter;
  if (!query) return initial;
  const filters: Record<string, unknown> = {};
  for (const field of filterFields(resource)) {
    if (propertyOf(resource, field)?.['x-filter'] === 'range') {
      const from = parseValue(resource, field, query.get(`${field}_from`));
      const to = parseValue(resource, field, query.get(`${field}_to`));
      if (filled(from) || filled(to)) filters[field] = [from, to];
    } else {
      const value = parseValue(resource, field, query.get(field));
      if (filled(value)) filters[field] = value;
    }
  }
  const page = Number(query.get('page'));
  const pageSize = Number(query.get('perPage'));
  const sort = query.get('sort');
  const order = query.get('order');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: pageSizes.includes(pageSize) ? pageSize : pageSizes[0],
    sorter:
      sort === ''
        ? undefined
        : sort && propertyOf(resource, sort)?.['x-sort'] === true
          ? { field: sort, order: order === 'asc' ? 'asc' : 'desc' }
          : defaultSorter,
    filters,
    search: query.get('search') ?? '',
  };
}

/**
 * The list's state and records. With `urlState` the state lives in the page's URL query as well (read at
 * start, written back on each change, history entries replaced), for a list that is the page's only one.
 */
export function useCrudList(resource: ResourceDefinition, params?: Record<string, string>, options: { urlState?: boolean } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [state, setState] = useState<ListState>(() => listStateFromQuery(resource, options.urlState ? searchParams : undefined));
  const urlState = Boolean(options.urlState);
  useEffect(() => {
    if (!urlState) return;
    const next = listStateToQuery(resource, state);
    setSearchParams((current) => (current.toString() === next.toString() ? current : next), { replace: true });
  }, [urlState, resource, state, setSearchParams]);
  const [records, setRecords] = useState<Record<string, unknown>[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const request = useRef(0);
  const shown = useRef(false);
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => {
    const mine = ++request.current;
    setLoading(true);
    dataProvider
      .getList(listRequest(resource, state, JSON.parse(paramsKey) as Record<string, string>))
      // The first rows are drawn as a transition: React renders the table in slices (the page opening is
      // not one long task). Later pages replace the rows at once, so stale rows never linger.
      .then((answer) => {
        if (mine !== request.current) return;
        const draw = shown.current ? (update: () => void) => update() : startTransition;
        shown.current = true;
        draw(() => {
          setRecords(answer.data as Record<string, unknown>[]);
          setTotal(answer.total);
          setFailed(false);
          setLoading(false);
        });
      })
      .catch(() => {
        if (mine !== request.current) return;
        shown.current = true;
        setRecords([]);
        setTotal(0);
        setFailed(true);
        setLoading(false);
      });
  }, [resource.name, state, paramsKey, reloads]);

  const update = useCallback((change: Partial<ListState>) => setState((previous) => ({ ...previous, ...change })), []);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, update, records, total, loading, failed, reload };
}
