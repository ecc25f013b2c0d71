/**
 * The export and import addresses of a generic list (docs/import-export.md): the list's own path (its
 * path parameters filled, as the data provider's getList does) plus `/export` or `/import`. The export
 * carries exactly the list's current query: the scope's fixed filters, the filter bar, the search and the
 * sort, as getList sends them, but no page (an export is every row the query matches).
 */
import type { CrudSort } from '@refinedev/core';
import type { ResourceDefinition } from '../../../resources';
import { fillPath, listQuery } from '../../providers/data-provider';
import { toCrudFilters } from '../list-state';

export type ExportFormat = 'xlsx' | 'csv';

/** What a list shows right now (use-crud-list.ts): the filter bar's values, the search text, the sort. */
export interface ListQueryState {
  filters: Record<string, unknown>;
  search: string;
  sorter?: CrudSort;
  /** The list's fixed filters (CrudList `scope`): always sent. */
  scope?: Record<string, string | number>;
}

/** The list's path with its parameters filled, or undefined when it has no list (or a parameter is missing). */
export function listPathOf(resource: ResourceDefinition, params: Record<string, string> = {}): string | undefined {
  const endpoint = resource.api.list;
  if (!endpoint) return undefined;
  try {
    return fillPath(endpoint.path, params);
  } catch {
    return undefined;
  }
}

/** `GET <list path>/export?format=…&<the list's filters, search and sort>`, or undefined without a list path. */
export function exportPath(
  resource: ResourceDefinition,
  params: Record<string, string> | undefined,
  state: ListQueryState,
  format: ExportFormat,
): string | undefined {
  const path = listPathOf(resource, params);
  if (path === undefined) return undefined;
  const query = listQuery({
    pagination: { mode: 'off' },
    filters: [...toCrudFilters(state.scope ?? {}), ...toCrudFilters(state.filters, state.search)],
    sorters: state.sorter ? [state.sorter] : [],
  });
  return `${path}/export?format=${format}${query ? `&${query.slice(1)}` : ''}`;
}

/** `POST <list path>/import`, or undefined without a list path. */
export function importPath(resource: ResourceDefinition, params?: Record<string, string>): string | undefined {
  const path = listPathOf(resource, params);
  return path === undefined ? undefined : `${path}/import`;
}
