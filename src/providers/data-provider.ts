/**
 * The schema-driven data provider: one function per verb, every URL built from the endpoints of the
 * resource registry (resources/index.ts), through the app's API client (bearer, X-Request-Id, CSRF,
 * Accept-Language, timeout).
 *
 * URL contract (paths under /api; `{id}` is the record id, `{param}` any other path parameter):
 * - getList   `<api.list.method> <api.list.path>?page=&perPage=&sort=&order=asc|desc&search=&<field>=&<field>_from=&<field>_to=[&cursor=]`
 *             → `{ data: [...], pagination: { total, currentPage, perPage, lastPage, nextCursor, previousCursor } }`
 *             filters: `eq` → `<field>=`, `gte` → `<field>_from=`, `lte` → `<field>_to=`, field `search` → `search=`;
 *             empty or null values ("", null, undefined, []) are dropped before sending (SPEC §5).
 *             The cursors of the last page fetched of each list query (path + everything but `page`) are kept:
 *             asked for the page after (or before) it, the provider adds `cursor=` (a keyset page, as cheap at
 *             page 10,000 as at page 2) beside the same `page`; any other page goes by number. Should the
 *             server refuse the cursor (422 on `cursor`), the page is asked again by number, silently.
 * - getMany   `<api.list.path>?page=1&perPage=<n>&ids=<id>,<id>…` (n ≤ 100; more ids: more requests); the calls
 *             of one tick are answered together (a table's labels: one request per resource, not one per row).
 * - getOne    `<api.show>` with `{id}`                     → `{ data }`
 * - create    `<api.create>`, body = variables              → `{ message, data }`
 * - update    `<api.update>` with `{id}`, body = variables (with `version`; a stale one answers 409) → `{ message, data }`
 * - deleteOne `<api.delete>` with `{id}`                     → `{ message }`
 * - custom    any URL, as before.
 * Path parameters other than `{id}` come from `meta.params` (`{ companyId: "7" }`), else for the parent
 * (`parent.param`) and `pathFields` from the record's field (`variables[field]`, `meta.record[field]`).
 *
 * Errors: an `ApiError` that is also Refine's `HttpError` (`statusCode`, `errors` = the 422 per-field
 * messages, already translated by the server), so forms show them under their fields. Mutations show the
 * server's message as a toast (success and failure); reads show failures as a toast.
 */
import type { BaseRecord, CrudFilter, CrudSort, CustomParams, DataProvider, MetaQuery } from '@refinedev/core';
import { resourceByName, type ResourceDefinition } from '../../resources';
import type { Endpoint } from '../../resources/types';
import { api } from './api';
import type { ApiClient } from './api-client';
import { ApiError, isApiError } from './api-error';
import { refreshRightsAfterRefusal } from '../access/rights-refresh';
import { toast } from './toast';

export interface CrudMeta extends MetaQuery {
  /** Values of path parameters other than `{id}`: `{ companyId: "7" }`. */
  params?: Record<string, string | number>;
  /** The record at hand (update/delete), to fill parent and `pathFields` parameters from its fields. */
  record?: Record<string, unknown>;
  /** Free-text search (`search=`). */
  search?: string;
}

export interface ListPagination {
  total: number;
  currentPage: number;
  perPage: number;
  lastPage: number;
  nextCursor?: string | null;
  previousCursor?: string | null;
}

/** Where the last page fetched of one list query was, and the cursors to the pages beside it. */
interface KnownPage {
  page: number;
  nextCursor: string | null;
  previousCursor: string | null;
}

/** Most ids one `ids=` list request carries (the server's largest page). */
const MAX_IDS_PER_REQUEST = 100;

/** List queries whose cursors are kept (the most recently fetched ones). */
const REMEMBERED_QUERIES = 50;

