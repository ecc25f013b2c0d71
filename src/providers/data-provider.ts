/**
 * The schema-driven data provider in Refine's contract: one function per verb, every URL built from the
 * endpoints of the resource registry (resources/index.ts), through the app's one HTTP client
 * (api-client.ts: axios with the bearer token, X-Request-Id, CSRF, Accept-Language, the timeout).
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
 * - getMany   `<api.list.path>?page=1&perPage=<n>&ids=<id>,<id>…` (n ≤ 100; more ids: more requests, side by
 *             side) → the records in the order asked; an id the server does not answer is simply absent. The
 *             calls of one tick are answered together (a table's labels: one request per resource, not one per
 *             row). A resource without a list endpoint: `getOne` for each id (a 404 is an absent record).
 * - getOne    `<api.show>` with `{id}`                     → `{ data }`
 * - create    `<api.create>`, body = variables              → `{ data, message, warnings? }`
 * - update    `<api.update>` with `{id}`, body = variables (with `version`; a stale one answers 409) → `{ data, message, warnings? }`
 *             `warnings` (`[{ field, message, … }]`, problems that did not stop the save, e.g. an order's
 *             driver whose licence expires during the trip) come along when the server answers them.
 *             A resource with `multipart` (resources/types.ts) creates and updates through its multipart paths
 *             instead: the variables as text fields (null: sent empty, which clears the field), the `File`s
 *             under `multipart.filesProperty` each as `multipart.filesField`, the progress to `meta.onProgress`.
 * - deleteOne `<api.delete>` with `{id}`                     → `{ data, message }`
 * - custom    any URL (`/api/…` or relative to it) with `query`, `filters`/`sorters` (as getList maps them),
 *             `payload` and `headers` → the answer's `{ data }`, with `pagination` for a list and the
 *             answer's other members (`counts`, `unread`, a resource's `check`'s `warnings`).
 * Path parameters other than `{id}` come from `meta.params` (`{ companyId: "7" }`), else for the parent
 * (`parent.param`) and `pathFields` from the record's field (`variables[field]`, `meta.record[field]`).
 * `meta.headers` are sent with the request of every verb.
 *
 * Messages: the provider shows nothing. Mutations hand back the server's `message` beside `data`, and
 * Refine's hooks pass it to the notification provider (notifications.ts). Errors are an `ApiError` that
 * is also Refine's `HttpError` (`statusCode`, `message`, `errors` = the 422 per-field messages, already
 * translated by the server), so forms show them under their fields. A 403 calls `onForbidden`.
 *
 * What of `@refinedev/simple-rest` is used, and why not the rest (DESIGN.md: the spec's API is not
 * json-server's):
 * - `stringify` (its query-string) writes `custom`'s `query`: plain `name=value` pairs, arrays repeated.
 * - `dataProvider` does not fit: it builds `/<resource>/<id>` URLs, pages with `_start`/`_end`, reads the
 *   total from `X-Total-Count`, asks `getMany` with `?id=1&id=2`, updates with PATCH and returns the
 *   body as `data`; the spec's API has action paths (`/companies/update/{id}`, `/{companyId}/banks`),
 *   `page`/`perPage`, the total in `pagination`, `ids=1,2`, PUT, and the `{ message, data }` envelope.
 * - `generateSort` gives `_sort`/`_order` lists (several fields); the API takes one `sort` and `order`.
 * - `generateFilter` (with `mapOperator`) gives `<field>_gte`, `_lte`, `_like`, `q`; the API takes
 *   `<field>_from`, `<field>_to`, `search`, and drops empty values first (SPEC §5).
 * - `axiosInstance` is one module-wide instance whose error interceptor replaces the error by a plain
 *   object (the server's per-field errors and the request id are not kept, a network failure has no
 *   message), and adding the app's interceptors to it would change it for every importer; the app's
 *   client (api-client.ts) is an axios instance of its own. The sign-in page imports that client, so it
 *   does not import simple-rest (and query-string) either.
 */
import type { BaseRecord, CrudFilter, CrudSort, CustomParams, DataProvider, MetaQuery } from '@refinedev/core';
import { stringify } from '@refinedev/simple-rest';
import { resourceByName, type ResourceDefinition } from '../../resources';
import type { Endpoint, MultipartApi } from '../../resources/types';
import { api } from './api';
import type { ApiClient, RequestOptions } from './api-client';
import { ApiError, isApiError } from './api-error';
import { refreshRightsAfterRefusal } from '../access/rights-refresh';

