// @vitest-environment node
/**
 * The API client against a real local HTTP server (node:http): what goes on the wire and what comes back.
 * In Node, axios sends through its http adapter; in the browser through XMLHttpRequest: the interceptors,
 * the error shape and the progress events are the same code.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, csrfStorageKey, requestTimeoutMs, type ApiClientOptions } from './api-client';
import { ApiError, messageOf } from './api-error';
import { initTestI18n } from '../i18n/test-i18n';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let origin: string;
let received: Received[] = [];
/** Answers of the next requests, by path; absent: `{ data: { ok: true } }`. */
let routes: Record<string, (response: ServerResponse) => void> = {};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return (response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const path = (request.url ?? '').split('?')[0];
      (routes[path] ?? json(200, { data: { ok: true } }))(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  routes = {};
});

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

function client(overrides: Partial<ApiClientOptions> = {}) {
  let token: string | null = null;
  let language = 'en';
  const storage = memoryStorage();
  const api = createApiClient({ origin, getToken: () => token, getLanguage: () => language, storage, ...overrides });
  return {
    api,
    storage,
    signIn: (value: string) => (token = value),
    setLanguage: (value: string) => (language = value),
  };
}

describe('api client headers', () => {
  it('sends the request id, the CSRF token, the language and (signed in) the bearer token with every request', async () => {
    const { api, signIn } = client();
    await api.post('/login', { login: 'dispatcher', password: 'secret-password' });
    signIn('abc123');
    await api.get('/profile/show');
    await api.put('/profile/update', { name: 'Ann' });
    await api.delete('/orders/destroy/1');
    await api.blob('/files/1');
    await api.request('GET', '/audit-log');
    for (const { headers } of received) {
      expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers['x-csrf-token']).toBeTruthy();
      expect(headers['accept-language']).toBe('en');
    }
    expect(received.map((request) => request.headers.authorization)).toEqual([undefined, ...Array<string>(5).fill('Bearer abc123')]);
  });

  it('sends a different random X-Request-Id with every request', async () => {
    const { api } = client();
    await api.get('/profile/show');
    await api.get('/profile/show');
    const [first, second] = received.map((request) => request.headers['x-request-id']);
    expect(first).not.toBe(second);
  });

  it('sends one CSRF token per tab, kept in session storage across requests and clients', async () => {
    const { api, storage } = client();
    await api.post('/logout');
    await api.get('/profile/show');
    const token = received[0].headers['x-csrf-token'];
    expect(received[1].headers['x-csrf-token']).toBe(token);
    expect(storage.getItem(csrfStorageKey)).toBe(token);
    // A reload of the same tab builds a new client over the same session storage: same token.
    const reloaded = createApiClient({ origin, getToken: () => null, getLanguage: () => 'en', storage });
    await reloaded.post('/logout');
    expect(received[2].headers['x-csrf-token']).toBe(token);
  });

  it('sends the current interface language as Accept-Language', async () => {
    const { api, setLanguage } = client();
    await api.get('/profile/show');
    setLanguage('de');
    await api.get('/profile/show');
    expect(received.map((request) => request.headers['accept-language'])).toEqual(['en', 'de']);
  });

  it('puts paths under /api, sends JSON bodies as JSON and returns the envelope', async () => {
    const { api } = client();
    const answer = await api.put('/profile/update/password', { password: 'x' });
    await api.get('/api/countries');
    expect(received[0]).toMatchObject({ method: 'PUT', url: '/api/profile/update/password' });
    expect(received[0].headers['content-type']).toMatch(/^application\/json/);
    expect(received[0].body.toString()).toBe('{"password":"x"}');
    expect(received[1].url).toBe('/api/countries');
    expect(answer).toEqual({ data: { ok: true } });
  });

  it('sends a POST without a body without a content type (the API refuses a urlencoded one with 415)', async () => {
    const { api } = client();
    await api.post('/logout');
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/logout' });
    expect(received[0].headers['content-type']).toBeUndefined();
  });

  it('sends form data as multipart with its boundary', async () => {
    const { api } = client();
    const body = new FormData();
    body.append('file', new Blob(['picture']), 'a.png');
    await api.post('/profile/update/avatar', body);
    expect(received[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0].body.toString()).toContain('picture');
  });

  it('waits 1,200,000 ms by default (SPEC §9)', () => {
    expect(requestTimeoutMs).toBe(1_200_000);
    expect(client().api.instance.defaults.timeout).toBe(1_200_000);
  });
});

