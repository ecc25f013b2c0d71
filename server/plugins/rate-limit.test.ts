import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { databaseRateLimitStore, deleteExpiredHits } from './rate-limit-store';

const LIMIT = 3;

describe.each(databases)('rate limits on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind, { env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(() => server?.close());

  const post = (url: string, body: unknown, language?: string) => call(server.app, 'POST', url, body, { language });

  it(`allows ${LIMIT} sign-in attempts a minute, then answers 429 with the seconds to wait`, async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await post('/api/login', { login: 'someone1', password: 'guess-number-x' })).statusCode).toBe(422);
    }
    const refused = await post('/api/login', { login: 'someone1', password: 'guess-number-x' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(expectErrorShape(refused)).toEqual({ message: en('auth.tooManyAttempts', { seconds }) });
  });

  it('answers the 429 in the language of the request', async () => {
    const refused = await post('/api/login', { login: 'someone1', password: 'guess-number-x' }, 'de');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(localeText('de', 'auth.tooManyAttempts', { seconds: Number(refused.headers['retry-after']) }));
  });

  it('counts each limited route on its own: reset requests still pass, then are limited too', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      expect((await post('/api/forget-password', { email: 'nobody@example.com' })).statusCode).toBe(200);
    }
    expect((await post('/api/forget-password', { email: 'nobody@example.com' })).statusCode).toBe(429);
  });

  it('limits setting a new password with a reset token', async () => {
    const body = { token: 'x'.repeat(43), email: 'nobody@example.com', password: 'whatever-1', password_confirmation: 'whatever-1' };
    for (let attempt = 1; attempt <= LIMIT; attempt++) expect((await post('/api/update-password', body)).statusCode).toBe(422);
    expect((await post('/api/update-password', body)).statusCode).toBe(429);
  });

  it('limits registrations per address, and another address may still register', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt++) expect((await post('/api/register', {})).statusCode).toBe(422);
    const refused = await post('/api/register', {}, 'it');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(localeText('it', 'auth.tooManyAttempts', { seconds: Number(refused.headers['retry-after']) }));
    const elsewhere = await call(server.app, 'POST', '/api/register', {}, { remoteAddress: '192.0.2.44' });
    expect(elsewhere.statusCode).toBe(422);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const from = (host: number) => ({ remoteAddress: `2001:db8:7:7::${host.toString(16)}` });
    for (let attempt = 1; attempt <= LIMIT; attempt++) expect((await call(server.app, 'POST', '/api/register', {}, from(attempt))).statusCode).toBe(422);
    expect((await call(server.app, 'POST', '/api/register', {}, from(99))).statusCode).toBe(429);
    expect((await call(server.app, 'POST', '/api/register', {}, { remoteAddress: '2001:db8:7:8::1' })).statusCode, 'another /64').toBe(422);
  });

  it('limits reset-link requests per address, for known and unknown addresses alike', async () => {
    const address = { remoteAddress: '192.0.2.45' };
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const email = attempt % 2 ? 'nobody@example.com' : 'somebody@example.com';
      expect((await call(server.app, 'POST', '/api/forget-password', { email }, address)).statusCode).toBe(200);
    }
    expect((await call(server.app, 'POST', '/api/forget-password', { email: 'third@example.com' }, address)).statusCode).toBe(429);
  });

  it('counts in the database: concurrent requests each get their own count, and a new window starts at one', async () => {
    const Store = databaseRateLimitStore(server.database.pool);
    const store = new Store({});
    const incr = (key: string, windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no count')) : resolve(result)), windowMs, LIMIT),
      );
    const counts = await Promise.all(Array.from({ length: 20 }, () => incr('192.0.2.60|/api/login', 60_000)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(Math.max(...counts.map((count) => count.ttl))).toBeLessThanOrEqual(60_000);

    expect((await incr('192.0.2.61|/api/login', 300)).current).toBe(1);
    expect((await incr('192.0.2.61|/api/login', 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await deleteExpiredHits(server.database.pool)).toBeGreaterThanOrEqual(1);
    const fresh = await incr('192.0.2.61|/api/login', 300);
    expect(fresh).toMatchObject({ current: 1 });
    expect(fresh.ttl).toBeGreaterThan(0);
  });

  it('does not limit other routes', async () => {
    for (let attempt = 1; attempt <= LIMIT + 2; attempt++) {
      expect((await call(server.app, 'GET', '/api/health')).statusCode).toBe(200);
      expect((await call(server.app, 'GET', '/api/openapi.json')).statusCode).toBe(200);
    }
  });
});
