/**
 * List totals at scale (counts.ts): an unfiltered list reads the count the triggers keep, and it stays
 * exact through creates, deletes, bulk statements and other tenants' writes; filtered, searched and
 * scoped lists still count exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { COMPACT_AFTER, countsMaintenance } from './counts';

interface ListBody {
  data: Array<Record<string, unknown>>;
  pagination: { total: number; lastPage: number };
}

describe.each(databases)('list totals on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let other: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    other = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  const total = async (url: string, user = owner) => {
    const response = await call(test.app, 'GET', url, undefined, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListBody>().pagination.total;
  };
  const createOrder = async (customer: string, user = owner) => {
    const response = await call(test.app, 'POST', '/api/orders/store', { cargo_number: `C-${customer}`, customer }, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { _id: number } }>().data._id;
  };

  it('vacuums and analyzes its delta table itself, so neither PGlite (no autovacuum) nor a server without it lets it bloat', async () => {
    const analyzed = async () =>
      Number(
        (
          await test.database.pool.query(
            `SELECT coalesce(vacuum_count, 0) + coalesce(analyze_count, 0) AS n FROM pg_stat_user_tables WHERE relname = 'engine_row_counts'`,
          )
        ).rows[0]?.n ?? 0,
      );
    const before = await analyzed();
    const statements: string[] = [];
    const stop = countsMaintenance((statement) => (statements.push(statement), test.database.pool.query(statement)), 50);
    try {
      await expect.poll(analyzed, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before);
    } finally {
      stop();
    }
    expect(statements[0]).toBe('VACUUM (ANALYZE) engine_row_counts');
  });

  it('keeps the unfiltered total exact through creates and deletes, per tenant', async () => {
    expect(await total('/api/orders')).toBe(0);
    const ids = [await createOrder('Danube Steel'), await createOrder('Rhine Foods'), await createOrder('Danube Glass')];
    await createOrder('Other tenant', other);
    expect(await total('/api/orders')).toBe(3);
    expect(await total('/api/orders', other)).toBe(1);

    const removed = await call(test.app, 'DELETE', `/api/orders/destroy/${ids[1]}`, undefined, { token: owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await total('/api/orders')).toBe(2);
    expect(await total('/api/orders', other)).toBe(1);
  });

  it('counts filtered and searched lists exactly', async () => {
    expect(await total('/api/orders?search=Danube')).toBe(2);
    expect(await total('/api/orders?customer=Glass')).toBe(1);
    expect(await total('/api/orders?search=nothing-matches')).toBe(0);
  });

  it('agrees with count(*) after a multi-row statement written straight into the table', async () => {
    const tenant = (await test.database.pool.query('SELECT tenant_id FROM companies WHERE id = $1', [owner.user.company.id])).rows[0].tenant_id as number;
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data) SELECT $1, jsonb_build_object('cargo_number', 'B-' || n, 'customer', 'Bulk') FROM generate_series(1, 25) AS n`,
      [tenant],
    );
    const exact = Number((await test.database.pool.query('SELECT count(*) AS n FROM r_orders WHERE tenant_id = $1', [tenant])).rows[0].n);
    expect(exact).toBe(27);
    expect(await total('/api/orders')).toBe(27);
    await test.database.pool.query(`DELETE FROM r_orders WHERE tenant_id = $1 AND data->>'customer' = 'Bulk'`, [tenant]);
    expect(await total('/api/orders')).toBe(2);
  });

  it('stays exact through concurrent creates, and folds the piled-up deltas when it reads them', async () => {
    const tenant = (await test.database.pool.query('SELECT tenant_id FROM companies WHERE id = $1', [other.user.company.id])).rows[0].tenant_id as number;
    const before = await total('/api/orders', other);
    // Concurrent creates append deltas: none waits for another's commit on a shared counter row.
    await Promise.all(Array.from({ length: 12 }, (_, index) => createOrder(`Concurrent ${index}`, other)));
    // One statement per row: more delta rows than COMPACT_AFTER.
    for (let index = 0; index < COMPACT_AFTER; index += 1) {
      await test.database.pool.query(`INSERT INTO r_orders (tenant_id, data) VALUES ($1, '{"cargo_number": "S", "customer": "Single"}')`, [tenant]);
    }
    const pieces = async () =>
      Number(
        (await test.database.pool.query(`SELECT count(*) AS n FROM engine_row_counts WHERE table_name = 'r_orders' AND tenant_id = $1`, [tenant])).rows[0].n,
      );
    expect(await pieces()).toBeGreaterThan(COMPACT_AFTER);
    const exact = Number((await test.database.pool.query('SELECT count(*) AS n FROM r_orders WHERE tenant_id = $1', [tenant])).rows[0].n);
    expect(exact).toBe(before + 12 + COMPACT_AFTER);
    expect(await total('/api/orders', other)).toBe(exact);
    expect(await pieces()).toBe(1);
    expect(await total('/api/orders', other)).toBe(exact);
    await test.database.pool.query(`DELETE FROM r_orders WHERE tenant_id = $1 AND data->>'customer' = 'Single'`, [tenant]);
    expect(await total('/api/orders', other)).toBe(before + 12);
  });

  it('pages deep with the same rows and order as a plain OFFSET query', async () => {
    const tenant = (await test.database.pool.query('SELECT tenant_id FROM companies WHERE id = $1', [owner.user.company.id])).rows[0].tenant_id as number;
    // Many equal loading dates: the id must break the ties identically in both queries.
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'P-' || n, 'customer', 'Pager', 'loading_date', '2024-01-' || lpad((n % 5 + 1)::text, 2, '0'))
         FROM generate_series(1, 57) AS n`,
      [tenant],
    );
    const expected = (
      await test.database.pool.query(`SELECT id FROM r_orders WHERE tenant_id = $1 ORDER BY (data->>'loading_date') DESC NULLS LAST, id DESC`, [tenant])
    ).rows.map((row: { id: number }) => row.id);
    const seen: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await call(test.app, 'GET', `/api/orders?perPage=7&page=${page}`, undefined, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ListBody>();
      expect(body.pagination.total).toBe(expected.length);
      if (body.data.length === 0) break;
      seen.push(...body.data.map((row) => Number(row._id)));
    }
    expect(seen).toEqual(expected);
    const searched = await call(test.app, 'GET', '/api/orders?search=Pager&perPage=10&page=3&sort=customer&order=asc', undefined, { token: owner.token });
    expect(searched.json<ListBody>().data).toHaveLength(10);
    await test.database.pool.query(`DELETE FROM r_orders WHERE tenant_id = $1 AND data->>'customer' = 'Pager'`, [tenant]);
  });

  it('counts a sub-resource list within its parent', async () => {
    const transport = await call(
      test.app,
      'POST',
      '/api/transport/store',
      { board_names: 'MAN #001', registration_number: 'B-FD 1001' },
      { token: owner.token },
    );
    expect(transport.statusCode, transport.body).toBe(200);
    const transportId = transport.json<{ data: { id: number } }>().data.id;
    for (const date of ['2024-01-02', '2024-02-03']) {
      const act = await call(test.app, 'POST', `/api/transport/${transportId}/handover-acts/store`, { date }, { token: owner.token });
      expect(act.statusCode, act.body).toBe(200);
    }
    expect(await total(`/api/transport/${transportId}/handover-acts`)).toBe(2);
  });
});