describe('api client errors', () => {
  it('throws an ApiError with the status, the server message, the field errors and the request id of a 422', async () => {
    routes['/api/register'] = json(
      422,
      { message: 'The given data was invalid', errors: { login: ['Must be at least 8 characters'] } },
      { 'X-Request-Id': 'req-42' },
    );
    const error = await client()
      .api.post('/register', {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid',
      fieldErrors: { login: ['Must be at least 8 characters'] },
      requestId: 'req-42',
      hasServerMessage: true,
    });
    expect(messageOf(error, 'Authorization error!')).toBe('The given data was invalid');
  });

  it('uses the default message when the server sent none', async () => {
    routes['/api/profile/show'] = (response) => {
      response.writeHead(502, 'Bad Gateway');
      response.end('oops');
    };
    const error = await client()
      .api.get('/profile/show')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, hasServerMessage: false });
    expect(messageOf(error, 'Get current user error!')).toBe('Get current user error!');
  });

  it('reads the error of a blob request (an avatar the server refuses)', async () => {
    routes['/api/files/9'] = json(404, { message: 'Not found' });
    await expect(client().api.blob('/files/9')).rejects.toMatchObject({ status: 404, message: 'Not found', hasServerMessage: true });
  });

  it('turns a network failure into an ApiError of status 0 with the request id it sent', async () => {
    await initTestI18n();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await client({ origin: deadOrigin })
      .api.get('/profile/show')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    // Said in the member's language, and shown instead of the caller's general "could not save".
    const unreachable = (await initTestI18n()).t('errors.unreachable');
    expect(unreachable).toMatch(/server could not be reached/);
    expect(error).toMatchObject({ status: 0, fieldErrors: {}, hasServerMessage: true, message: unreachable });
    expect((error as ApiError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(messageOf(error, 'Network problem')).toBe(unreachable);
  });

  it('gives up after the timeout with an ApiError of status 0', async () => {
    routes['/api/slow'] = () => undefined; // never answers
    await initTestI18n();
    const timedOut = (await initTestI18n()).t('errors.timedOut');
    await expect(client({ timeoutMs: 50 }).api.get('/slow')).rejects.toMatchObject({ status: 0, message: timedOut });
  });

  it('reports a 401 on a signed-in request as the end of the session', async () => {
    routes['/api/profile/show'] = json(401, { message: 'Your session has ended' });
    const onUnauthorized = vi.fn();
    const { api, signIn } = client({ onUnauthorized });
    signIn('revoked');
    await expect(api.get('/profile/show')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 of an anonymous request (a failed sign-in) as a session end', async () => {
    routes['/api/login'] = json(401, { message: 'These credentials do not match our records' });
    const onUnauthorized = vi.fn();
    await expect(client({ onUnauthorized }).api.post('/login', {})).rejects.toMatchObject({
      status: 401,
      message: 'These credentials do not match our records',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('api client uploads and early answers', () => {
  it('reports the progress of an upload up to 100 percent', async () => {
    routes['/api/profile/update/avatar'] = json(200, { message: 'Avatar updated', data: { avatar: '/api/files/3' } });
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(2_000_000)]), 'big.png');
    const percents: number[] = [];
    const answer = await client().api.post<{ avatar: string }>('/profile/update/avatar', body, { onProgress: (percent) => percents.push(percent) });
    expect(answer).toEqual({ message: 'Avatar updated', data: { avatar: '/api/files/3' } });
    expect(percents.length).toBeGreaterThan(1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(received[0].body.length).toBeGreaterThan(2_000_000);
  });

  it('answers a GET the boot module already asked for from its answer, without a second request', async () => {
    const prefetched = vi.fn((url: string, token: string | null, language: string) =>
      url === '/api/orders?page=1' && token === 't' && language === 'en'
        ? Promise.resolve(Response.json({ data: [{ _id: 1 }] }, { headers: { 'X-Request-Id': 'early' } }))
        : undefined,
    );
    const { api, signIn } = client({ prefetched });
    signIn('t');
    expect(await api.get('/orders?page=1')).toEqual({ data: [{ _id: 1 }] });
    expect(received).toHaveLength(0);
    // Another URL goes to the server.
    await api.get('/orders?page=2');
    expect(received.map((request) => request.url)).toEqual(['/api/orders?page=2']);
  });

  it('asks the server again when the early answer failed, so its error is reported as any other', async () => {
    routes['/api/profile/show'] = json(500, { message: 'Broken' });
    const prefetched = () => Promise.resolve(Response.json({ message: 'early failure' }, { status: 500 }));
    await expect(client({ prefetched }).api.get('/profile/show')).rejects.toMatchObject({ status: 500, message: 'Broken' });
    expect(received).toHaveLength(1);
  });
});
