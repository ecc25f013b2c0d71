/**
 * A generic list's records and state on Refine's `useTable` (core's: the antd Table is drawn by
 * crud-list.tsx; @refinedev/antd's hook would add a form library, a breakpoint listener, a link per
 * pagination item and antd's measuring scroll that the list has no use for). Paginated, sorted and
 * filtered on the server; the settings that decide the requests are in list-state.ts, shared with the
 * boot module's early request.
 *
 * With `syncWithLocation` the state (page, page size, sort, filters, search) lives in the URL query in
 * Refine's own format (`?currentPage=3&pageSize=10&sorters[0][field]=…&filters[0][field]=…`): read when the
 * list opens (a reload, a link, Back to the page) and on Back and Forward within it, written back on each change (a
 * change the member made is a new history entry, so Back steps back through the pages and filters they chose; the
 * list's own corrections replace the entry: src/providers/list-history.ts). Only the page's main list may do so: two
 * lists on one URL would read each other's state.
 */
import { parseTableParams, useParsed, useTable, type BaseRecord, type CrudFilter, type CrudSort } from '@refinedev/core';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import type { ResourceDefinition } from '../../resources';
import { markListChangeByMember } from '../providers/list-history';
import { readNotifications } from '../providers/notifications';
import type { ListPagination } from '../providers/data-provider';
import { filterFields } from './list-filters';
import { initialFilters } from './list-tabs';
import { defaultSorters, pageSizes, searchField, tableSettings, toCrudFilters } from './list-state';
import { propertyOf } from './schemas';

export { pageSizes, toCrudFilters } from './list-state';

type Row = Record<string, unknown>;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A filter value as its schema property types it (the URL gives text: `"7"`, `"true"`); undefined for one it cannot
 * be (`price=notanumber`, `loading_date=2026-99-99`, an object), which the list then drops instead of sending.
 */
