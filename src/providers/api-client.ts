/**
 * The one HTTP client of the web app (docs/architecture.md, "Wire contract"): one axios instance whose
 * interceptors give every request to `/api…` the bearer token when signed in, a fresh `X-Request-Id`,
 * the tab's `X-CSRF-Token` and `Accept-Language`; it gives up after 1,200,000 ms (SPEC §9). Answers are
 * `{ message?, data }`; every failure (an error status, no answer, the timeout) becomes an `ApiError`
 * with the status, the server's message, its per-field errors and the request id. Requests go out
 * through `fetch`; uploads through XMLHttpRequest, reporting their progress through axios's
 * `onUploadProgress`; downloads (exports) as fetch's stream, read chunk by chunk (download.ts).
 *
 * A GET the boot module already sent (src/boot/prefetch.ts) is answered from its early response by an
 * adapter wrapped around axios's own, so the data arrives through the same transformers and errors.
 */
import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { i18n } from '../i18n/i18n';
import { ApiError, type FieldErrors } from './api-error';
import { countOf, fileNameOf, readBody, type Download, type DownloadOptions } from './download';

export const requestTimeoutMs = 1_200_000;
export const csrfStorageKey = 'csrfToken';

export interface ApiEnvelope<T> {
  message?: string;
  data: T;
}

export interface ApiClientOptions {
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called when a request that carried a token is answered 401: the session has ended. */
  onUnauthorized?: () => void;
  /** The API's path (`/api`): paths not starting with it are put under it. */
  baseUrl?: string;
  /** Where the API is (`http://127.0.0.1:3000`); the page's own origin when absent (the browser). */
  origin?: string;
  timeoutMs?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  randomId?: () => string;
  /** How requests travel, instead of the client's choice (see `transport`): a test's fake adapter. */
  adapter?: AxiosRequestConfig['adapter'];
  /**
   * An answer to `GET url` already on its way (src/boot/prefetch.ts: asked for by the boot module while
   * the app loaded), used instead of sending the request again when it succeeded.
   */
  prefetched?: (url: string, token: string | null, language: string) => Promise<Response | null> | undefined;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The share of the body sent so far, 0–100 (uploads). */
  onProgress?: (percent: number) => void;
}

function defaultRandomId(): string {
  return globalThis.crypto.randomUUID();
}

/** One random CSRF value per browser tab: sessionStorage is per tab and survives a reload. */
export function tabCsrfToken(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, randomId: () => string): string {
  const existing = storage?.getItem(csrfStorageKey);
  if (existing) return existing;
  const created = randomId();
  storage?.setItem(csrfStorageKey, created);
  return created;
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser: a value per page load still works
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'));
}

/** The JSON of an error answer, whatever form axios gave it in (text, object, or bytes for a blob request). */
async function errorBody(data: unknown): Promise<{ message?: unknown; errors?: unknown } | null> {
  let text: unknown = data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) text = await data.text();
  else if (typeof ReadableStream !== 'undefined' && data instanceof ReadableStream) text = await new Response(data).text();
  else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) text = new TextDecoder().decode(data);
  if (typeof text === 'string') {
    try {
      text = JSON.parse(text);
    } catch {
      return null;
    }
  }
  return text !== null && typeof text === 'object' ? text : null;
}

