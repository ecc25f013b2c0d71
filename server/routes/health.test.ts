import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { healthOf, healthRoutes, startHeartbeat, STALE_AFTER_MS } from './health';

describe('the heartbeat behind /api/health', () => {
  it('is healthy after a successful beat and stays so while the beat is fresh', async () => {
    let clock = 1_000;
    const heartbeat = startHeartbeat(async () => {}, { now: () => clock, intervalMs: 60_000 });
    expect(healthOf(heartbeat.state, clock)).toEqual({ ok: false, ageMs: null });
    await heartbeat.beat();
    clock += STALE_AFTER_MS;
    expect(healthOf(heartbeat.state, clock)).toEqual({ ok: true, ageMs: STALE_AFTER_MS });
    clock += 1;
    expect(healthOf(heartbeat.state, clock)).toEqual({ ok: false, ageMs: STALE_AFTER_MS + 1 });
    await heartbeat.stop();
  });

  it('turns unhealthy at the first failed beat, logs once, and recovers with the next success', async () => {
    let failing = true;
    const errors: Error[] = [];
    const heartbeat = startHeartbeat(() => (failing ? Promise.reject(new Error('connection refused')) : Promise.resolve()), {
      intervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await heartbeat.beat();
    await heartbeat.beat();
    expect(healthOf(heartbeat.state, Date.now()).ok).toBe(false);
    expect(errors.map((error) => error.message)).toEqual(['connection refused']);
    failing = false;
    await heartbeat.beat();
    expect(healthOf(heartbeat.state, Date.now()).ok).toBe(true);
    await heartbeat.stop();
  });

  it('never runs two beats at once, however slow the database', async () => {
    let running = 0;
    let most = 0;
    let release = () => {};
    const heartbeat = startHeartbeat(
      () =>
        new Promise<void>((resolve) => {
          running += 1;
          most = Math.max(most, running);
          release = () => {
            running -= 1;
            resolve();
          };
        }),
      { intervalMs: 5 },
    );
    const first = heartbeat.beat();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heartbeat.beat()).toBe(first);
    release();
    await heartbeat.stop();
    expect(most).toBe(1);
  });
});

describe('GET /api/health on a database that stops answering', () => {
  function fakeDatabase(query: () => Promise<unknown>): Database {
    return {
      kind: 'pglite',
      pool: { query } as unknown as Database['pool'],
      transaction: () => Promise.resolve(undefined as never),
      listen: null,
      close: async () => {},
    };
  }

  it('answers 503 with the age of the last success once the beat in flight is stale, without waiting for it', async () => {
    let clock = 10_000;
    let hang = false;
    const database = fakeDatabase(() => (hang ? new Promise(() => {}) : Promise.resolve({ rows: [{ '?column?': 1 }] })));
    const app = Fastify({ logger: false });
    await app.register(healthRoutes, { database, heartbeat: { intervalMs: 10, now: () => clock } });
    await app.ready();
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(ok.headers['x-health-age-ms']).toBe('0');
    expect(ok.headers['cache-control']).toBe('no-store');

    hang = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock += STALE_AFTER_MS + 1_000;
    const stale = await app.inject({ method: 'GET', url: '/api/health' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({ status: 'error', database: 'pglite', age_ms: STALE_AFTER_MS + 1_000 });
    // The hung beat never settles: closing does not wait for it for long.
    await app.close();
  });

  it('answers 503 when the database refuses the query', async () => {
    const app = Fastify({ logger: false });
    await app.register(healthRoutes, { database: fakeDatabase(() => Promise.reject(new Error('the database process stopped'))) });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'pglite', age_ms: null });
    await app.close();
  });
});

describe.each(databases)('GET /api/health on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('does not wait for queries queued on the database (the embedded pool has one connection)', async () => {
    // Occupy every connection of the pool: on the embedded database, its only one.
    const size = kind === 'pglite' ? 1 : 10;
    const busy = Array.from({ length: size * 3 }, () => server.database.pool.query('SELECT pg_sleep(0.3)'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    const took = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
    expect(took).toBeLessThan(250);
    await Promise.all(busy);
  });
});