export interface DataProviderOptions {
  /** Shows a toast; `null` to stay silent (tests, callers that show their own). */
  notify?: ((type: 'success' | 'error', message: string) => void) | null;
  /** Called when the server refuses a request (403), e.g. to reload the session's rights. */
  onForbidden?: () => void;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Fills `{name}` placeholders; a missing value is a programming error, reported clearly. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (isEmpty(value)) throw new Error(`No value for the path parameter {${name}} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

function endpointOf(resource: ResourceDefinition, verb: keyof ResourceDefinition['api']): Endpoint {
  const endpoint = resource.api[verb];
  if (!endpoint) throw new Error(`The resource "${resource.name}" has no "${verb}" endpoint`);
  return endpoint;
}

/** The path parameters of a call: meta.params, then the parent and pathFields from the record's fields. */
function pathValues(resource: ResourceDefinition, meta: CrudMeta | undefined, record: Record<string, unknown> | undefined, id?: unknown) {
  const values: Record<string, unknown> = {};
  const sources = [record, meta?.record];
  const fieldValue = (field: string) => sources.map((source) => source?.[field]).find((value) => !isEmpty(value));
  if (resource.parent) values[resource.parent.param] = fieldValue(resource.parent.field);
  for (const [param, field] of Object.entries(resource.pathFields ?? {})) values[param] = fieldValue(field);
  for (const [param, value] of Object.entries(meta?.params ?? {})) if (!isEmpty(value)) values[param] = value;
  if (id !== undefined) values.id = id;
  return values;
}

/** The query string of a list call, without empty values. */
export function listQuery(options: {
  pagination?: { currentPage?: number; pageSize?: number; mode?: string };
  sorters?: CrudSort[];
  filters?: CrudFilter[];
  search?: string;
}): string {
  const query = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (isEmpty(value)) return;
    if (Array.isArray(value)) value.forEach((item) => !isEmpty(item) && query.append(name, String(item)));
    else query.append(name, String(value));
  };
  if (options.pagination?.mode !== 'off') {
    add('page', options.pagination?.currentPage ?? 1);
    add('perPage', options.pagination?.pageSize ?? 10);
  }
  const sorter = options.sorters?.[0];
  if (sorter) {
    add('sort', sorter.field);
    add('order', sorter.order);
  }
  add('search', options.search);
  for (const filter of options.filters ?? []) {
    if (!('field' in filter)) continue; // "or"/"and" groups: the API has no such thing
    if (filter.field === 'search') add('search', filter.value);
    else if (filter.operator === 'gte') add(`${filter.field}_from`, filter.value);
    else if (filter.operator === 'lte') add(`${filter.field}_to`, filter.value);
    else if (filter.operator === 'between' && Array.isArray(filter.value)) {
      add(`${filter.field}_from`, filter.value[0]);
      add(`${filter.field}_to`, filter.value[1]);
    } else add(filter.field, filter.value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (!isEmpty(value)) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** An `ApiError` that Refine also reads as its `HttpError`. */
function asHttpError(error: unknown): ApiError & { statusCode: number; errors: Record<string, string[]> } {
  const apiError = isApiError(error) ? error : new ApiError({ status: 0, message: error instanceof Error ? error.message : String(error) });
  return Object.assign(apiError, { statusCode: apiError.status, errors: apiError.fieldErrors });
}

export function createDataProvider(client: ApiClient = api, options: DataProviderOptions = {}): DataProvider {
  const notify = options.notify === undefined ? (type: 'success' | 'error', message: string) => toast(type, message) : options.notify;

  const knownPages = new Map<string, KnownPage>();
  const isCursorRefusal = (error: ApiError) => error.status === 422 && Object.hasOwn(error.fieldErrors, 'cursor');

  /** `silent`: a failure it accepts is thrown without a toast (the caller handles it). */
  async function call<T>(
    endpoint: Endpoint,
    path: string,
    body?: unknown,
    announce = false,
    silent?: (error: ApiError) => boolean,
  ): Promise<{ message?: string; data: T }> {
    try {
      const answer = await client.request<T>(endpoint.method, path, body === undefined ? {} : { body });
      if (announce && answer.message) notify?.('success', answer.message);
      return answer;
    } catch (error) {
      const httpError = asHttpError(error);
      if (silent?.(httpError)) throw httpError;
      if (httpError.message) notify?.('error', httpError.message);
      if (httpError.status === 403) options.onForbidden?.();
      throw httpError;
    }
  }

  /**
   * `getMany` calls made in the same tick (a table's cells, each with its own `useMany`) are answered
   * together: one `ids=` list request per resource and path parameters, at most 100 ids each.
   */
  // The lists of ids are asked through this provider's own getList (the same URLs, cursors and errors).
  const listRecords = (params: Parameters<DataProvider['getList']>[0]) => createdProvider.getList(params);
  type ManyCall = { ids: string[]; resolve: (records: BaseRecord[]) => void; reject: (error: unknown) => void };
  const pendingMany = new Map<string, { resource: string; meta?: CrudMeta; calls: ManyCall[] }>();

  async function recordsByIds(resource: string, meta: CrudMeta | undefined, ids: string[]): Promise<BaseRecord[]> {
    const chunks = Array.from({ length: Math.ceil(ids.length / MAX_IDS_PER_REQUEST) }, (_, index) =>
      ids.slice(index * MAX_IDS_PER_REQUEST, (index + 1) * MAX_IDS_PER_REQUEST),
    );
    const answers = await Promise.all(
      chunks.map((chunk) =>
        listRecords({
          resource,
          pagination: { currentPage: 1, pageSize: chunk.length },
          filters: [{ field: 'ids', operator: 'eq', value: chunk.join(',') }],
          meta: meta?.params ? { params: meta.params } : undefined,
        }),
      ),
    );
    return answers.flatMap((answer): BaseRecord[] => answer.data);
  }

  function batchedGetMany(resource: string, ids: string[], meta: CrudMeta | undefined): Promise<BaseRecord[]> {
    const key = `${resource} ${JSON.stringify(meta?.params ?? {})}`;
    return new Promise((resolve, reject) => {
      let batch = pendingMany.get(key);
      if (!batch) {
        const started = { resource, meta, calls: [] as ManyCall[] };
        batch = started;
        pendingMany.set(key, started);
        setTimeout(() => {
          pendingMany.delete(key);
          const idField = resourceByName(resource).idField ?? 'id';
          const all = [...new Set(started.calls.flatMap((call) => call.ids))];
          recordsByIds(resource, started.meta, all).then(
            (records) => {
              const byId = new Map<string, BaseRecord>(records.map((record) => [String(record[idField]), record]));
              for (const call of started.calls) call.resolve(call.ids.map((id) => byId.get(id)).filter((record) => record !== undefined));
            },
            (error: unknown) => started.calls.forEach((call) => call.reject(error)),
          );
        }, 0);
      }
      batch.calls.push({ ids, resolve, reject });
    });
  }

  const createdProvider: DataProvider = {
    getApiUrl: () => '/api',

    async getMany({ resource, ids, meta }) {
      if (ids.length === 0) return { data: [] };
      const crudMeta: CrudMeta | undefined = meta;
      const records = await batchedGetMany(resource, ids.map(String), crudMeta);
      return { data: records as never[] };
    },

    async getList({ resource, pagination, sorters, filters, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'list');
      const crudMeta = meta as CrudMeta | undefined;
      const query = listQuery({ pagination, sorters, filters, search: crudMeta?.search });
      const path = fillPath(endpoint.path, pathValues(definition, crudMeta, undefined)) + query;
      const paged = pagination?.mode !== 'off';
      const key = `${resource} ${path.replace(/([?&])page=\d+&?/, '$1')}`;
      const wanted = pagination?.currentPage ?? 1;
      const known = paged ? knownPages.get(key) : undefined;
      const cursor = known && (wanted === known.page + 1 ? known.nextCursor : wanted === known.page - 1 ? known.previousCursor : null);
      type ListAnswer = { data: unknown[]; pagination?: ListPagination };
      let answer: ListAnswer;
      if (cursor) {
        try {
          answer = (await call<unknown[]>(
            endpoint,
            `${path}${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`,
            undefined,
            false,
            isCursorRefusal,
          )) as ListAnswer;
        } catch (error) {
          if (!isApiError(error) || !isCursorRefusal(error)) throw error;
          knownPages.delete(key);
          answer = (await call<unknown[]>(endpoint, path)) as ListAnswer;
        }
      } else answer = (await call<unknown[]>(endpoint, path)) as ListAnswer;
      const served = answer.pagination;
      if (paged && served) {
        knownPages.delete(key);
        knownPages.set(key, { page: served.currentPage, nextCursor: served.nextCursor ?? null, previousCursor: served.previousCursor ?? null });
        if (knownPages.size > REMEMBERED_QUERIES) knownPages.delete(knownPages.keys().next().value as string);
      }
      const data = Array.isArray(answer.data) ? answer.data : [];
      return { data: data as never[], total: answer.pagination?.total ?? data.length, pagination: answer.pagination } as never;
    },

    async getOne({ resource, id, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'show');
      const answer = await call(endpoint, fillPath(endpoint.path, pathValues(definition, meta as CrudMeta, undefined, id)));
      return { data: answer.data as never };
    },

    async create({ resource, variables, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'create');
      const record = variables as Record<string, unknown>;
      const answer = await call(endpoint, fillPath(endpoint.path, pathValues(definition, meta as CrudMeta, record)), variables, true);
      return { data: answer.data as never };
    },

    async update({ resource, id, variables, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'update');
      const record = variables as Record<string, unknown>;
      const answer = await call(endpoint, fillPath(endpoint.path, pathValues(definition, meta as CrudMeta, record, id)), variables, true);
      return { data: answer.data as never };
    },

    async deleteOne({ resource, id, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'delete');
      const answer = await call(endpoint, fillPath(endpoint.path, pathValues(definition, meta as CrudMeta, undefined, id)), undefined, true);
      return { data: (answer.data ?? {}) as never };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers }: CustomParams) {
      const answer = await client.request<TData>(method.toUpperCase(), `${url}${queryString(query)}`, {
        body: payload,
        headers: headers as Record<string, string> | undefined,
      });
      // A list's `pagination` comes along (the audit log's pages: src/pages/audit/use-audit-log.ts).
      const { pagination } = answer as { pagination?: ListPagination };
      return pagination ? { data: answer.data, pagination } : { data: answer.data };
    },
  };
  return createdProvider;
}

// A refusal may mean the member's rights changed meanwhile: the session reloads them (src/access/).
export const dataProvider = createDataProvider(api, { onForbidden: () => void refreshRightsAfterRefusal() });