/** An early answer (a fetch `Response`) as the wrapped adapter would have given it. */
async function responseFrom(early: Response, config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  return {
    data: config.responseType === 'blob' ? await early.blob() : await early.text(),
    status: early.status,
    statusText: early.statusText,
    headers: AxiosHeaders.from(Object.fromEntries(early.headers.entries())),
    config,
    request: undefined,
  };
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const randomId = options.randomId ?? defaultRandomId;
  const storage = options.storage ?? sessionStorageOrUndefined();
  let csrfToken: string | undefined;

  function url(path: string): string {
    return path.startsWith(baseUrl) ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** The headers every request carries (a fresh request id each time). */
  function headers(extra: Record<string, string> = {}): Record<string, string> {
    csrfToken ??= tabCsrfToken(storage, randomId);
    const result: Record<string, string> = {
      Accept: 'application/json',
      'X-Request-Id': randomId(),
      'X-CSRF-Token': csrfToken,
      'Accept-Language': options.getLanguage(),
    };
    const token = options.getToken();
    if (token) result.Authorization = `Bearer ${token}`;
    return { ...result, ...extra };
  }

  /**
   * How a request travels: uploads by XMLHttpRequest (the only browser API that reports upload progress;
   * Node's http in tests), everything else by `fetch(url, init)` itself, as the boot module sends its
   * early requests (`Request: null` keeps axios from wrapping them in a `Request` object first; the unit
   * tests answer the app at that same boundary, src/crud/test-fetch.ts).
   */
  const transport: AxiosAdapter = (config) =>
    axios.getAdapter(options.adapter ?? (config.onUploadProgress ? ['xhr', 'http', 'fetch'] : ['fetch', 'xhr', 'http']), config)(config);

  /** The transport, except for a GET the boot module already has a good answer to. */
  const adapter: AxiosAdapter = (config) => {
    // axios labels every POST/PUT urlencoded, a body or not; the API answers 415 to that type (POST /logout).
    if (config.data === undefined || config.data === null) config.headers.delete('Content-Type');
    const pending =
      options.prefetched && config.method === 'get' && config.data === undefined && !config.signal && config.url
        ? options.prefetched(config.url, options.getToken(), String(config.headers.get('Accept-Language')))
        : undefined;
    // Without an early answer the request leaves at once (no await in between: the same tick as the call).
    if (!pending) return transport(config);
    // A failed early answer is asked for again, so its error comes as every other request's does.
    return pending.then((early) => (early?.ok ? responseFrom(early, config) : transport(config)));
  };

  const instance: AxiosInstance = axios.create({
    baseURL: options.origin,
    headers: { Accept: 'application/json' },
    timeout: options.timeoutMs ?? requestTimeoutMs,
    adapter,
    // A timeout is told apart from an abort by its code (ETIMEDOUT).
    transitional: { clarifyTimeoutError: true },
    env: { Request: null as unknown as undefined },
  });

  instance.interceptors.request.use(
    (config) => {
      // The caller's own headers win (a test or a special call may set one on purpose).
      for (const [name, value] of Object.entries(headers())) if (!config.headers.has(name)) config.headers.set(name, value);
      // Multipart, its boundary filled in when sent (left bare, axios would label it urlencoded outside a browser).
      if (typeof FormData !== 'undefined' && config.data instanceof FormData) config.headers.setContentType('multipart/form-data');
      return config;
    },
    undefined,
    // Synchronous: axios then sends the request in the tick it was asked for (as fetch did), not a tick later.
    { synchronous: true },
  );

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError)) throw error;
    const sent = error.config?.headers;
    const requestId = error.response?.headers['x-request-id'] as string | undefined;
    const response = error.response;
    if (!response) {
      const timedOut = error.code === AxiosError.ETIMEDOUT;
      // Said in the member's language (not axios's "Network Error"), and shown as the answer's message: what was
      // typed stays in the form, to be saved again once the server answers.
      throw new ApiError({
        status: 0,
        message: i18n.t(timedOut ? 'errors.timedOut' : 'errors.unreachable'),
        requestId: (sent?.get('X-Request-Id') as string | undefined) ?? undefined,
        hasServerMessage: true,
      });
    }
    if (response.status === 401 && sent?.has('Authorization')) options.onUnauthorized?.();
    const body = await errorBody(response.data);
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    throw new ApiError({
      status: response.status,
      message: serverMessage ?? (response.statusText || `HTTP ${response.status}`),
      fieldErrors: isFieldErrors(body?.errors) ? body.errors : {},
      requestId: requestId ?? (sent?.get('X-Request-Id') as string | undefined) ?? undefined,
      hasServerMessage: serverMessage !== undefined,
    });
  });

  function send(method: string, path: string, request: RequestOptions = {}, responseType?: 'blob'): Promise<AxiosResponse> {
    const { onProgress } = request;
    return instance.request({
      method,
      url: url(path),
      data: request.body,
      headers: request.headers,
      signal: request.signal,
      responseType,
      onUploadProgress: onProgress && ((event) => event.total && onProgress(Math.round((event.loaded / event.total) * 100))),
    });
  }

  async function request<T>(method: string, path: string, options?: RequestOptions): Promise<ApiEnvelope<T>> {
    const response = await send(method, path, options);
    if (response.status === 204) return { data: null as T };
    const body: unknown = response.data;
    if (body === null || typeof body !== 'object') throw new ApiError({ status: response.status, message: 'The answer is not JSON' });
    return body as ApiEnvelope<T>;
  }

  return {
    /** The axios instance itself (its defaults, its interceptors). */
    instance,
    headers,
    url,
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    /** With `onProgress`, an upload (`FormData`) reports how much of it has been sent. */
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    /** Raw bytes (avatars, files) with the same headers: an <img> cannot send the bearer token. */
    blob: async (path: string, options?: RequestOptions): Promise<Blob> => {
      const data: unknown = (await send('GET', path, options, 'blob')).data;
      // The browser gives a Blob; Node's http adapter gives the bytes.
      return data instanceof Blob ? data : new Blob([data as BlobPart]);
    },
    /**
     * A file (an export) read as it arrives, by fetch as a stream (download.ts): its progress in bytes,
     * rows of a CSV and the rows announced in `X-Export-Rows`; its name from Content-Disposition. An error
     * answer (a 422's JSON) is an ApiError as for every request; `signal` cancels it at any point.
     */
    download: async (path: string, options: DownloadOptions = {}): Promise<Download> => {
      const response = await instance.request({
        method: 'GET',
        url: url(path),
        headers: { Accept: '*/*', ...options.headers },
        signal: options.signal,
        responseType: 'stream',
      });
      // By name without regard to case (the browser's fetch gives them lower-case, others as sent).
      const header = (name: string) =>
        AxiosHeaders.from(response.headers as AxiosHeaders)
          .get(name)
          ?.toString();
      const type = header('content-type') ?? 'application/octet-stream';
      const totalRows = countOf(header('x-export-rows'));
      const countRows = /^text\/csv/i.test(type);
      const { blob, rows } = await readBody(response.data, { type, totalRows, countRows, onProgress: options.onProgress });
      return { blob, fileName: fileNameOf(header('content-disposition')), rows: totalRows ?? rows };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
