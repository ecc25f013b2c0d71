/**
 * One record of any resource, whatever its endpoints need, through Refine's hooks (so the record is in
 * Refine's cache and follows every change made anywhere: an update invalidates it):
 * - `useOne` on the show endpoint when every path parameter besides `{id}` is known (from `params`, e.g.
 *   `?companyId=` of a show link, or the fields of a record at hand, such as the list's row);
 * - else `useList` looks the record up by its id through the list endpoint, page by page (a show page
 *   opened from a bare URL such as `/personal-main/employee/12`, or a resource without a show endpoint
 *   such as fuel cards), and then, when it has one, `useOne` reads it through the show endpoint with the
 *   parameters its row fills.
 */
import { useList, useOne, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import type { ResourceDefinition } from '../../resources';
import type { Endpoint } from '../../resources/types';
import { readNotifications, recordPageNotifications } from '../providers/notifications';
import { idOf } from './schemas';

type Row = Record<string, unknown>;

/** How many list pages of `lookupPageSize` a look-up by id reads at most. */
export const lookupPages = 20;
export const lookupPageSize = 100;

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The path parameters of an endpoint besides `{id}` that neither `params` nor the record's fields fill. */
export function missingPathParams(resource: ResourceDefinition, endpoint: Endpoint | undefined, params: Record<string, string> = {}, record?: Row): string[] {
  if (!endpoint) return [];
  const fieldOf = pathFieldsOf(resource);
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((param) => param !== 'id' && !filled(params[param]) && !(fieldOf[param] && filled(record?.[fieldOf[param]])));
}

/** Which field of a record fills which path parameter: the parent's and `pathFields`. */
function pathFieldsOf(resource: ResourceDefinition): Record<string, string> {
  return { ...(resource.pathFields ?? {}), ...(resource.parent ? { [resource.parent.param]: resource.parent.field } : {}) };
}

/** The path parameters a record's fields fill (`{ companyId: '7' }` from `company_id: 7`). */
export function pathParamsOf(resource: ResourceDefinition, record: Row | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [param, field] of Object.entries(pathFieldsOf(resource))) {
    const value = record?.[field];
    if (filled(value)) result[param] = String(value);
  }
  return result;
}

/** The path parameters of a resource's own (`pathFields`) found in a URL query (`?companyId=7`). */
export function pathParamsFromQuery(resource: ResourceDefinition, search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const result: Record<string, string> = {};
  for (const param of Object.keys(resource.pathFields ?? {})) {
    const value = query.get(param);
    if (value) result[param] = value;
  }
  return result;
}

export type RecordStatus = 'loading' | 'ready' | 'notFound' | 'failed';

export interface CrudRecord {
  status: RecordStatus;
  record?: Row;
  /** When the record shown was fetched (ms since the epoch): an answer newer than a moment can be waited for. */
  updatedAt: number;
}

/**
 * The record `id` of `resource`. `params`: path parameters known besides the id; `record`: the record at
 * hand (the list's row), whose fields fill more; `enabled: false` asks for nothing (yet).
 */
export function useCrudRecord(
  resource: ResourceDefinition,
  id: string,
  options: {
    params?: Record<string, string>;
    record?: Row;
    enabled?: boolean;
    /** The caller draws "Not found" itself (a record's page): a 404 gets no toast besides. */
    showsNotFound?: boolean;
  } = {},
): CrudRecord {
  const enabled = options.enabled ?? true;
  const params = options.params ?? {};
  const show = resource.api.show;
  const known = { ...pathParamsOf(resource, options.record), ...params };
  const direct = Boolean(show) && missingPathParams(resource, show, known).length === 0;

  // The look-up through the list, a page at a time until the record or the end of the list.
  const lookingUp = enabled && !direct && Boolean(resource.api.list);
  const [page, setPage] = useState(1);
  const lookup = useList<BaseRecord>({
    resource: resource.name,
    pagination: { currentPage: page, pageSize: lookupPageSize, mode: 'server' },
    meta: { params },
    queryOptions: { enabled: lookingUp },
    ...readNotifications,
  });
  // While the next page loads, the one before stands in for it (Refine keeps it): not an answer yet.
  const answered = lookup.query.isSuccess && !lookup.query.isPlaceholderData;
  const rows = answered ? (lookup.result.data as Row[]) : [];
  const found = rows.find((row) => idOf(resource, row) === id);
  const lastPage = answered && (rows.length < lookupPageSize || page * lookupPageSize >= (lookup.result.total ?? 0) || page >= lookupPages);
  // Not on this page and more to come: the next page (set while rendering, as React advises for state that
  // follows from what was rendered; the next page's answer is not in yet, so this runs once per page).
  if (lookingUp && answered && !found && !lastPage) setPage(page + 1);

  // The show endpoint, once its parameters are known (at once, or from the row the look-up found).
  const foundParams = found ? { ...pathParamsOf(resource, found), ...params } : undefined;
  const showParams = direct ? known : show && foundParams && missingPathParams(resource, show, foundParams).length === 0 ? foundParams : undefined;
  const one = useOne<BaseRecord>({
    resource: resource.name,
    id,
    meta: { params: showParams ?? {} },
    queryOptions: { enabled: enabled && showParams !== undefined },
    ...(options.showsNotFound ? recordPageNotifications : readNotifications),
  });

  if (showParams) {
    if (one.query.isError) return { status: one.query.error.statusCode === 404 ? 'notFound' : 'failed', updatedAt: one.query.errorUpdatedAt };
    if (one.result && !one.query.isPlaceholderData) return { status: 'ready', record: one.result, updatedAt: one.query.dataUpdatedAt };
    return { status: 'loading', updatedAt: 0 };
  }
  if (lookingUp) {
    if (lookup.query.isError) return { status: 'failed', updatedAt: lookup.query.errorUpdatedAt };
    if (found) return { status: 'ready', record: found, updatedAt: lookup.query.dataUpdatedAt };
    if (lastPage) return { status: 'notFound', updatedAt: lookup.query.dataUpdatedAt };
    return { status: 'loading', updatedAt: 0 };
  }
  return { status: enabled ? 'notFound' : 'loading', updatedAt: 0 };
}
