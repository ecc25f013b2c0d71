/** Test support for the generic pages: answers at the fetch boundary, the way the server would. */
import { vi } from 'vitest';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces the global fetch with a handler; vi.unstubAllGlobals() restores it. */
export function stubFetch(handler: (url: string, init: RequestInit) => Response) {
  const fetch = vi.fn((url: string, init: RequestInit) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
