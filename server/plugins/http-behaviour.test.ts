import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT_TEXT } from './static-web';
import { call, CSRF, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { multipart } from '../test-support/files';
import { en, localeText } from '../test-support/locale-text';
import { captureLogs, type LogCapture } from '../test-support/log-capture';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('HTTP behaviour on %s', (kind) => {
  let server: TestApp;
  let logs: LogCapture;
  let distDir: string;
  let user: RegisteredUser;

  beforeAll(async () => {
    logs = captureLogs();
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-dist-'));
    server = await startTestApp(kind, {
      logger: logs.logger,
      extra: { distDir },
      beforeReady: (app) => {
        // Rejected as an async handler's throw would be (the way every real handler fails).
        app.get('/api/test/explode', () => Promise.reject(new Error('internal detail: the database password is hunter2')));
      },
    });
    user = await registerUser(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  const inject = (options: InjectOptions) => server.app.inject(options);

  describe('health', () => {
    it(`answers ok with the database kind (${kind})`, async () => {
      const response = await call(server.app, 'GET', '/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: kind });
    });
  });

  describe('errors', () => {
    it('answers 400 with a translated message to malformed JSON', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...CSRF, 'content-type': 'application/json' },
        payload: '{"login": "abc",',
      });
      expect(response.statusCode).toBe(400);
      expect(expectErrorShape(response)).toEqual({ message: en('errors.malformedJson') });
    });

    it('answers 400 to JSON that tries prototype poisoning', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...CSRF, 'content-type': 'application/json' },
        payload: '{"login":"someone1","password":"whatever1","__proto__":{"isAdmin":true}}',
      });
      expect(response.statusCode).toBe(400);
      expectErrorShape(response);
    });

    it('answers 404 JSON for an unknown API route, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await call(server.app, method, '/api/no/such/route');
        expect(response.statusCode).toBe(404);
        expect(expectErrorShape(response)).toEqual({ message: en('errors.notFound') });
      }
    });

    it('answers 400 in our shape to a URL that does not decode', async () => {
      const response = await inject({ method: 'GET', url: '/api/files/%E0%A4%A', headers: { 'x-request-id': 'bad-url-1' } });
      expect(response.statusCode).toBe(400);
      expect(expectErrorShape(response)).toEqual({ message: en('errors.badRequest') });
      expect(response.headers['x-request-id']).toBe('bad-url-1');
    });

    it('answers 415 to a body type the API does not read', async () => {
      const response = await inject({ method: 'POST', url: '/api/login', headers: { ...CSRF, 'content-type': 'text/plain' }, payload: 'login=a' });
      expect(response.statusCode).toBe(415);
      expect(expectErrorShape(response).message).toBe(en('errors.unsupportedMediaType'));
    });

    it('answers 415, in the member language, to a multipart form sent to a route that reads JSON, and writes nothing', async () => {
      const { payload, contentType } = multipart([
        { field: 'board_names', content: 'Form truck' },
        { field: 'registration_number', content: 'FORM-01' },
      ]);
      const headers = { ...CSRF, 'content-type': contentType, authorization: `Bearer ${user.token}`, 'accept-language': 'de' };
      for (const url of ['/api/transport/store', '/api/login']) {
        const response = await inject({ method: 'POST', url, headers, payload });
        expect(response.statusCode, url).toBe(415);
        expect(expectErrorShape(response).message).toBe(localeText('de', 'errors.unsupportedMediaType'));
      }
      const list = await call(server.app, 'GET', '/api/transport?search=FORM-01', undefined, { token: user.token });
      expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    });

    it('answers 413 to a JSON body over 1 MiB', async () => {
      const response = await call(server.app, 'POST', '/api/login', { login: 'x'.repeat(1_100_000), password: 'whatever1' });
      expect(response.statusCode).toBe(413);
      expect(expectErrorShape(response).message).toBe(en('errors.tooLarge'));
    });

    it('answers 422 to a body that is JSON but not an object', async () => {
      for (const payload of ['[1,2]', '"text"', '42', 'null']) {
        const response = await inject({ method: 'POST', url: '/api/login', headers: { ...CSRF, 'content-type': 'application/json' }, payload });
        expect(response.statusCode, payload).toBe(422);
        expectErrorShape(response);
      }
    });

    it('answers 422 to text with a NUL character instead of failing in the database', async () => {
      const response = await call(server.app, 'POST', '/api/login', { login: 'some\u0000one', password: 'whatever1' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ login: [en('validation.unprintable')] });
    });

    it('answers 400 to a body that is not UTF-8, storing nothing (it was stored with U+FFFD in its place)', async () => {
      const companies = await call(server.app, 'GET', '/api/companies', undefined, { token: user.token });
      const before = companies.json<{ pagination: { total: number } }>().pagination.total;
      const payload = Buffer.concat([Buffer.from('{"name": "Bad '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' GmbH"}')]);
      const response = await inject({
        method: 'POST',
        url: '/api/companies/store',
        headers: { ...CSRF, 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectErrorShape(response)).toEqual({ message: en('errors.malformedJson') });
      const after = await call(server.app, 'GET', '/api/companies', undefined, { token: user.token });
      expect(after.json<{ pagination: { total: number } }>().pagination.total).toBe(before);
      // UTF-8 itself, a byte order mark before it too, is read as before.
      const named = await call(server.app, 'POST', '/api/login', { login: 'Ωmega', password: 'whatever1' });
      expect(named.statusCode).not.toBe(400);
    });

    it('turns an unexpected error into a generic 500 without details, logged with the request id', async () => {
      const response = await inject({ method: 'GET', url: '/api/test/explode', headers: { 'x-request-id': 'trace-me-500', 'accept-language': 'de' } });
      expect(response.statusCode).toBe(500);
      expect(expectErrorShape(response)).toEqual({ message: localeText('de', 'errors.server') });
      expect(response.body).not.toContain('hunter2');
      const logged = logs.lines.find((line) => line.reqId === 'trace-me-500' && line.level === 50);
      expect(logged).toBeDefined();
      expect(JSON.stringify(logged)).toContain('hunter2'); // the admin sees the cause; the client never does
    });
  });

  describe('CSRF header', () => {
    it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('refuses %s under /api without X-CSRF-Token (403)', async (method) => {
      const response = await inject({ method, url: '/api/profile/update', headers: { authorization: `Bearer ${user.token}` } });
      expect(response.statusCode).toBe(403);
      expect(expectErrorShape(response)).toEqual({ message: en('errors.csrfMissing') });
    });

    it('cannot be dodged by percent-encoding the path', async () => {
      const response = await inject({ method: 'POST', url: '/%61pi/login', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('refuses an empty X-CSRF-Token', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-csrf-token': '  ', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
    });

    it('does not ask for it on reads', async () => {
      expect((await inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('request ids', () => {
    it("echoes the client's X-Request-Id and logs it", async () => {
      const response = await inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'tab-42.req-7' } });
      expect(response.headers['x-request-id']).toBe('tab-42.req-7');
      expect(logs.lines.some((line) => line.reqId === 'tab-42.req-7')).toBe(true);
    });

    it('makes a random id when the header is missing or unsafe to log', async () => {
      const missing = await inject({ method: 'GET', url: '/api/health' });
      const unsafe = await inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'evil\u001b[31m value' } });
      for (const response of [missing, unsafe]) expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('is on error answers too', async () => {
      const response = await inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'lost-1' } });
      expect(response.headers['x-request-id']).toBe('lost-1');
    });
  });

  describe('security headers', () => {
    it('sends a CSP that allows antd runtime styles, blob: images and frames, and nothing inline for scripts', async () => {
      const csp = (await inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-src 'self' blob:");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    });

    it('marks API answers Cache-Control: no-store, and sets the usual helmet headers', async () => {
      const response = await call(server.app, 'GET', '/api/profile/show', undefined, { token: user.token });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  describe('web app and locales', () => {
    it('tells to build the web app when dist/ has no index.html', async () => {
      const response = await inject({ method: 'GET', url: '/login' });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(NOT_BUILT_TEXT);
    });

    it('serves index.html for client routes, files as they are, and 404 for missing files', async () => {
      await fs.mkdir(path.join(distDir, 'assets'), { recursive: true });
      await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Fleetdesk</title>');
      await fs.writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');

      // Node warned of a listener leak on every page (an async handler returning the reply): none now.
      const warnings: string[] = [];
      const warned = (warning: Error) => warnings.push(warning.name);
      process.on('warning', warned);
      for (const url of ['/', '/login', '/reset-password/abc/someone%40example.com', '/personal-main/employee/12?tab=docs']) {
        const page = await inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        expect(page.body).toContain('<title>Fleetdesk</title>');
      }
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', warned);
      expect(warnings.filter((name) => name === 'MaxListenersExceededWarning')).toEqual([]);
      const asset = await inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await inject({ method: 'GET', url: '/assets/missing-999.js' })).statusCode).toBe(404);
    });

    it('serves the translation files under /locales/', async () => {
      const response = await inject({ method: 'GET', url: '/locales/en/translation.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json().auth.loginSuccess).toBe(en('auth.loginSuccess'));
      expect((await inject({ method: 'GET', url: '/locales/xx/translation.json' })).statusCode).toBe(404);
    });
  });
});
