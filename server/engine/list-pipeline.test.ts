/**
 * The list pipeline (list-pipeline.ts): every page — the first, a page by number, a page by cursor, another order —
 * is one statement with its total in it, the total exact; a total kept since an earlier request is not counted
 * again, and is dropped as soon as the table is written; a page past the end still says the total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { model } from '../test-support/engine-records';
import { recordedListPage } from '../test-support/recorded-list';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { FORWARD_WALK_ROWS, keptPage, planList } from './list-pipeline';
import { parseListQuery } from './list-query';
import { ListTotals } from './list-totals';
import type { EngineResource } from './model';

interface ListBody {
  data: Array<Record<string, unknown>>;
  pagination: { total: number; currentPage: number; lastPage: number; nextCursor: string | null; previousCursor: string | null };
}

const orders = model.byName.get('orders') as EngineResource;
const ORDERS = 45;

describe("a page of a search's kept matches (keptPage)", () => {
  const ids = [7, 3, 9, 1, 4, 8, 2];
  const keyset = (id: number, backward = false) => ({ by: 'keyset' as const, start: { key: 'k', id }, backward });

  it('takes a page by number, after a cursor and before one, out of the matches in order', () => {
    expect(keptPage(ids, { read: { by: 'offset', offset: 0 }, limit: 3 })).toEqual([7, 3, 9]);
    expect(keptPage(ids, { read: { by: 'offset', offset: 6 }, limit: 3 })).toEqual([2]);
    expect(keptPage(ids, { read: { by: 'offset', offset: 9 }, limit: 3 })).toEqual([]);
    expect(keptPage(ids, { read: keyset(9), limit: 3 })).toEqual([1, 4, 8]);
    expect(keptPage(ids, { read: keyset(2), limit: 3 })).toEqual([]);
    expect(keptPage(ids, { read: keyset(4, true), limit: 3 })).toEqual([3, 9, 1]);
    expect(keptPage(ids, { read: keyset(3, true), limit: 3 })).toEqual([7]);
  });

  it('answers nothing for a cursor whose row is not among them, so the page is read from the table', () => {
    expect(keptPage(ids, { read: keyset(5), limit: 3 })).toBeNull();
    expect(keptPage(ids, { read: keyset(5, true), limit: 3 })).toBeNull();
  });
});

describe.each(databases)('the list pipeline on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let tenant: number;
  let totals: ListTotals;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    tenant = Number((await test.database.pool.query('SELECT tenant_id FROM companies WHERE id = $1', [owner.user.company.id])).rows[0].tenant_id);
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'PIPE-' || n, 'customer', CASE WHEN n % 3 = 0 THEN 'Pipe Alpha' ELSE 'Pipe Beta' END,
                                     'loading_date', '2024-02-' || lpad((n % 28 + 1)::text, 2, '0'), 'price', n)
         FROM generate_series(1, ${ORDERS}) AS n`,
      [tenant],
    );
    totals = await ListTotals.start(model, test.database);
  });
  afterAll(async () => {
    await totals?.stop();
    await test?.close();
  });

  const ok = async (url: string) => {
    const response = await call(test.app, 'GET', url, undefined, { token: owner.token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<ListBody>();
  };
  const exact = async (where = 'true') =>
    Number((await test.database.pool.query(`SELECT count(*) AS n FROM r_orders WHERE tenant_id = $1 AND ${where}`, [tenant])).rows[0].n);

  /** The statements one list request runs, through a store on a pool that writes them down. */
  async function statementsOf(url: string, kept?: ListTotals) {
    const parameters = Object.fromEntries(new URL(url, 'http://x').searchParams);
    const { page, statements } = await recordedListPage(test.database.pool, tenant, orders, parameters, kept);
    return { page, statements: statements.map((statement) => statement.text) };
  }

  it('answers the exact total on every kind of page: first, by number, by cursor both ways, another order, a filter, a search', async () => {
    const all = await exact();
    const alpha = await exact(`data->>'customer' = 'Pipe Alpha'`);
    for (const [query, expected] of [
      ['perPage=10', all],
      ['perPage=20&sort=customer&order=asc', all],
      ['perPage=7&customer=Pipe%20Alpha', alpha],
      ['perPage=7&search=alpha', alpha],
    ] as const) {
      const first = await ok(`/api/orders?${query}`);
      expect(first.pagination.total, query).toBe(expected);
      const second = await ok(`/api/orders?${query}&page=2&cursor=${first.pagination.nextCursor}`);
      expect(second.pagination.total, `${query}, page 2 by cursor`).toBe(expected);
      const back = await ok(`/api/orders?${query}&page=1&cursor=${second.pagination.previousCursor}`);
      expect(back.pagination.total, `${query}, page 1 by cursor`).toBe(expected);
      expect(back.data).toEqual(first.data);
      for (const page of [2, 3, Math.ceil(expected / 7)])
        expect((await ok(`/api/orders?${query}&page=${page}`)).pagination.total, `${query}, page ${page}`).toBe(expected);
    }
  });

  it('says the total on a page past the end, counted or kept', async () => {
    const all = await exact();
    for (const kept of [undefined, totals]) {
      for (const url of ['/api/orders?perPage=10&page=99', '/api/orders?perPage=10&page=99&customer=Pipe%20Beta']) {
        const { page } = await statementsOf(url, kept);
        expect(page.rows).toEqual([]);
        expect(page.total, url).toBe(url.includes('Beta') ? await exact(`data->>'customer' = 'Pipe Beta'`) : all);
        expect(page.nextCursor).toBeNull();
      }
    }
    const body = await ok('/api/orders?perPage=10&page=99');
    expect(body.data).toEqual([]);
    expect(body.pagination).toMatchObject({ total: all, currentPage: 99, lastPage: Math.ceil(all / 10) });
  });

  it('reads any page with its total in one statement, and a kept total with none', async () => {
    const first = await ok('/api/orders?perPage=10&sort=price&order=asc');
    for (const url of [
      '/api/orders?perPage=10&sort=price&order=asc',
      `/api/orders?perPage=10&sort=price&order=asc&page=2&cursor=${first.pagination.nextCursor}`,
      '/api/orders?perPage=10&sort=price&order=asc&page=3',
      '/api/orders?perPage=10&sort=price&order=asc&page=5',
      '/api/orders?perPage=10&page=2&customer=Pipe%20Beta',
    ]) {
      const counted = await statementsOf(url);
      expect(counted.statements, url).toHaveLength(1);
      expect(counted.page.total, url).toBe(url.includes('Beta') ? await exact(`data->>'customer' = 'Pipe Beta'`) : await exact());
      // Asked again with the totals kept: the first request counts and keeps, the next one reads the page alone.
      await statementsOf(url, totals);
      const again = await statementsOf(url, totals);
      expect(again.statements, url).toHaveLength(1);
      expect(again.statements[0], url).not.toMatch(/count\(|engine_row_counts/);
      expect(again.page.total, url).toBe(counted.page.total);
      expect(again.page.rows.map((row) => row.id)).toEqual(counted.page.rows.map((row) => row.id));
    }
  });

  it('counts a kept total again once the table is written, and every page then says the new total', async () => {
    const url = '/api/orders?perPage=10&page=2';
    await statementsOf(url, totals);
    expect((await statementsOf(url, totals)).statements[0]).not.toMatch(/engine_row_counts/);
    await test.database.pool.query(`INSERT INTO r_orders (tenant_id, data) VALUES ($1, '{"cargo_number": "PIPE-NEW", "customer": "Pipe New"}')`, [tenant]);
    const after = await statementsOf(url, totals);
    expect(after.statements[0]).toMatch(/engine_row_counts/);
    expect(after.page.total).toBe(await exact());
    // Through the API (the server's own kept totals): page 1, a write, then page 2 by its cursor.
    const before = await ok('/api/orders?perPage=10');
    const created = await call(test.app, 'POST', '/api/orders/store', { cargo_number: 'PIPE-API', customer: 'Pipe Api' }, { token: owner.token });
    expect(created.statusCode, created.body).toBe(200);
    const next = await ok(`/api/orders?perPage=10&page=2&cursor=${before.pagination.nextCursor}`);
    expect(next.pagination.total).toBe(before.pagination.total + 1);
  });

  it('turns a page forward by one index range once the list is known to hold no NULL sort value, and by two again after a NULL is written', async () => {
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'NULLS-' || n, 'customer', 'Pipe Nulls', 'loading_date', '2024-03-' || lpad(n::text, 2, '0'))
         FROM generate_series(1, 12) AS n`,
      [tenant],
    );
    const list = '/api/orders?perPage=5&customer=Pipe%20Nulls';
    const pageTwo = async () => {
      const first = await statementsOf(list, totals);
      return statementsOf(`${list}&page=2&cursor=${first.page.nextCursor}`, totals);
    };
    // Not known yet: the page asks beside its rows (one statement), and is read as two ranges meanwhile.
    await test.database.pool.query(`UPDATE r_orders SET data = data WHERE data->>'cargo_number' = 'NULLS-1'`);
    const asking = await pageTwo();
    expect(asking.statements).toHaveLength(1);
    expect(asking.statements[0]).toMatch(/EXISTS \(SELECT 1/);
    expect(asking.statements[0]).toMatch(/UNION ALL/);
    // Known now: one range, nothing asked. (On PostgreSQL the writes above are heard again through NOTIFY, a moment
    // later, and each makes the answer unknown once more: the next turn asks again, then it is known.)
    await expect.poll(async () => (await pageTwo()).statements[0], { timeout: 5_000, interval: 20 }).not.toMatch(/UNION ALL|EXISTS/);
    const known = await pageTwo();
    expect(known.statements).toHaveLength(1);
    expect(known.statements[0]).not.toMatch(/UNION ALL|EXISTS/);
    expect(known.page.rows.map((row) => row.data.cargo_number)).toEqual(['NULLS-7', 'NULLS-6', 'NULLS-5', 'NULLS-4', 'NULLS-3']);
    // An order without a loading date: the next page turn is two ranges again, and the last page ends with it.
    await test.database.pool.query(`INSERT INTO r_orders (tenant_id, data) VALUES ($1, '{"cargo_number": "NULLS-NONE", "customer": "Pipe Nulls"}')`, [tenant]);
    const after = await pageTwo();
    expect(after.statements[0]).toMatch(/UNION ALL/);
    const third = await statementsOf(`${list}&page=3&cursor=${after.page.nextCursor}`, totals);
    expect(third.page.total).toBe(13);
    expect(third.page.rows.map((row) => row.data.cargo_number)).toEqual(['NULLS-2', 'NULLS-1', 'NULLS-NONE']);
  });

  it('plans a deep page by number from the end only with a total known, and counts first only past FORWARD_WALK_ROWS', () => {
    const query = (text: string) => parseListQuery(orders, Object.fromEntries(new URLSearchParams(text)));
    expect(planList(orders, query('page=5&perPage=20'), null).read).toEqual({ by: 'offset', offset: 80 });
    expect(planList(orders, query('page=5&perPage=20'), null, 100).read).toEqual({ by: 'offset', offset: 80, fromEnd: { total: 100 } });
    expect(planList(orders, query('page=2&perPage=20'), null, 100).read).toEqual({ by: 'offset', offset: 20 });
    // A search's capped total is no end to count back from.
    expect(planList(orders, query('page=5&perPage=20&search=a'), null, 10_001).read).toEqual({ by: 'offset', offset: 80 });
    expect(FORWARD_WALK_ROWS).toBeGreaterThanOrEqual(1_000);
  });

  it('counts first, then reads from the end, a page by number deeper than FORWARD_WALK_ROWS with no total known', async () => {
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data) SELECT $1, jsonb_build_object('cargo_number', 'DEEP-' || n, 'customer', 'Pipe Deep', 'price', n) FROM generate_series(1, ${FORWARD_WALK_ROWS + 200}) AS n`,
      [tenant],
    );
    const total = await exact(`data->>'customer' = 'Pipe Deep'`);
    const lastPage = Math.ceil(total / 10);
    const url = `/api/orders?perPage=10&customer=Pipe%20Deep&sort=price&order=asc&page=${lastPage}`;
    const { page, statements } = await statementsOf(url);
    expect(statements).toHaveLength(2);
    expect(page.total).toBe(total);
    const prices = page.rows.map((row) => Number(row.data.price));
    expect(prices).toEqual(Array.from({ length: total - (lastPage - 1) * 10 }, (_, index) => (lastPage - 1) * 10 + index + 1));
  });
});
