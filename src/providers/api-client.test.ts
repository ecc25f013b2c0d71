import { describe, expect, it, vi } from 'vitest';
import { createApiClient, csrfStorageKey } from './api-client';
import { ApiError, messageOf } from './api-error';

interface Call {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

function fakeFetch(respond: (call: Call) => Response = () => Response.json({ data: { ok: true } })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(url), init, headers: { ...(init.headers as Record<string, string>) } };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const { fetch, calls } = fakeFetch();
  let token: string | null = null;
  let language = 'en';
  const storage = memoryStorage();
  const api = createApiClient({ fetch, getToken: () => token, getLanguage: () => language, storage, ...overrides });
  return {
    api,
    calls,
    storage,
    signIn: (value: string) => (token = value),
    setLanguage: (value: string) => (language = value),
  };
}

describe('api client headers', () => {
  it('sends a different random X-Request-Id with every request', async () => {
    const { api, calls } = client();
    await api.get('/profile/show');
    await api.get('/profile/show');
    const [first, second] = calls.map((call) => call.headers['X-Request-Id']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
  });

  it('sends one CSRF token per tab, kept in session storage across requests and clients', async () => {
    const { api, calls, storage } = client();
    await api.post('/logout');
    await api.get('/profile/show');
    const token = calls[0].headers['X-CSRF-Token'];
    expect(token).toBeTruthy();
    expect(calls[1].headers['X-CSRF-Token']).toBe(token);
    expect(storage.getItem(csrfStorageKey)).toBe(token);

    // A reload of the same tab builds a new client over the same session storage: same token.
    const { fetch, calls: laterCalls } = fakeFetch();
    const reloaded = createApiClient({ fetch, getToken: () => null, getLanguage: () => 'en', storage });
    await reloaded.post('/logout');
    expect(laterCalls[0].headers['X-CSRF-Token']).toBe(token);
  });

  it('sends the bearer token only when signed in', async () => {
    const { api, calls, signIn } = client();
    await api.post('/login', { login: 'dispatcher', password: 'secret-password' });
    expect(calls[0].headers.Authorization).toBeUndefined();
    signIn('abc123');
    await api.get('/profile/show');
    expect(calls[1].headers.Authorization).toBe('Bearer abc123');
  });

  it('sends the current interface language as Accept-Language', async () => {
    const { api, calls, setLanguage } = client();
    await api.get('/profile/show');
    setLanguage('de');
    await api.get('/profile/show');
    expect(calls.map((call) => call.headers['Accept-Language'])).toEqual(['en', 'de']);
  });

  it('prefixes /api, sends JSON bodies as JSON and returns the envelope', async () => {
    const { api, calls } = client();
    const answer = await api.put('/profile/update/password', { password: 'x' });
    expect(calls[0].url).toBe('/api/profile/update/password');
    expect(calls[0].init.method).toBe('PUT');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe('{"password":"x"}');
    expect(answer).toEqual({ data: { ok: true } });
  });

  it('leaves the content type of form data to the browser (multipart boundary)', async () => {
    const { api, calls } = client();
    const body = new FormData();
    body.append('file', new Blob(['x']), 'a.png');
    await api.post('/profile/update/avatar', body);
    expect(calls[0].headers['Content-Type']).toBeUndefined();
    expect(calls[0].init.body).toBe(body);
  });
});

describe('api client errors', () => {
  it('throws an ApiError with the status, the server message and the field errors', async () => {
    const { fetch } = fakeFetch(() =>
      Response.json({ message: 'The given data was invalid', errors: { login: ['Must be at least 8 characters'] } }, { status: 422 }),
    );
    const api = createApiClient({ fetch, getToken: () => null, getLanguage: () => 'en', storage: memoryStorage() });
    const error = await api.post('/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid', fieldErrors: { login: ['Must be at least 8 characters'] } });
    expect(messageOf(error, 'Authorization error!')).toBe('The given data was invalid');
  });

  it('uses the default message when the server sent none', async () => {
    const { fetch } = fakeFetch(() => new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const api = createApiClient({ fetch, getToken: () => null, getLanguage: () => 'en', storage: memoryStorage() });
    const error = await api.get('/profile/show').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, hasServerMessage: false });
    expect(messageOf(error, 'Get current user error!')).toBe('Get current user error!');
  });

  it('reports a 401 on a signed-in request as the end of the session', async () => {
    const onUnauthorized = vi.fn();
    const { fetch } = fakeFetch(() => Response.json({ message: 'Your session has ended' }, { status: 401 }));
    const api = createApiClient({ fetch, getToken: () => 'revoked', getLanguage: () => 'en', storage: memoryStorage(), onUnauthorized });
    await expect(api.get('/profile/show')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 of an anonymous request (a failed sign-in) as a session end', async () => {
    const onUnauthorized = vi.fn();
    const { fetch } = fakeFetch(() => Response.json({ message: 'These credentials do not match our records' }, { status: 401 }));
    const api = createApiClient({ fetch, getToken: () => null, getLanguage: () => 'en', storage: memoryStorage(), onUnauthorized });
    await expect(api.post('/login', {})).rejects.toMatchObject({ status: 401, message: 'These credentials do not match our records' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after the timeout with an ApiError of status 0', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as unknown as typeof globalThis.fetch;
    const api = createApiClient({ fetch, getToken: () => null, getLanguage: () => 'en', storage: memoryStorage(), timeoutMs: 20 });
    await expect(api.get('/profile/show')).rejects.toMatchObject({ status: 0, message: 'Request timed out' });
  });

  it('waits 1,200,000 ms by default (SPEC §9)', async () => {
    const { requestTimeoutMs } = await import('./api-client');
    expect(requestTimeoutMs).toBe(1_200_000);
  });
});
