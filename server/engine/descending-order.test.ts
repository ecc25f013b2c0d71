/**
 * A descending order by a field other than the default one (paging.ts `readInParts`): read as two index ranges,
 * the values and the NULLs, merged. Every page (by number, deep, from the end, by cursor forward and back across
 * the NULLs) is the plain `ORDER BY <field> DESC NULLS LAST, id DESC`, and the first page reads the field's index
 * backward for about a page of entries instead of sorting the tenant's every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { model } from '../test-support/engine-records';
import { expectPagesByCursor, planMadeTo, recordedListPage } from '../test-support/recorded-list';
import { startTestApp, type TestApp } from '../test-support/test-app';

const orders = model.byName.get('orders')!;
const ORDERS = 330;
const PER_PAGE = 10;

interface ListBody {
  data: Array<{ _id: number }>;
  pagination: { nextCursor: string | null; previousCursor: string | null };
}

/** The fields sorted and their SQL, as list-query.ts writes them. */
const SORTED = { price: "((data->>'price')::numeric)", customer: "(data->>'customer')" } as const;

describe.each(databases)('descending orders by a field on %s', (kind) => {
  let test: TestApp;
  let token: string;
  let tenant: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    const owner = await registerUser(test.app);
    token = owner.token;
    tenant = await tenantOf(test.database.pool, owner.user.id);
    // Prices all different but a seventh of them missing; customers repeating (ties broken by id), a fifth missing.
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_strip_nulls(jsonb_build_object(
                'cargo_number', 'DESC-' || n,
                'customer', CASE WHEN n % 5 = 0 THEN NULL ELSE 'Customer ' || (n % 13) END,
                'price', CASE WHEN n % 7 = 0 THEN NULL ELSE n * 1.5 END))
         FROM generate_series(1, ${ORDERS}) AS n`,
      [tenant],
    );
    await test.database.pool.query('ANALYZE r_orders');
  });
  afterAll(async () => test?.close());

  const list = async (query: string) => {
    const response = await call(test.app, 'GET', `/api/orders?${query}`, undefined, { token });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const { data, pagination } = response.json<ListBody>();
    return { ids: data.map((record) => record._id), ...pagination };
  };
  const plain = async (expression: string, limit: number, offset: number) =>
    (
      await test.database.pool.query<{ id: string }>(
        `SELECT id FROM r_orders WHERE tenant_id = $1 ORDER BY ${expression} DESC NULLS LAST, id DESC LIMIT ${limit} OFFSET ${offset}`,
        [tenant],
      )
    ).rows.map((row) => Number(row.id));

  it.each(Object.entries(SORTED))('answers every page of %s descending as a plain ORDER BY does, by number and by cursor', async (field, expression) => {
    const base = `perPage=${PER_PAGE}&sort=${field}&order=desc`;
    const lastPage = Math.ceil(ORDERS / PER_PAGE);
    // Shallow, deep (a deferred join past 200 rows), past the middle (read from the end), the last, partial one.
    for (const page of [1, 2, 25, 30, lastPage])
      expect((await list(`${base}&page=${page}`)).ids, `page ${page}`).toEqual(await plain(expression, PER_PAGE, (page - 1) * PER_PAGE));
    await expectPagesByCursor(list, base, lastPage, (page) => plain(expression, PER_PAGE, (page - 1) * PER_PAGE));
  });

  it("reads the first page from the field's index backward, a page of entries, without sorting the tenant's rows", async () => {
    const pool = test.database.pool;
    const { page, statements } = await recordedListPage(pool, tenant, orders, { sort: 'price', order: 'desc', perPage: String(PER_PAGE) });
    expect(page.rows.map((row) => Number(row.id))).toEqual(await plain(SORTED.price, PER_PAGE, 0));
    const statement = statements.find((one) => one.text.includes('LIMIT'))!;
    // On a table this small the planner would read it whole either way; kept to indexes, the old statement sorted them.
    const plan = await planMadeTo(pool, statement);
    const backward = /Index Scan Backward using r_orders_price_\w+ on r_orders.*rows=(\d+)/.exec(plan);
    expect(backward, plan).not.toBeNull();
    expect(Number(backward![1])).toBeLessThanOrEqual(PER_PAGE + 1);
    expect(plan).not.toMatch(/Sort Key: \(\(\(data ->> 'price'::text\)\)::numeric\) DESC NULLS LAST/);
  });
});