export interface CrudMeta extends MetaQuery {
  /** Values of path parameters other than `{id}`: `{ companyId: "7" }`. */
  params?: Record<string, string | number>;
  /** The record at hand (update/delete), to fill parent and `pathFields` parameters from its fields. */
  record?: Record<string, unknown>;
  /** Free-text search (`search=`). */
  search?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** An upload's progress, 0–100 (`custom` with a `FormData` payload, e.g. attachments). */
  onProgress?: (percent: number) => void;
  /**
   * Records wanted for their labels only (`getMany` of reference cells and an act's people, `getList` of a picker):
   * `labels=true`, so the server sends each as its label, no sensitive field, and records no read of one.
   */
  labels?: boolean;
}

export interface ListPagination {
  total: number;
  /** A search with more matches than the server counts (its total is then a lower bound). */
  totalCapped?: boolean;
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
export const maxIdsPerRequest = 100;

/** List queries whose cursors are kept (the most recently fetched ones). */
const REMEMBERED_QUERIES = 50;

export interface DataProviderOptions {
  /** Called when the server refuses a request (403), e.g. to reload the session's rights. */
  onForbidden?: () => void;
}

/** The part of the API client the provider uses (a test may hand in a fake one). */
export type DataClient = Pick<ApiClient, 'request'>;

/**
 * A resource's multipart create/update body: each field as text (null or undefined: sent empty, which
 * clears an optional field; objects as JSON), the new files under `filesField`; the stored-files property
 * itself (server-owned) is not sent.
 */
export function multipartBody(multipart: MultipartApi, variables: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(variables)) {
    if (field === multipart.filesProperty) continue;
    if (value === null || value === undefined) body.append(field, '');
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') body.append(field, String(value));
    else body.append(field, JSON.stringify(value));
  }
  const files = variables[multipart.filesProperty];
  for (const file of Array.isArray(files) ? files : []) if (file instanceof Blob) body.append(multipart.filesField, file, (file as File).name);
  return body;
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

/** `custom`'s URL: its `query` (empty values dropped) and its `filters`/`sorters` mapped as a list's are. */
function customUrl(url: string, { query, filters, sorters }: Pick<CustomParams, 'query' | 'filters' | 'sorters'>): string {
  const listPart = listQuery({ pagination: { mode: 'off' }, filters, sorters }).slice(1);
  const queryPart =
    query && typeof query === 'object' ? stringify(query as Record<string, unknown>, { skipNull: true, skipEmptyString: true, sort: false }) : '';
  const parts = [listPart, queryPart].filter(Boolean).join('&');
  return parts ? `${url}${url.includes('?') ? '&' : '?'}${parts}` : url;
}

/** A problem the server reports without refusing (a save's or a `check`'s `warnings`): its field and message, and more. */
export interface ServerWarning {
  field: string;
  message: string;
  [detail: string]: unknown;
}

/** `{ warnings }` when the answer carries a list of them, else nothing (so answers without stay as they were). */
function warningsOf(answer: unknown): { warnings?: ServerWarning[] } {
  const warnings = (answer as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? { warnings: warnings as ServerWarning[] } : {};
}

/** An `ApiError` that Refine also reads as its `HttpError`. */
function asHttpError(error: unknown): ApiError & { statusCode: number; errors: Record<string, string[]> } {
  const apiError = isApiError(error) ? error : new ApiError({ status: 0, message: error instanceof Error ? error.message : String(error) });
  return Object.assign(apiError, { statusCode: apiError.status, errors: apiError.fieldErrors });
}

type ManyCall = { ids: string[]; resolve: (records: BaseRecord[]) => void; reject: (error: unknown) => void };

export function createDataProvider(client: DataClient = api, options: DataProviderOptions = {}): DataProvider {
  const knownPages = new Map<string, KnownPage>();
  const isCursorRefusal = (error: ApiError) => error.status === 422 && Object.hasOwn(error.fieldErrors, 'cursor');

  /** One request; its failure is thrown as an HttpError, a refusal (403) reported first. */
  async function call<T>(method: string, path: string, meta: CrudMeta | undefined, body?: unknown): Promise<{ message?: string; data: T }> {
    try {
      const request: RequestOptions = {};
      if (body !== undefined) request.body = body;
      if (meta?.headers) request.headers = meta.headers;
      if (meta?.onProgress) request.onProgress = meta.onProgress;
      return await client.request<T>(method, path, request);
    } catch (error) {
      const httpError = asHttpError(error);
      if (httpError.status === 403) options.onForbidden?.();
      throw httpError;
    }
  }

  /** The records of some ids, by `ids=` list requests of at most 100 ids each, sent side by side. */
  async function listByIds(definition: ResourceDefinition, meta: CrudMeta | undefined, ids: string[]): Promise<BaseRecord[]> {
    const endpoint = endpointOf(definition, 'list');
    const path = fillPath(endpoint.path, pathValues(definition, meta, undefined));
    const chunks = Array.from({ length: Math.ceil(ids.length / maxIdsPerRequest) }, (_, index) =>
      ids.slice(index * maxIdsPerRequest, (index + 1) * maxIdsPerRequest),
    );
    const answers = await Promise.all(
      chunks.map((chunk) => {
        const query = listQuery({
          pagination: { currentPage: 1, pageSize: chunk.length },
          filters: [
            { field: 'ids', operator: 'eq', value: chunk.join(',') },
            ...(meta?.labels === true ? [{ field: 'labels', operator: 'eq' as const, value: 'true' }] : []),
          ],
        });
        return call<unknown>(endpoint.method, path + query, meta);
      }),
    );
    return answers.flatMap((answer) => (Array.isArray(answer.data) ? (answer.data as BaseRecord[]) : []));
  }

  /** A resource without a list endpoint: one `getOne` each; a record the server does not find is absent. */
  async function showEach(definition: ResourceDefinition, meta: CrudMeta | undefined, ids: string[]): Promise<BaseRecord[]> {
    const endpoint = endpointOf(definition, 'show');
    const records = await Promise.all(
      ids.map((id) =>
        call<BaseRecord>(endpoint.method, fillPath(endpoint.path, pathValues(definition, meta, undefined, id)), meta).then(
          (answer) => answer.data,
          (error: unknown) => {
            if (isApiError(error) && error.status === 404) return undefined;
            throw error;
          },
        ),
      ),
    );
    return records.filter((record): record is BaseRecord => record !== undefined && record !== null);
  }

  /**
   * `getMany` calls made in the same tick (a table's cells, each with its own `useMany`) are answered
   * together: one batch per resource, path parameters and headers.
   */
  const pendingMany = new Map<string, { calls: ManyCall[] }>();

  function batchedGetMany(resource: string, ids: string[], meta: CrudMeta | undefined): Promise<BaseRecord[]> {
    const key = JSON.stringify([resource, meta?.params ?? {}, meta?.headers ?? {}, meta?.labels === true]);
    return new Promise((resolve, reject) => {
      const pending = pendingMany.get(key);
      if (pending) {
        pending.calls.push({ ids, resolve, reject });
        return;
      }
      const batch = { calls: [{ ids, resolve, reject }] };
      pendingMany.set(key, batch);
      setTimeout(() => {
        pendingMany.delete(key);
        const definition = resourceByName(resource);
        const idField = definition.idField ?? 'id';
        const all = [...new Set(batch.calls.flatMap((one) => one.ids))];
        const fetched = definition.api.list ? listByIds(definition, meta, all) : showEach(definition, meta, all);
        fetched.then(
          (records) => {
            const byId = new Map<string, BaseRecord>(records.map((record) => [String(record[idField]), record]));
            for (const one of batch.calls) one.resolve(one.ids.map((id) => byId.get(id)).filter((record) => record !== undefined));
          },
          (error: unknown) => batch.calls.forEach((one) => one.reject(error)),
        );
      }, 0);
    });
  }

  return {
    getApiUrl: () => '/api',

    async getList({ resource, pagination, sorters, filters, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'list');
      const crudMeta: CrudMeta | undefined = meta;
      const query = listQuery({
        pagination,
        sorters,
        filters: crudMeta?.labels === true ? [...(filters ?? []), { field: 'labels', operator: 'eq', value: 'true' }] : filters,
        search: crudMeta?.search,
      });
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
          answer = await call<unknown[]>(endpoint.method, `${path}${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`, crudMeta);
        } catch (error) {
          if (!isApiError(error) || !isCursorRefusal(error)) throw error;
          knownPages.delete(key);
          answer = await call<unknown[]>(endpoint.method, path, crudMeta);
        }
      } else answer = await call<unknown[]>(endpoint.method, path, crudMeta);
      const served = answer.pagination;
      if (paged && served) {
        knownPages.delete(key);
        knownPages.set(key, { page: served.currentPage, nextCursor: served.nextCursor ?? null, previousCursor: served.previousCursor ?? null });
        if (knownPages.size > REMEMBERED_QUERIES) knownPages.delete(knownPages.keys().next().value as string);
      }
      const data = Array.isArray(answer.data) ? answer.data : [];
      return { data: data as never[], total: answer.pagination?.total ?? data.length, pagination: answer.pagination };
    },

    async getMany({ resource, ids, meta }) {
      if (ids.length === 0) return { data: [] };
      const records = await batchedGetMany(resource, ids.map(String), meta);
      return { data: records as never[] };
    },

    async getOne({ resource, id, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'show');
      const crudMeta: CrudMeta | undefined = meta;
      const answer = await call(endpoint.method, fillPath(endpoint.path, pathValues(definition, crudMeta, undefined, id)), crudMeta);
      return { data: answer.data as never };
    },

    async create({ resource, variables, meta }) {
      const definition = resourceByName(resource);
      const crudMeta: CrudMeta | undefined = meta;
      const record = variables as Record<string, unknown>;
      const { multipart } = definition;
      if (multipart) {
        const path = fillPath(multipart.create.path, { ...record, ...pathValues(definition, crudMeta, record) });
        const answer = await call(multipart.create.method, path, crudMeta, multipartBody(multipart, record));
        return { data: answer.data as never, message: answer.message };
      }
      const endpoint = endpointOf(definition, 'create');
      const answer = await call(endpoint.method, fillPath(endpoint.path, pathValues(definition, crudMeta, record)), crudMeta, variables);
      return { data: answer.data as never, message: answer.message, ...warningsOf(answer) };
    },

    async update({ resource, id, variables, meta }) {
      const definition = resourceByName(resource);
      const crudMeta: CrudMeta | undefined = meta;
      const record = variables as Record<string, unknown>;
      const { multipart } = definition;
      if (multipart) {
        const path = fillPath(multipart.update.path, { ...record, ...pathValues(definition, crudMeta, record, id) });
        const answer = await call(multipart.update.method, path, crudMeta, multipartBody(multipart, record));
        return { data: answer.data as never, message: answer.message };
      }
      const endpoint = endpointOf(definition, 'update');
      const answer = await call(endpoint.method, fillPath(endpoint.path, pathValues(definition, crudMeta, record, id)), crudMeta, variables);
      return { data: answer.data as never, message: answer.message, ...warningsOf(answer) };
    },

    async deleteOne({ resource, id, meta }) {
      const definition = resourceByName(resource);
      const endpoint = endpointOf(definition, 'delete');
      const crudMeta: CrudMeta | undefined = meta;
      const answer = await call(endpoint.method, fillPath(endpoint.path, pathValues(definition, crudMeta, undefined, id)), crudMeta);
      return { data: (answer.data ?? {}) as never, message: answer.message };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, filters, sorters, headers, meta }: CustomParams) {
      const crudMeta: CrudMeta | undefined = meta;
      const extraHeaders: Record<string, string> | undefined = headers;
      const allHeaders = { ...crudMeta?.headers, ...extraHeaders };
      const answer = await call<TData>(
        method.toUpperCase(),
        customUrl(url, { query, filters, sorters }),
        { headers: allHeaders, onProgress: crudMeta?.onProgress },
        payload,
      );
      // A list's `pagination` comes along (the audit log's pages: src/pages/audit/use-audit-log.ts), and
      // so do the answer's other members beside `data` (the compliance page's `counts`, the bell's
      // `unread`). The server's message goes along too, for the hooks' notifications (notifications.ts).
      const { data, message, pagination, ...others } = answer as { data: TData; message?: string; pagination?: ListPagination };
      return { data, ...others, ...(pagination ? { pagination } : {}), ...(message ? { message } : {}) };
    },
  };
}

// A refusal may mean the member's rights changed meanwhile: the session reloads them (src/access/).
export const dataProvider = createDataProvider(api, { onForbidden: () => void refreshRightsAfterRefusal() });