function typedValue(resource: ResourceDefinition, field: string, value: unknown): unknown {
  const property = propertyOf(resource, field);
  const type = property?.type;
  const types = Array.isArray(type) ? type : [type];
  // A whole-number field takes no 2020.5 (the server refuses it, and the list would show nothing but an error).
  const fits = (number: number) => Number.isFinite(number) && (!types.includes('integer') || types.includes('number') || Number.isInteger(number));
  if (typeof value === 'number') return fits(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' || value === '') return undefined;
  if (types.includes('boolean')) return value === 'true' ? true : value === 'false' ? false : undefined;
  if (types.includes('integer') || types.includes('number')) return value.trim() !== '' && fits(Number(value)) ? Number(value) : undefined;
  if (property?.format === 'date') return isCalendarDate(value) ? value : undefined;
  return value;
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * The filter bar's values (`{ customer: 'Acme', price: [100, undefined] }`) and search text of Refine's
 * filters, typed by the schema; filters on fields the bar does not have are left out.
 */
export function filterValuesOf(resource: ResourceDefinition, filters: readonly CrudFilter[]): { values: Record<string, unknown>; search: string } {
  const fields = new Set(filterFields(resource));
  const values: Record<string, unknown> = {};
  let search = '';
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    if (filter.field === searchField) {
      search = filled(filter.value) ? String(filter.value) : '';
      continue;
    }
    if (!fields.has(filter.field)) continue;
    const value = typedValue(resource, filter.field, filter.value);
    if (propertyOf(resource, filter.field)?.['x-filter'] === 'range') {
      const range = (values[filter.field] as unknown[] | undefined) ?? [undefined, undefined];
      if (filter.operator === 'gte') values[filter.field] = [value, range[1]];
      else if (filter.operator === 'lte') values[filter.field] = [range[0], value];
    } else if (filled(value)) values[filter.field] = value;
  }
  return { values, search };
}

/** Whether a sorter is one the resource offers (`x-sort`, or its default sort). */
function sortable(resource: ResourceDefinition, sorter: CrudSort | undefined): boolean {
  if (!sorter || (sorter.order !== 'asc' && sorter.order !== 'desc')) return false;
  return propertyOf(resource, sorter.field)?.['x-sort'] === true || resource.defaultSort?.field === sorter.field;
}

interface TableState {
  currentPage?: unknown;
  pageSize?: unknown;
  sorters?: unknown;
  filters?: unknown;
}

const isPageNumber = (page: unknown) => Number.isSafeInteger(Number(page)) && Number(page) >= 1;

/** A filter the bar could have set: its field and operator, and a value its field's type takes. */
function isAllowedFilter(resource: ResourceDefinition, fields: Set<string>, filter: CrudFilter): boolean {
  if (!('field' in filter) || !fields.has(filter.field) || !['eq', 'gte', 'lte', 'contains'].includes(filter.operator)) return false;
  if (filter.field === searchField) return typeof filter.value === 'string';
  return !filled(filter.value) || typedValue(resource, filter.field, filter.value) !== undefined;
}

/**
 * Whether a table state (read from a URL) is one the list would ask for: a page number from 1, a page size it
 * offers, one sortable field, filters of its filter bar with values of their fields' types.
 */
function isAllowedState(resource: ResourceDefinition, state: TableState): boolean {
  if (state.currentPage !== undefined && !isPageNumber(state.currentPage)) return false;
  if (state.pageSize !== undefined && !pageSizes.includes(Number(state.pageSize))) return false;
  const sorters = Array.isArray(state.sorters) ? (state.sorters as CrudSort[]) : [];
  if (sorters.length > 1 || (sorters.length === 1 && !sortable(resource, sorters[0]))) return false;
  const fields = new Set([...filterFields(resource), searchField]);
  const filters = Array.isArray(state.filters) ? (state.filters as CrudFilter[]) : [];
  return filters.every((filter) => isAllowedFilter(resource, fields, filter));
}

export function useCrudList(
  resource: ResourceDefinition,
  params?: Record<string, string>,
  options: { syncWithLocation?: boolean; scope?: Record<string, string | number> } = {},
) {
  const syncWithLocation = Boolean(options.syncWithLocation);
  const paramsKey = JSON.stringify(params ?? {});
  const scopeKey = JSON.stringify(options.scope ?? {});
  // The list's fixed filters (CrudList `scope`): Refine's permanent filters, sent with every request.
  const permanent = useMemo(() => toCrudFilters(JSON.parse(scopeKey) as Record<string, unknown>), [scopeKey]);
  const settings = useMemo(() => tableSettings(resource, JSON.parse(paramsKey) as Record<string, string>), [resource, paramsKey]);
  const location = useLocation();
  const { params: urlState } = useParsed();
  // A hand-edited or outdated link is corrected (below) before any request goes out: the URL mirrors the
  // table's state once synchronised, so the query waits while the URL holds a state the list does not allow.
  const urlAllowed = !syncWithLocation || isAllowedState(resource, (urlState ?? {}) as TableState);
  const table = useTable<BaseRecord>({
    ...settings,
    filters: { ...settings.filters, permanent },
    syncWithLocation,
    queryOptions: { enabled: urlAllowed },
    ...readNotifications,
  });
  const { setCurrentPage, setPageSize, setSorters, setFilters } = table;

  // A link or an old bookmark with a page number, page size, sort or filter the list does not offer: back to the
  // defaults (a filter value its field cannot take is dropped, the others kept).
  useEffect(() => {
    const state = { currentPage: table.currentPage, pageSize: table.pageSize, sorters: table.sorters, filters: table.filters };
    if (isAllowedState(resource, state)) return;
    if (!isPageNumber(table.currentPage)) setCurrentPage(1);
    if (!pageSizes.includes(table.pageSize)) setPageSize(pageSizes[0]);
    if (!isAllowedState(resource, { sorters: table.sorters })) setSorters(defaultSorters(resource));
    if (!isAllowedState(resource, { filters: table.filters })) {
      const { values, search } = filterValuesOf(resource, table.filters);
      setFilters(toCrudFilters(values, search), 'replace');
    }
  }, [resource, table.currentPage, table.pageSize, table.sorters, table.filters, setCurrentPage, setPageSize, setSorters, setFilters]);

  // A page past the end (a bookmark of page 30 after deletions, `currentPage=999`): the last page there is, not an
  // empty list that says there is nothing. (A capped search total is not the end: paging stops at the cap anyway.)
  const answeredTotal = table.result.total;
  const capped = (table.result as { pagination?: ListPagination }).pagination?.totalCapped === true;
  useEffect(() => {
    if (answeredTotal === undefined || answeredTotal === 0 || capped || table.tableQuery.isFetching) return;
    const lastPage = Math.max(1, Math.ceil(answeredTotal / table.pageSize));
    if (table.currentPage > lastPage) setCurrentPage(lastPage);
  }, [answeredTotal, capped, table.currentPage, table.pageSize, table.tableQuery.isFetching, setCurrentPage]);

  // The page's own address without a query (its sidebar entry clicked while on page 3): a fresh list.
  // (Refine's useTable means to do this too, but checks a `search` parameter instead of the query.)
  const previousSearch = useRef(location.search);
  useEffect(() => {
    if (syncWithLocation && location.search === '' && previousSearch.current !== '') {
      setCurrentPage(1);
      setPageSize(pageSizes[0]);
      setSorters(defaultSorters(resource));
      setFilters(initialFilters(resource), 'replace');
    }
    previousSearch.current = location.search;
  }, [syncWithLocation, location.search, resource, setCurrentPage, setPageSize, setSorters, setFilters]);

  // Back or Forward to another state of the list (list-history.ts makes the member's changes history entries): the
  // table follows the address. Refine's useTable reads the address only when it mounts.
  const navigationType = useNavigationType();
  // Only a move to another entry: the address the list opened on counts as a Pop too (a router's first entry), but
  // useTable has read it already; followed again, an address with other parameters only (`?lng=uk`) dropped the
  // default tab's filter.
  const followedKey = useRef(location.key);
  useEffect(() => {
    if (followedKey.current === location.key) return;
    followedKey.current = location.key;
    if (!syncWithLocation || navigationType !== NavigationType.Pop || location.search === '') return;
    const wanted = parseTableParams(location.search);
    const now = table;
    const page = Number(wanted.parsedCurrentPage) || 1;
    const size = Number(wanted.parsedPageSize) || pageSizes[0];
    if (page !== now.currentPage) setCurrentPage(page);
    if (size !== now.pageSize) setPageSize(size);
    const sorters = wanted.parsedSorter.length > 0 ? wanted.parsedSorter : defaultSorters(resource);
    if (JSON.stringify(sorters) !== JSON.stringify(now.sorters)) setSorters(sorters);
    const barFilters = now.filters.filter((filter) => !permanent.some((fixed) => JSON.stringify(fixed) === JSON.stringify(filter)));
    if (JSON.stringify(wanted.parsedFilters) !== JSON.stringify(barFilters)) setFilters(wanted.parsedFilters, 'replace');
    // Once per history entry: its key changes with every Back and Forward.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // The first rows are drawn as a transition: React renders the table in slices (the page opening is not
  // one long task). Later answers replace the rows at once, so stale rows never linger.
  const query = table.tableQuery;
  const answered = query.data !== undefined || query.isError;
  const [firstShown, setFirstShown] = useState(false);
  useEffect(() => {
    if (answered && !firstShown) startTransition(() => setFirstShown(true));
  }, [answered, firstShown]);

  const { values, search } = useMemo(() => {
    const state = filterValuesOf(resource, table.filters);
    // The scope's filters are not the filter bar's: setting the bar's filters must not repeat them.
    for (const field of Object.keys(JSON.parse(scopeKey) as object)) delete state.values[field];
    return state;
  }, [resource, table.filters, scopeKey]);
  const sorter = table.sorters[0];

  return {
    records: (firstShown ? table.result.data : []) as Row[],
    total: table.result.total ?? 0,
    /** A search with more matches than `total` (the server counts up to a cap): "more than …". */
    totalCapped: (table.result as { pagination?: ListPagination }).pagination?.totalCapped === true,
    loading: query.isFetching || !firstShown,
    failed: query.isError,
    page: table.currentPage,
    pageSize: table.pageSize,
    sorter,
    filters: values,
    search,
    /** New filter values: the first page of the filtered list. */
    setFilters: (next: Record<string, unknown>) => {
      markListChangeByMember();
      setFilters(toCrudFilters(next, search), 'replace');
      setCurrentPage(1);
    },
    /** The search and every filter but `keep`'s (the list's tab, the page's scope) gone: the first page of the whole list. */
    clearFilters: (keep: readonly string[]) => {
      markListChangeByMember();
      setFilters(toCrudFilters(Object.fromEntries(Object.entries(values).filter(([field]) => keep.includes(field))), ''), 'replace');
      setCurrentPage(1);
    },
    /** A new search text: the first page of the results. */
    setSearch: (text: string) => {
      markListChangeByMember();
      setFilters(toCrudFilters(values, text), 'replace');
      setCurrentPage(1);
    },
    /**
     * The table's pagination or sort changed. A new page size or a new order starts from the first page: page 15 of
     * another order holds other rows, and a member who clicks a column header wants the first of them.
     */
    change: (next: { page: number; pageSize: number; sorter?: CrudSort }) => {
      markListChangeByMember();
      const reordered = next.sorter?.field !== sorter?.field || next.sorter?.order !== sorter?.order;
      setCurrentPage(next.pageSize !== table.pageSize || reordered ? 1 : next.page);
      setPageSize(next.pageSize);
      if (reordered) setSorters(next.sorter ? [next.sorter] : []);
    },
    setPage: (page: number) => {
      markListChangeByMember();
      setCurrentPage(page);
    },
  };
}
