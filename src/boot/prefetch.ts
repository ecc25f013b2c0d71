/**
 * The app's side of the early requests of src/boot/start-boot.ts: the boot module, which runs while the
 * app's chunks download, asks for the current user and the page's first list rows and leaves the
 * answers' promises on `window`. The API client takes one instead of sending the same GET again, once,
 * only for the same token and language, and only shortly after the page loaded (an answer kept longer
 * could be out of date).
 */

/** Where the boot module leaves its requests (the same name as in start-boot.ts, which imports nothing). */
export const prefetchGlobal = '__fleetdeskPrefetch';

/** Older early answers are not used: the request is sent again. */
export const prefetchMaxAgeMs = 15_000;

export interface PrefetchedRequest {
  /** The Accept-Language it was sent with. */
  language: string;
  response: Promise<Response | null>;
}

export interface PrefetchStore {
  /** The bearer token the requests carried. */
  token: string;
  /** `performance.now()` when they were sent. */
  at: number;
  /** By URL (`/api/orders?page=1&…`). */
  requests: Record<string, PrefetchedRequest>;
}

type WithStore = { [prefetchGlobal]?: PrefetchStore };

/**
 * The early answer to `GET url` sent with `token` and `language`, or undefined when there is none to
 * use: each is handed out once, and never after `prefetchMaxAgeMs`.
 */
export function takePrefetched(
  url: string,
  token: string | null,
  language: string,
  now = () => globalThis.performance.now(),
): Promise<Response | null> | undefined {
  const store = (globalThis as WithStore)[prefetchGlobal];
  const request = store?.requests[url];
  if (!store || !request) return undefined;
  delete store.requests[url];
  if (store.token !== token || request.language !== language || now() - store.at > prefetchMaxAgeMs) return undefined;
  return request.response;
}
