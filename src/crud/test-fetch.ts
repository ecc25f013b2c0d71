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

/**
 * happy-dom gives `new Response('')` no body, where the Fetch standard (and so the browser and Node) gives an
 * empty stream; axios reads that at its first request as "answers cannot be streamed" and then refuses the
 * API client's streamed downloads. Call in a `beforeEach` of the whole file (axios decides at the file's first
 * request, whichever test sends it) in a file that tests a download: the standard behaviour.
 */
export function standardResponses() {
  const Original = globalThis.Response;
  class StandardResponse extends Original {
    constructor(body?: BodyInit | null, init?: ResponseInit) {
      super(body === '' ? new ReadableStream({ start: (controller) => controller.close() }) : body, init);
    }
  }
  vi.stubGlobal('Response', StandardResponse);
}
