/**
 * The one HTTP client of the web app (docs/architecture.md, "Wire contract"). Every request goes to
 * `/api…` with JSON, the bearer token when signed in, a fresh `X-Request-Id`, the tab's `X-CSRF-Token`
 * and `Accept-Language`; it gives up after 1,200,000 ms (SPEC §9). Answers are `{ message?, data }`;
 * failures become an `ApiError` with the status, the server's message and its per-field errors.
 */
import { ApiError, type FieldErrors } from './api-error';

export const requestTimeoutMs = 1_200_000;
export const csrfStorageKey = 'csrfToken';

export interface ApiEnvelope<T> {
  message?: string;
  data: T;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called when a request that carried a token is answered 401: the session has ended. */
  onUnauthorized?: () => void;
  baseUrl?: string;
  timeoutMs?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  randomId?: () => string;
  XMLHttpRequest?: typeof XMLHttpRequest;
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

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs;
  const randomId = options.randomId ?? defaultRandomId;
  const storage = options.storage ?? sessionStorageOrUndefined();
  let csrfToken: string | undefined;

  function url(path: string): string {
    return path.startsWith('/api') ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** The headers every request carries; exposed for uploads through XMLHttpRequest. */
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

  async function send(method: string, path: string, request: RequestOptions = {}): Promise<Response> {
    const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    const requestHeaders = headers(request.headers);
    if (request.body !== undefined && !isForm) requestHeaders['Content-Type'] = 'application/json';
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    request.signal?.addEventListener('abort', () => timeout.abort(request.signal?.reason), { once: true });
    const hadToken = 'Authorization' in requestHeaders;
    if (method === 'GET' && request.body === undefined && !request.signal) {
      const pending = options.prefetched?.(url(path), options.getToken(), requestHeaders['Accept-Language']);
      const early = pending && (await pending);
      if (early?.ok) {
        clearTimeout(timer);
        return early;
      }
      // No early answer, or a failed one: ask again, so errors come as every other request's do.
    }
    try {
      const response = await fetchFunction(url(path), {
        method,
        headers: requestHeaders,
        body: request.body === undefined ? undefined : isForm ? (request.body as FormData) : JSON.stringify(request.body),
        signal: timeout.signal,
      });
      if (!response.ok) throw await errorFromResponse(response, hadToken);
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const timedOut = timeout.signal.aborted && !request.signal?.aborted;
      throw new ApiError({ status: 0, message: timedOut ? 'Request timed out' : error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  async function errorFromResponse(response: Response, hadToken: boolean): Promise<ApiError> {
    if (response.status === 401 && hadToken) options.onUnauthorized?.();
    const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    return new ApiError({
      status: response.status,
      message: serverMessage ?? response.statusText ?? `HTTP ${response.status}`,
      fieldErrors: isFieldErrors(body?.errors) ? body.errors : {},
      requestId: response.headers.get('X-Request-Id') ?? undefined,
      hasServerMessage: serverMessage !== undefined,
    });
  }

  async function request<T>(method: string, path: string, request?: RequestOptions): Promise<ApiEnvelope<T>> {
    const response = await send(method, path, request);
    if (response.status === 204) return { data: null as T };
    const body = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
    if (body === null || typeof body !== 'object') throw new ApiError({ status: response.status, message: 'The answer is not JSON' });
    return body;
  }

  /**
   * A multipart upload with progress (fetch cannot report upload progress): XMLHttpRequest with the
   * same headers and the same error shape as every other request.
   */
  function upload<T>(path: string, body: FormData, onProgress?: (percent: number) => void): Promise<ApiEnvelope<T>> {
    const Request = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
    return new Promise((resolve, reject) => {
      const request = new Request();
      request.open('POST', url(path));
      const requestHeaders = headers();
      for (const [name, value] of Object.entries(requestHeaders)) request.setRequestHeader(name, value);
      request.timeout = timeoutMs;
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      request.onload = () => {
        let body: { message?: unknown; errors?: unknown; data?: unknown } | null = null;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = null;
        }
        if (request.status >= 200 && request.status < 300 && body) {
          resolve(body as ApiEnvelope<T>);
          return;
        }
        if (request.status === 401 && 'Authorization' in requestHeaders) options.onUnauthorized?.();
        const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
        reject(
          new ApiError({
            status: request.status,
            message: serverMessage ?? (request.statusText || `HTTP ${request.status}`),
            fieldErrors: isFieldErrors(body?.errors) ? body.errors : {},
            requestId: request.getResponseHeader('X-Request-Id') ?? undefined,
            hasServerMessage: serverMessage !== undefined,
          }),
        );
      };
      request.onerror = () => reject(new ApiError({ status: 0, message: 'Network error' }));
      request.ontimeout = () => reject(new ApiError({ status: 0, message: 'Request timed out' }));
      request.send(body);
    });
  }

  return {
    headers,
    upload,
    url,
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    /** Raw bytes (avatars, files) with the same headers: an <img> cannot send the bearer token. */
    blob: async (path: string, options?: RequestOptions) => (await send('GET', path, options)).blob(),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function isFieldErrors(value: unknown): value is FieldErrors {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'));
}
