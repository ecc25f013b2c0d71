/**
 * The embedded database vacuums its most changed engine tables while the server is idle (issue 16, point 7):
 * not while a request is in flight, not a table changed too little, one table at a time with idleness checked
 * between them, a table an import wrote at the next idle moment, a table with large indexes pruned after a short
 * quiet and fully vacuumed after a long one, nothing started once the server closes, and nothing at all on
 * PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { multipart } from '../test-support/files';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { openDatabase } from './database';
import { IdleVacuum } from './idle-vacuum';
import { isDue, nextStep, withinHours, type StepChoice, type TableChanges } from './vacuum-steps';
import type { Queryable } from './pool';

const IDLE_MS = 300;
const MIN_ROWS = 1_000;
const VACUUM_ENV = { EMBEDDED_VACUUM: 'on', EMBEDDED_VACUUM_IDLE_MS: String(IDLE_MS), EMBEDDED_VACUUM_MIN_ROWS: String(MIN_ROWS) };
/** Several idle periods and polls: long enough for a vacuum that was going to start to have started. */
const WAIT_MS = IDLE_MS * 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A route that answers only when the test says so: a request in flight for as long as the test wants. */
function heldRoute(app: FastifyInstance) {
  let release = () => {};
  app.get('/test/held', async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { ok: true };
  });
  return {
    /** Starts a request that stays in flight until the returned function is called (and resolves with its answer). */
    hold() {
      const answer = app.inject({ method: 'GET', url: '/test/held' });
      return async () => {
        // The handler may not have been reached yet: wait for it before letting go.
        for (let tries = 0; tries < 100; tries += 1) {
          release();
          const settled = await Promise.race([answer.then(() => true), sleep(20).then(() => false)]);
          if (settled) break;
        }
        expect((await answer).statusCode).toBe(200);
      };
    },
  };
}

async function vacuumCount(pool: Queryable, table: string): Promise<number> {
  const { rows } = await pool.query<{ vacuum_count: number }>('SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = $1', [table]);
  return Number(rows[0]?.vacuum_count ?? 0);
}

/** ANALYZE runs with a full pass only: a prune leaves this count as it was. */
async function analyzeCount(pool: Queryable, table: string): Promise<number> {
  const { rows } = await pool.query<{ analyze_count: number }>('SELECT analyze_count FROM pg_stat_user_tables WHERE relname = $1', [table]);
  return Number(rows[0]?.analyze_count ?? 0);
}

