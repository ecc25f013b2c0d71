/**
 * A search in a list sorted by a searched field other than the default one (orders by customer, either way:
 * paging.ts `sortFieldSearched`): its matches lie together in that order, and the list is read by a bounded walk,
 * then the trigram index (store.ts `walkThenMatches`, `searchedFirstPage`). Every page, first, by cursor forward
 * and back, is the plain scan's, whether the matches are few and late in the order, many (past the counted cap),
 * or without a customer (NULLs, last); and a search whose matches lie late is never found by walking every row
 * before them (2–2.7 s over a million orders before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { model } from '../test-support/engine-records';
import { expectPagesByCursor, planMadeTo, recordedListPage } from '../test-support/recorded-list';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { SEARCH_TOTAL_CAP } from './cursor';
import { ListTotals } from './list-totals';
import { indexedSearchFields } from './search';
import { likePattern } from '../test-support/search-oracle';

const orders = model.byName.get('orders')!;
const PER_PAGE = 15;
/** More fillers than the counted cap, first in the customer order; then few rare ones, then others; some without a customer. */
const FILLERS = SEARCH_TOTAL_CAP + 50;

interface ListBody {
  data: Array<{ _id: number }>;
  pagination: { total: number; totalCapped?: boolean; nextCursor: string | null; previousCursor: string | null };
}

describe.each(databases)('a search sorted by a searched field on %s', (kind) => {
  let test: TestApp;
  let token: string;
  let tenant: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    const owner = await registerUser(test.app);
    token = owner.token;
    tenant = await tenantOf(test.database.pool, owner.user.id);
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_strip_nulls(jsonb_build_object('cargo_number', cargo, 'customer', customer))
         FROM (SELECT 'F-' || n AS cargo, 'Aaa Filler ' || (n % 97) AS customer FROM generate_series(1, ${FILLERS}) AS n
               UNION ALL SELECT 'M-' || n, 'Mid Rare ' || (n % 3) FROM generate_series(1, 40) AS n
               UNION ALL SELECT 'Z-' || n, 'Zeta Other ' || n FROM generate_series(1, 1500) AS n
               UNION ALL SELECT 'RARE-' || n, NULL FROM generate_series(1, 30) AS n) AS made`,
      [tenant],
    );
    await test.database.pool.query('ANALYZE r_orders');
  }, 120_000);
  afterAll(async () => test?.close());

  const list = async (query: string) => {
    const response = await call(test.app, 'GET', `/api/orders?${query}`, undefined, { token });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json<ListBody>();
  };
  /** Each word in some searched field (search.ts), in the order. */
  const plainScan = async (text: string, direction: 'ASC' | 'DESC') => {
    const words = text.split(' ');
    const perWord = words.map(
      (_, index) =>
        `(${indexedSearchFields(orders)
          .map((field) => `(data->>'${field}') ILIKE $${index + 2}`)
          .join(' OR ')})`,
    );
    const { rows } = await test.database.pool.query<{ id: string }>(
      `SELECT id FROM r_orders WHERE tenant_id = $1 AND ${perWord.join(' AND ')} ORDER BY data->>'customer' ${direction} NULLS LAST, id ${direction}`,
      [tenant, ...words.map(likePattern)],
    );
    return rows.map((row) => Number(row.id));
  };

  const cases = ['rare', 'filler', 'zeta', 'mid rare 2', 'nobody'].flatMap((text) => (['asc', 'desc'] as const).map((order) => [text, order] as const));

  it.each(cases)('pages "%s" by customer %s by cursor, forward and back, as a plain scan orders it', async (text, order) => {
    const expected = await plainScan(text, order === 'asc' ? 'ASC' : 'DESC');
    const base = `search=${encodeURIComponent(text)}&sort=customer&order=${order}&perPage=${PER_PAGE}`;
    const pages = Math.min(4, Math.ceil(expected.length / PER_PAGE));
    expect((await list(base)).pagination.total).toBe(Math.min(expected.length, SEARCH_TOTAL_CAP));
    const turned = async (query: string) => {
      const { data, pagination } = await list(query);
      return { ids: data.map((record) => record._id), ...pagination };
    };
    await expectPagesByCursor(turned, base, Math.max(1, pages), (page) => Promise.resolve(expected.slice((page - 1) * PER_PAGE, page * PER_PAGE)));
  });

  it.each(['asc', 'desc'])('finds few matches late in the customer order %s without walking the rows before them', async (order) => {
    const { page, statements } = await recordedListPage(test.database.pool, tenant, orders, { search: 'mid rare', sort: 'customer', order, perPage: '10' });
    expect(page.rows.map((row) => Number(row.id))).toEqual((await plainScan('mid rare', order === 'asc' ? 'ASC' : 'DESC')).slice(0, 10));
    expect(statements).toHaveLength(1);
    // The planner reckons matches spread evenly along the order, and walks the customer index for them at a million
    // rows; on a table this small it would not, so it is made to (its other plans priced out).
    const plan = await planMadeTo(test.database.pool, statements[0], ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']);
    // Every customer-index entry read (the rows a scan gave and those its filter took out): a walk through every filler
    // (ascending) or every "Zeta Other" (descending) to the rare ones reads 10,050 or 1,500.
    let read = 0;
    let walking = false;
    for (const line of plan.split('\n')) {
      if (/\(actual|\(never executed\)/.test(line)) walking = /Index Scan (Backward )?using r_orders_customer_\w+ /.test(line);
      if (walking) read += Number(/ rows=([\d.]+) loops/.exec(line)?.[1] ?? 0) + Number(/Rows Removed by Filter: (\d+)/.exec(line)?.[1] ?? 0);
    }
    expect(read, plan).toBeGreaterThan(0);
    expect(read, plan).toBeLessThanOrEqual(1_000);
  });

  it('keeps the matches of a search counted in another order for the customer order too: asked again, one read by id', async () => {
    const kept = await ListTotals.start(model, test.database);
    try {
      const search = { search: 'mid rare', perPage: '10' };
      // Counted in the default order first (its total kept), then sorted by customer.
      await recordedListPage(test.database.pool, tenant, orders, search, kept);
      const sorted = { ...search, sort: 'customer', order: 'desc' };
      const first = await recordedListPage(test.database.pool, tenant, orders, sorted, kept);
      const again = await recordedListPage(test.database.pool, tenant, orders, sorted, kept);
      const expected = (await plainScan('mid rare', 'DESC')).slice(0, 10);
      for (const { page } of [first, again]) expect(page.rows.map((row) => Number(row.id))).toEqual(expected);
      expect(again.statements).toHaveLength(1);
      expect(again.statements[0].text).toMatch(/id = ANY\(/);
      expect(again.statements[0].text).not.toMatch(/LIMIT|count\(/);
    } finally {
      await kept.stop();
    }
  });
});