/** Heap fetches of an index-only scan of a tenant's ids: 0 once VACUUM has marked the table's pages all-visible. */
async function heapFetches(test: TestApp, table: string, tenantId: number): Promise<number> {
  const plan = await test.database.transaction(async (client) => {
    // Only the (tenant_id, id) index may answer: the planner would read a table this small whole.
    for (const plan of ['seqscan', 'bitmapscan']) await client.query(`SET LOCAL enable_${plan} = off`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) SELECT count(*) FROM ${table} WHERE tenant_id = ${tenantId}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain('Index Only Scan');
  const fetches = /Heap Fetches: (\d+)/.exec(plan);
  expect(fetches, plan).not.toBeNull();
  return Number(fetches?.[1]);
}

/** A backend hands its counts to the statistics at most once a second, at the end of a later statement. */
async function settleStatistics(pool: Queryable) {
  await sleep(1_200);
  await pool.query('SELECT 1');
}

async function insertOrders(pool: Queryable, tenantId: number, count: number) {
  await pool.query(
    `INSERT INTO r_orders (tenant_id, data)
     SELECT $1, jsonb_build_object('cargo_number', 'VAC-' || i, 'customer', 'Vacuum Freight', 'loading_date', '2026-01-01', 'price', i)
       FROM generate_series(1, $2::int) AS i`,
    [tenantId, count],
  );
}

const updateOrders = (pool: Queryable, tenantId: number, count: number) =>
  pool.query(
    `UPDATE r_orders SET data = data || jsonb_build_object('price', (data->>'price')::int + 1)
      WHERE id IN (SELECT id FROM r_orders WHERE tenant_id = $1 ORDER BY id LIMIT $2)`,
    [tenantId, count],
  );

describe('the embedded database vacuums while idle', () => {
  let test: TestApp;
  let held: ReturnType<typeof heldRoute>;
  let owner: RegisteredUser;
  let tenantId: number;
  let maintainer: IdleVacuum;

  beforeAll(async () => {
    test = await startTestApp('pglite', { env: VACUUM_ENV, beforeReady: (app) => void (held = heldRoute(app)) });
    maintainer = test.app.idleVacuum as IdleVacuum;
    owner = await registerUser(test.app);
    tenantId = await tenantOf(test.database.pool, owner.user.id);
  });
  afterAll(() => test?.close());

  it('is on for the embedded database when configured', () => {
    expect(maintainer).toBeInstanceOf(IdleVacuum);
  });

  it('vacuums a table changed past the threshold once no request has been in flight for the idle time, and not before', async () => {
    const pool = test.database.pool;
    const release = held.hold();
    await insertOrders(pool, tenantId, 2_000);
    await pool.query('VACUUM (ANALYZE) r_orders');
    // 1,200 dead row versions of 2,000 rows: due (the threshold is min(1,000, max(500, 10 %))).
    await updateOrders(pool, tenantId, 1_200);
    const before = await vacuumCount(pool, 'r_orders');
    expect(await heapFetches(test, 'r_orders', tenantId)).toBeGreaterThan(0);

    // Long past the idle time, but a request is in flight: nothing runs.
    await sleep(WAIT_MS);
    expect(await vacuumCount(pool, 'r_orders')).toBe(before);
    expect(maintainer.done.map((done) => done.table)).not.toContain('r_orders');

    await release();
    await expect.poll(() => vacuumCount(pool, 'r_orders'), { timeout: 15_000, interval: 100 }).toBeGreaterThan(before);
    expect(maintainer.done.map((done) => done.table)).toContain('r_orders');
    expect(await heapFetches(test, 'r_orders', tenantId)).toBe(0);
  });

  it('leaves a table alone while its changes stay under the threshold', async () => {
    const pool = test.database.pool;
    await expect.poll(() => maintainer.busy, { timeout: 15_000 }).toBe(false);
    const before = await vacuumCount(pool, 'r_orders');
    await updateOrders(pool, tenantId, 100);
    await sleep(WAIT_MS);
    expect(await vacuumCount(pool, 'r_orders')).toBe(before);
    expect(await heapFetches(test, 'r_orders', tenantId)).toBeGreaterThan(0);
  });

  it.each([
    [
      'hr-document-types',
      'r_hr_document_types',
      '/api/documents/import',
      'Name;Short name;Statuses;Required for\nDriving licence;DLC;Valid, Expired;Employees',
    ],
    // An adopted table, whose name does not start with r_.
    ['companies', 'companies', '/api/companies/import', 'Name\nVacuum Freight GmbH'],
  ])('vacuums the table an import wrote at the next idle moment, however few its rows (%s)', async (resource, table, url, file) => {
    expect(test.app.engine.byName.get(resource)?.table).toBe(table);
    const before = await vacuumCount(test.database.pool, table);
    const { payload, contentType } = multipart([
      { field: 'file', fileName: 'import.csv', contentType: 'text/csv', content: file },
      { field: 'dry_run', content: 'false' },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...CSRF, 'content-type': contentType, authorization: `Bearer ${owner.token}`, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { created: number } }>().data.created).toBe(1);
    await expect.poll(() => vacuumCount(test.database.pool, table), { timeout: 15_000, interval: 100 }).toBeGreaterThan(before);
    expect(maintainer.done.map((done) => done.table)).toContain(table);
  });

  it('starts no vacuum once the server closes', async () => {
    const pool = test.database.pool;
    const release = held.hold();
    await updateOrders(pool, tenantId, 1_500);
    const before = await vacuumCount(pool, 'r_orders');
    const closing = test.app.close();
    await release();
    await closing;
    await sleep(WAIT_MS);
    expect(await vacuumCount(pool, 'r_orders')).toBe(before);
  });
});

describe('across a restart', () => {
  let test: TestApp;
  let tenantId: number;
  beforeEach(async () => {
    // Each test drives its own maintainers on an app's database of its own, as two runs of a server would.
    test = await startTestApp('pglite');
    const owner = await registerUser(test.app);
    tenantId = await tenantOf(test.database.pool, owner.user.id);
  });
  afterEach(() => test?.close());

  /** `count` orders of the tenant, vacuumed: the table as a quiet server leaves it. */
  async function vacuumedOrders(count: number) {
    await insertOrders(test.database.pool, tenantId, count);
    await settleStatistics(test.database.pool);
    await test.database.pool.query('VACUUM (ANALYZE) r_orders');
  }

  /** The app and its database stopped, the database opened again: its statistics start from zero. */
  async function restart() {
    await test.app.close();
    await test.database.close();
    return openDatabase({ databaseUrl: null, dataDir: test.config.dataDir });
  }

  it("keeps the changes not yet vacuumed for the next start (PGlite's statistics start from zero), where they count towards the threshold", async () => {
    const pool = test.database.pool;
    await vacuumedOrders(2_000);
    const before = await vacuumCount(pool, 'r_orders');
    const options = { pool, idleMs: 50, minRows: MIN_ROWS, fullIdleMs: 50, pollMs: 20 };

    // First run: 300 changed rows of 2,000, under the threshold (500): not vacuumed, kept when it stops.
    const first = new IdleVacuum(options);
    first.start();
    await updateOrders(pool, tenantId, 300);
    await settleStatistics(pool);
    await first.stop();
    expect(await vacuumCount(pool, 'r_orders')).toBe(before);
    const { rows } = await pool.query<{ changed: number }>(`SELECT changed FROM embedded_vacuum_debt WHERE table_name = 'r_orders'`);
    expect(Number(rows[0]?.changed)).toBeGreaterThanOrEqual(300);

    // A restart: the statistics are gone. 300 more rows alone are under the threshold; with the 300 kept, over it.
    const reopened = await restart();
    const second = new IdleVacuum({ ...options, pool: reopened.pool });
    second.start();
    try {
      await updateOrders(reopened.pool, tenantId, 300);
      await expect.poll(() => vacuumCount(reopened.pool, 'r_orders'), { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
      expect(second.done.map((done) => done.table)).toContain('r_orders');
    } finally {
      await second.stop();
      await reopened.close();
    }
  });

  it("takes a table's size from the catalog, not from the statistics that start from zero", async () => {
    await vacuumedOrders(10_000);
    const reopened = await restart();
    const maintainer = new IdleVacuum({ pool: reopened.pool, idleMs: 50, minRows: MIN_ROWS, fullIdleMs: 50, pollMs: 20 });
    maintainer.start();
    try {
      // 600 changed rows of 10,000: under the threshold (1,000). Taken for an empty table, it would be 500.
      await updateOrders(reopened.pool, tenantId, 600);
      await settleStatistics(reopened.pool);
      await sleep(WAIT_MS);
      expect(await vacuumCount(reopened.pool, 'r_orders')).toBe(0);
      await updateOrders(reopened.pool, tenantId, 500);
      await expect.poll(() => vacuumCount(reopened.pool, 'r_orders'), { timeout: 15_000, interval: 100 }).toBe(1);
    } finally {
      await maintainer.stop();
      await reopened.close();
    }
  });

  it('prunes a table with large indexes after a short quiet, holds its full pass back to a long one, and still owes it after a restart', async () => {
    const pool = test.database.pool;
    // 1,200 changed rows of 10,000: due (over 1,000), and under the fifth that makes the full pass due at once.
    await vacuumedOrders(10_000);
    const vacuums = await vacuumCount(pool, 'r_orders');
    const analyzes = await analyzeCount(pool, 'r_orders');
    const options = { pool, idleMs: 50, minRows: MIN_ROWS, pollMs: 20, largeIndexBytes: 0 };

    // A long quiet of a minute: within this test only the prune can run.
    const first = new IdleVacuum({ ...options, fullIdleMs: 60_000 });
    first.start();
    first.requestStarted();
    await updateOrders(pool, tenantId, 1_200);
    await settleStatistics(pool);
    first.requestEnded();
    await expect.poll(() => vacuumCount(pool, 'r_orders'), { timeout: 15_000, interval: 100 }).toBeGreaterThan(vacuums);
    expect(first.done.map((done) => [done.table, done.kind])).toEqual([['r_orders', 'prune']]);
    // The heap pass ran, ANALYZE did not; the pages whose dead rows left a line pointer wait for the index passes.
    expect(await analyzeCount(pool, 'r_orders')).toBe(analyzes);
    expect(await heapFetches(test, 'r_orders', tenantId)).toBeGreaterThan(0);
    await sleep(WAIT_MS);
    expect(first.done).toHaveLength(1);

    // Stopped before its full pass: kept as changed since the last full pass, nothing left unvacuumed.
    await first.stop();
    const { rows } = await pool.query<{ changed: string; unvacuumed: string }>(
      `SELECT changed, unvacuumed FROM embedded_vacuum_debt WHERE table_name = 'r_orders'`,
    );
    expect(Number(rows[0]?.changed)).toBeGreaterThanOrEqual(1_200);
    expect(Number(rows[0]?.unvacuumed)).toBe(0);

    // A restart (the statistics start from zero) with a short long quiet: the full pass runs with no new write.
    const reopened = await restart();
    const second = new IdleVacuum({ ...options, pool: reopened.pool, fullIdleMs: 300 });
    second.start();
    try {
      await expect.poll(() => second.done.map((done) => [done.table, done.kind]), { timeout: 15_000, interval: 100 }).toEqual([['r_orders', 'full']]);
      expect(await analyzeCount(reopened.pool, 'r_orders')).toBe(1);
      const plan = await reopened.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE) SELECT id FROM r_orders WHERE tenant_id = ${tenantId} ORDER BY tenant_id, id`,
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('Heap Fetches: 0');
    } finally {
      await second.stop();
      await reopened.close();
    }
  });
});

describe.each(databases.filter((kind) => kind === 'postgres'))('on %s', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(kind, { env: VACUUM_ENV });
  });
  afterAll(() => test?.close());

  it('runs nothing: PostgreSQL has autovacuum', async () => {
    expect(test.app.idleVacuum).toBeNull();
    const owner = await registerUser(test.app);
    const tenantId = await tenantOf(test.database.pool, owner.user.id);
    await insertOrders(test.database.pool, tenantId, 2_000);
    await updateOrders(test.database.pool, tenantId, 1_500);
    await sleep(WAIT_MS);
    expect(await vacuumCount(test.database.pool, 'r_orders')).toBe(0);
  });
});

describe('choosing and running vacuums', () => {
  const MB = 1024 * 1024;
  const table = (name: string, live: number, changed: number, unvacuumed = changed, indexMb = 1): TableChanges => ({
    target: `"${name}"`,
    table: name,
    live,
    changed,
    unvacuumed,
    indexBytes: indexMb * MB,
  });
  const choice = (longIdle = false): StepChoice => ({ minRows: 10_000, longIdle, largeIndexBytes: 100 * MB });

  it('finds a table due after the minimum of changed rows, or a tenth of a smaller table, but not for a few rows', () => {
    expect(isDue(10_000, 1_000_000, 10_000)).toBe(true);
    expect(isDue(9_999, 1_000_000, 10_000)).toBe(false);
    expect(isDue(2_000, 20_000, 10_000)).toBe(true);
    expect(isDue(1_999, 20_000, 10_000)).toBe(false);
    expect(isDue(499, 100, 10_000)).toBe(false);
    expect(isDue(500, 100, 10_000)).toBe(true);
  });

  it('takes a table an import asked for first, then the most changed', () => {
    const tables = [table('r_a', 100_000, 20_000), table('r_b', 100_000, 50_000), table('r_c', 100, 3)];
    expect(nextStep(tables, new Set(), choice())).toEqual({ table: tables[1], kind: 'full' });
    expect(nextStep(tables, new Set(['r_c']), choice())).toEqual({ table: tables[2], kind: 'full' });
    expect(nextStep([table('r_c', 100, 3)], new Set(), choice())).toBeUndefined();
  });

  it('prunes a table with large indexes after a short quiet, and gives it its full pass after a long one', () => {
    const orders = table('r_orders', 1_000_000, 50_000, 50_000, 1_000);
    expect(nextStep([orders], new Set(), choice())?.kind).toBe('prune');
    expect(nextStep([orders], new Set(), choice(true))?.kind).toBe('full');
    // Pruned: nothing left for a short quiet, the full pass still owed to a long one.
    const pruned = { ...orders, unvacuumed: 0 };
    expect(nextStep([pruned], new Set(), choice())).toBeUndefined();
    expect(nextStep([pruned], new Set(), choice(true))?.kind).toBe('full');
    // A fifth of the table changed since its last full pass: the full pass without waiting for a long quiet.
    expect(nextStep([{ ...pruned, changed: 200_000 }], new Set(), choice())?.kind).toBe('full');
    // Small indexes: the full pass at once, as it costs little.
    expect(nextStep([{ ...orders, indexBytes: 99 * MB }], new Set(), choice())?.kind).toBe('full');
    // An import's table: the full pass at once, whatever its indexes.
    expect(nextStep([{ ...orders, changed: 10, unvacuumed: 10 }], new Set(['r_orders']), choice())?.kind).toBe('full');
  });

  it("tells whether an hour of the server's clock is within the full pass's hours, across midnight too", () => {
    const at = (hour: number) => new Date(2026, 10, 27, hour, 30);
    expect([0, 5, 6, 12].map((hour) => withinHours({ from: 0, to: 6 }, at(hour)))).toEqual([true, true, false, false]);
    expect([21, 22, 23, 0, 4, 5, 12].map((hour) => withinHours({ from: 22, to: 5 }, at(hour)))).toEqual([false, true, true, true, true, false, false]);
    expect(withinHours(null, at(12))).toBe(true);
  });

  /** A pool whose statistics name two due tables and whose VACUUMs end when the test says. */
  function fakePool(tables = [table('r_a', 100_000, 50_000), table('r_b', 100_000, 20_000)]) {
    const vacuums: Array<{ table: string; statement: string; end: () => void }> = [];
    const pool = {
      query(statement: string | { text: string }) {
        const text = typeof statement === 'string' ? statement : statement.text;
        if (text.includes('embedded_vacuum_debt')) return Promise.resolve({ rows: [] });
        if (text.includes('pg_stat_user_tables')) {
          const rows = tables.filter((row) => row.changed > 0 || row.unvacuumed > 0);
          return Promise.resolve({ rows: rows.map((row) => ({ ...row, index_bytes: row.indexBytes })) });
        }
        const [, statementName, name] = /^(VACUUM \([A-Z_ ]+\)) "(\w+)"$/.exec(text) ?? [];
        return new Promise((resolve) =>
          vacuums.push({
            table: name,
            statement: statementName,
            end: () => {
              const vacuumed = tables.find((row) => row.table === name);
              if (vacuumed) {
                vacuumed.unvacuumed = 0;
                if (statementName === 'VACUUM (ANALYZE)') vacuumed.changed = 0;
              }
              resolve({ rows: [] });
            },
          }),
        );
      },
    };
    return { pool: pool as never, vacuums };
  }

  it('runs one table at a time and waits for idleness again before the next', async () => {
    const { pool, vacuums } = fakePool();
    const maintainer = new IdleVacuum({ pool, idleMs: 50, minRows: 10_000, fullIdleMs: 50, pollMs: 10 });
    maintainer.start();
    try {
      await expect.poll(() => vacuums.length).toBe(1);
      expect(vacuums[0].table).toBe('r_a');
      maintainer.requestStarted();
      vacuums[0].end();
      await sleep(200);
      expect(vacuums).toHaveLength(1);
      maintainer.requestEnded();
      await expect.poll(() => vacuums.length).toBe(2);
      expect(vacuums[1].table).toBe('r_b');
      vacuums[1].end();
    } finally {
      await maintainer.stop();
    }
  });

  it("holds a large table's full pass back until no request has been in flight for the long quiet", async () => {
    const { pool, vacuums } = fakePool([table('r_orders', 1_000_000, 50_000, 50_000, 1_000)]);
    const fullIdleMs = 400;
    const maintainer = new IdleVacuum({ pool, idleMs: 20, minRows: 10_000, fullIdleMs, pollMs: 10 });
    maintainer.start();
    try {
      await expect.poll(() => vacuums.length).toBe(1);
      expect(vacuums[0].statement).toBe('VACUUM (INDEX_CLEANUP OFF)');
      vacuums[0].end();
      // A request comes and goes before the long quiet: the full pass waits for a long quiet after it.
      await sleep(fullIdleMs / 2);
      maintainer.requestStarted();
      await sleep(fullIdleMs);
      maintainer.requestEnded();
      const quietFrom = Date.now();
      expect(vacuums).toHaveLength(1);
      await expect.poll(() => vacuums.length, { timeout: 5_000 }).toBe(2);
      expect(Date.now() - quietFrom).toBeGreaterThanOrEqual(fullIdleMs - 20);
      expect(vacuums[1].statement).toBe('VACUUM (ANALYZE)');
      vacuums[1].end();
      await expect.poll(() => maintainer.done.map((done) => done.kind)).toEqual(['prune', 'full']);
      // Nothing owed any more: no third pass.
      await sleep(fullIdleMs * 2);
      expect(vacuums).toHaveLength(2);
    } finally {
      await maintainer.stop();
    }
  });

  it("gives a large table its full pass after the long quiet in the full pass's hours only", async () => {
    const orders = table('r_orders', 1_000_000, 50_000, 50_000, 1_000);
    const { pool, vacuums } = fakePool([orders]);
    let now = new Date(2026, 10, 27, 11, 0);
    const fullIdleMs = 100;
    const maintainer = new IdleVacuum({ pool, idleMs: 20, minRows: 10_000, fullIdleMs, fullPassHours: { from: 0, to: 6 }, clock: () => now, pollMs: 10 });
    maintainer.start();
    try {
      // At eleven in the morning: the prune after the short quiet, and no full pass however long the quiet.
      await expect.poll(() => vacuums.length).toBe(1);
      expect(vacuums[0].statement).toBe('VACUUM (INDEX_CLEANUP OFF)');
      vacuums[0].end();
      await sleep(fullIdleMs * 4);
      expect(vacuums).toHaveLength(1);
      // At two in the night: the full pass.
      now = new Date(2026, 10, 28, 2, 0);
      await expect.poll(() => vacuums.length).toBe(2);
      expect(vacuums[1].statement).toBe('VACUUM (ANALYZE)');
      vacuums[1].end();
      // Owed no more: back in the day, nothing (a fifth of the table changed would start one at any hour: nextStep above).
      now = new Date(2026, 10, 28, 11, 0);
      await sleep(fullIdleMs * 4);
      expect(vacuums).toHaveLength(2);
    } finally {
      await maintainer.stop();
    }
  });

  it('waits for a running vacuum when stopped, and starts no other', async () => {
    const { pool, vacuums } = fakePool();
    const maintainer = new IdleVacuum({ pool, idleMs: 20, minRows: 10_000, fullIdleMs: 20, pollMs: 10 });
    maintainer.start();
    await expect.poll(() => vacuums.length).toBe(1);
    let stopped = false;
    const stopping = maintainer.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    vacuums[0].end();
    await stopping;
    await sleep(100);
    expect(vacuums).toHaveLength(1);
  });
});
