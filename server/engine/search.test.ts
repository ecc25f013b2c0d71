/**
 * A list's search (search.ts, list-totals.ts): the joined expression finds exactly what matching each field on
 * its own finds, ignoring case and accents, through its index, within the tenant; a search's total is counted up to a cap; a total kept
 * between requests follows every write, also another process's (PostgreSQL).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { insertRecord, tenantOf } from '../test-support/direct-records';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { SEARCH_TOTAL_CAP } from './cursor';
import { KEPT_MATCHES, SEARCH_WALK_ROWS } from './store';
import { ListTotals } from './list-totals';
import { model } from '../test-support/engine-records';
import { analyzedPlan, planMadeTo, recordedListPage, scansTesting, type RecordedStatement } from '../test-support/recorded-list';
import { containsText, indexedSearchFields, searchColumnOf, searchCondition } from './search';
import { fieldExpression } from './model';
import type { Sql } from '../db/sql';
import { likePattern, matchesSearch } from '../test-support/search-oracle';

const orders = model.byName.get('orders')!;
const searched = indexedSearchFields(orders);

interface ListBody {
  data: Array<{ _id: number }>;
  pagination: { total: number; totalCapped?: boolean; lastPage: number; nextCursor: string | null };
}

/** Texts with the cases a substring search meets: letters of several scripts and cases, wildcards, accents. */
const CUSTOMERS = [
  'Danube Steel GmbH',
  'DANUBE STEEL',
  'Steel & Danube',
  'Дунай Сталь ТОВ',
  'ΔΟΥΝΑΒΗΣ Α.Ε.',
  'Café Müller',
  'Straße 50% Rabatt',
  'a_b logistics',
  'Δούναβης Μεταλλικά',
  'José Núñez Transportes',
  'Škoda Dvořák s.r.o.',
];
const ADDRESSES = ['Wien, Donaustraße 1', 'Kyiv, vul. Khreshchatyk 5', 'Athina, Odos Ermou 10', 'Madrid, Calle Mayor 3', 'Milano, Via Roma 7'];
const QUERIES = [
  'danube',
  'Danube Steel',
  'steel danube',
  'STEEL',
  'дунай',
  'ДУНАЙ сталь',
  'δουναβης',
  'café',
  'CAFÉ müller',
  'straße',
  '50%',
  'a_b',
  '%',
  '_',
  'wien steel',
  'kyiv 5',
  'C-00',
  'c-0012',
  'nobody-has-this',
  'GmbH Wien',
  'ma',
  // Accents ignored both ways, and the Greek final sigma as a sigma.
  'muller',
  'MULLER cafe',
  'ΔΟΥΝΑΒΗΣ',
  'δουνάβης μεταλλικα',
  'jose nunez',
  'JOSÉ NÚÑEZ',
  'dvorak skoda',
  'strasse',
  'ΜΕΤΑΛΛΙΚΆ',
  '５０％',
];

describe.each(databases)('list search on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let tenant: number;
  let other: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    other = await registerUser(test.app);
    tenant = await tenantOf(test.database.pool, owner.user.id);
    for (let index = 0; index < 120; index += 1) {
      await insertRecord(test.database.pool, 'r_orders', tenant, {
        cargo_number: `C-${String(index).padStart(4, '0')}`,
        customer: CUSTOMERS[index % CUSTOMERS.length],
        dispatcher: index % 3 === 0 ? 'Olga Steelworker' : undefined,
        loading_address: ADDRESSES[index % ADDRESSES.length],
        unloading_address: ADDRESSES[(index + 2) % ADDRESSES.length],
        loading_date: `2026-0${1 + (index % 9)}-1${index % 10}`,
      });
    }
    // Another tenant's orders match every query too: they must never be found or counted.
    const otherTenant = await tenantOf(test.database.pool, other.user.id);
    for (const customer of CUSTOMERS)
      await insertRecord(test.database.pool, 'r_orders', otherTenant, { cargo_number: 'C-0001', customer, loading_address: ADDRESSES[0] });
  });
  afterAll(async () => test?.close());

  const list = async (query: string, token = owner.token) => {
    const response = await call(test.app, 'GET', `/api/orders?${query}`, undefined, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListBody>();
  };

  /**
   * What the search should find, worked out here: each word in some searched field on its own, ignoring case and
   * accents (search-oracle.ts), over every order of the tenant read plainly; in the id order, or in the orders
   * list's default order (`loading_date` newest first).
   */
  async function plainScan(text: string, order: 'id' | 'default' = 'id'): Promise<number[]> {
    const { rows } = await test.database.pool.query<{ id: string; data: Record<string, string | undefined> }>(
      `SELECT id, data FROM r_orders WHERE tenant_id = $1
        ORDER BY ${order === 'id' ? 'id' : `data->>'loading_date' DESC NULLS LAST, id DESC`}`,
      [tenant],
    );
    return rows
      .filter((row) =>
        matchesSearch(
          searched.map((field) => row.data[field]),
          text,
        ),
      )
      .map((row) => Number(row.id));
  }

  /**
   * The plan of the tenant's orders under `condition` with every index of the table but the primary key and those
   * named `prefix…` gone (for this transaction only) and the planner kept off a plain scan: whether that index can
   * answer the condition by itself.
   */
  async function planWithOnlyIndex(prefix: string, condition: Sql): Promise<string> {
    const client = await test.database.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: others } = await client.query<{ name: string }>(
        `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'r_orders' AND indexname NOT LIKE $1 AND indexname <> 'r_orders_pkey'`,
        [`${prefix}%`],
      );
      for (const { name } of others) await client.query(`DROP INDEX "${name}"`);
      await client.query('SET LOCAL enable_seqscan = off');
      const { text, values } = condition.render(1);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM r_orders WHERE tenant_id = $1 AND ${text}`, [tenant, ...values]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('finds exactly what matching each field on its own finds, for every sample query', async () => {
    for (const text of QUERIES) {
      const expected = await plainScan(text);
      const body = await list(`search=${encodeURIComponent(text)}&sort=_id&order=asc&perPage=100`);
      expect(
        body.data.map((order) => order._id),
        text,
      ).toEqual(expected.slice(0, 100));
      expect(body.pagination.total, text).toBe(expected.length);
    }
    // The sample means something: most queries find some orders, and not all.
    const found = await Promise.all(QUERIES.map((text) => plainScan(text)));
    expect(found.filter((ids) => ids.length > 0).length).toBeGreaterThan(QUERIES.length / 2);
    expect(found.some((ids) => ids.length > 0 && ids.length < 120)).toBe(true);
    // And the queries written without the accents, or in other cases, of what is stored find it.
    for (const text of ['muller', 'ΔΟΥΝΑΒΗΣ', 'δουνάβης μεταλλικα', 'jose nunez', 'dvorak skoda', 'strasse', '５０％'])
      expect((await plainScan(text)).length, text).toBeGreaterThan(0);
  });

  it("filters by a field's own text ignoring case and accents, served by that field's folded trigram index", async () => {
    for (const [text, customers] of [
      ['muller', ['Café Müller']],
      ['DVORAK', ['Škoda Dvořák s.r.o.']],
      ['ΔΟΎΝΑΒΗΣ', ['ΔΟΥΝΑΒΗΣ Α.Ε.', 'Δούναβης Μεταλλικά']],
      ['５０％', ['Straße 50% Rabatt']],
      ['a_b', ['a_b logistics']],
    ] as const) {
      const body = await list(`customer=${encodeURIComponent(text)}&perPage=100`);
      const found = (body.data as Array<{ customer?: string }>).map((order) => order.customer);
      const stored = Array.from({ length: 120 }, (_, index) => CUSTOMERS[index % CUSTOMERS.length]);
      expect(new Set(found), text).toEqual(new Set(customers));
      expect(body.pagination.total, text).toBe(stored.filter((customer) => (customers as readonly string[]).includes(customer)).length);
    }
    const plan = await planWithOnlyIndex('r_orders_customer_folded_trgm', containsText(fieldExpression(orders, 'customer'), 'muller'));
    expect(plan).toMatch(/Bitmap Index Scan on r_orders_customer_folded_trgm\w*/);
  });

  it('pages a search in the default order by cursor as a plain scan orders it, for every sample query', async () => {
    for (const text of QUERIES) {
      const expected = await plainScan(text, 'default');
      const found: number[] = [];
      let body = await list(`search=${encodeURIComponent(text)}&perPage=15`);
      for (let page = 2; ; page += 1) {
        found.push(...body.data.map((order) => order._id));
        if (!body.pagination.nextCursor) break;
        body = await list(`search=${encodeURIComponent(text)}&perPage=15&page=${page}&cursor=${encodeURIComponent(body.pagination.nextCursor)}`);
      }
      expect(found, text).toEqual(expected);
    }
  });

  it("finds a search's first page in the default order from the sort index alone, and reads the table for its matches only", async () => {
    const pool = test.database.pool;
    const { page, statements } = await recordedListPage(pool, tenant, orders, { search: 'danube steel', perPage: '10' });
    expect(page.rows.length).toBeGreaterThan(0);
    const statement = statements.find((one) => one.text.includes('LIMIT')) as RecordedStatement;
    // Every page marked all-visible (as VACUUM leaves it), and the planner kept to index scans on a table this small.
    await pool.query('VACUUM r_orders');
    const plan = await planMadeTo(pool, statement, ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']);
    expect(plan).toMatch(/Index Only Scan (Backward )?using r_orders_sort_key_\w+ on r_orders/);
    expect(plan).toMatch(/Heap Fetches: 0/);
    // The table is read by id for the page's rows alone.
    expect(plan).toMatch(new RegExp(`Index Scan using r_orders_pkey on r_orders .*rows=1(\\.00)? loops=${page.rows.length}\\)`));
    // Found in the walk: the matches from the trigram index (and the ids of few of them) are never read.
    expect(plan).toMatch(/CTE Scan on matched( matched\w*)? \(never executed\)/);
    expect(plan).not.toMatch(/CTE Scan on matched( matched\w*)? \(actual/);
  });

  it("takes a new search's first page with few matches from the matches its count reads, reading them once", async () => {
    const pool = test.database.pool;
    const text = 'c-0012';
    const { page, statements } = await recordedListPage(pool, tenant, orders, { search: text, perPage: '10' });
    expect(page.rows.map((row) => Number(row.id))).toEqual(await plainScan(text, 'default'));
    expect(page.total).toBe(1);
    expect(statements).toHaveLength(1);
    const plan = await analyzedPlan(pool, statements[0]);
    const tests = scansTesting(plan, likePattern(text).toLowerCase());
    // Two parts test the search: the walk of the order's first rows, and the matches, read once for the page and
    // the total; the count a search with many matches gets (a scan of its own) never ran.
    expect(tests.filter((scan) => !scan.skipped)).toHaveLength(2);
    expect(tests.filter((scan) => scan.skipped).length).toBeGreaterThan(0);
    expect(plan).toMatch(/CTE Scan on matched matched\w* \(actual/);
  });

  it(`turns the pages of a search with few matches (${KEPT_MATCHES.toLocaleString('en')} or fewer) by id, from the ids its first page read, until the orders are written`, async () => {
    const pool = test.database.pool;
    const rare = await registerUser(test.app);
    const rareTenant = await tenantOf(pool, rare.user.id);
    // The first SEARCH_WALK_ROWS orders of the default order (newest loading date first) match nothing, so the first
    // page is taken from the matches the trigram index reads; 25 match, two of them with no loading date (last).
    await pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'OTHER-' || n, 'customer', 'Common Buyer', 'loading_date', '2026-09-' || lpad((n % 28 + 1)::text, 2, '0'))
         FROM generate_series(1, $2::int) AS n`,
      [rareTenant, SEARCH_WALK_ROWS + 50],
    );
    await pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'RARE-' || n, 'customer', 'Rare Buyer')
                  || CASE WHEN n <= 2 THEN '{}'::jsonb ELSE jsonb_build_object('loading_date', '2025-0' || (n % 9 + 1) || '-1' || (n % 10)) END
         FROM generate_series(1, 25) AS n`,
      [rareTenant],
    );
    const matching = async () =>
      (
        await pool.query<{ id: string }>(
          `SELECT id FROM r_orders WHERE tenant_id = $1 AND data->>'customer' ILIKE '%rare buyer%' ORDER BY data->>'loading_date' DESC NULLS LAST, id DESC`,
          [rareTenant],
        )
      ).rows.map((row) => Number(row.id));
    const expected = await matching();
    const ids = (page: { rows: Array<{ id: number | string }> }) => page.rows.map((row) => Number(row.id));
    const kept = await ListTotals.start(model, test.database);
    try {
      const search = { search: 'rare buyer', perPage: '10' };
      const first = await recordedListPage(pool, rareTenant, orders, search, kept);
      expect(ids(first.page)).toEqual(expected.slice(0, 10));
      expect(first.page.total).toBe(25);
      // Page 2 by its cursor, page 3 by number and page 2 again backwards: one statement each, by id, no walk.
      const second = await recordedListPage(pool, rareTenant, orders, { ...search, page: '2', cursor: first.page.nextCursor as string }, kept);
      const third = await recordedListPage(pool, rareTenant, orders, { ...search, page: '3' }, kept);
      const back = await recordedListPage(pool, rareTenant, orders, { ...search, page: '2', cursor: third.page.previousCursor as string }, kept);
      expect(ids(second.page)).toEqual(expected.slice(10, 20));
      expect(ids(third.page)).toEqual(expected.slice(20, 25));
      expect(ids(back.page)).toEqual(expected.slice(10, 20));
      for (const { page, statements } of [second, third, back]) {
        expect(page.total).toBe(25);
        expect(statements).toHaveLength(1);
        expect(statements[0].text).toMatch(/id = ANY\(/);
        expect(statements[0].text).not.toMatch(/LIMIT|count\(/);
      }
      expect(third.page.nextCursor).toBeNull();
      // A write drops them: the page after the same cursor is read from the table again and finds the new order.
      await insertRecord(pool, 'r_orders', rareTenant, { cargo_number: 'RARE-NEW', customer: 'Rare Buyer', loading_date: '2025-12-31' });
      const after = await recordedListPage(pool, rareTenant, orders, { ...search, page: '2', cursor: first.page.nextCursor as string }, kept);
      expect(after.statements.some((statement) => /id = ANY\(/.test(statement.text))).toBe(false);
      expect(after.page.total).toBe(26);
      const now = await matching();
      expect(ids(after.page)).toEqual(now.slice(now.indexOf(expected[9]) + 1, now.indexOf(expected[9]) + 11));
    } finally {
      await kept.stop();
    }
    // Through the API (the server's own kept matches): every page by cursor, as a plain scan orders them.
    const found: number[] = [];
    let body = await list('search=rare%20buyer&perPage=10', rare.token);
    for (let page = 2; ; page += 1) {
      found.push(...body.data.map((order) => order._id));
      if (!body.pagination.nextCursor) break;
      body = await list(`search=rare%20buyer&perPage=10&page=${page}&cursor=${encodeURIComponent(body.pagination.nextCursor)}`, rare.token);
    }
    expect(found).toEqual(await matching());
  });

  it('answers a search that finds nothing in one statement, its total 0', async () => {
    const { page, statements } = await recordedListPage(test.database.pool, tenant, orders, { search: 'nobody-has-this', perPage: '10' });
    expect(page).toMatchObject({ rows: [], total: 0, nextCursor: null });
    expect(statements).toHaveLength(1);
    // A page past the end is empty too, and its list is not: that one is counted.
    const { page: past, statements: counted } = await recordedListPage(test.database.pool, tenant, orders, { search: 'danube', perPage: '10', page: '50' });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe((await plainScan('danube')).length);
    expect(counted).toHaveLength(2);
  });

  it('is served by the joined index, tenant first', async () => {
    const plan = await planWithOnlyIndex('r_orders_search_', searchCondition(orders, 'Danube STEEL', new Set()));
    expect(plan).toMatch(/Bitmap Index Scan on r_orders_search_\w+/);
    expect(plan).toMatch(/Index Cond: \(\(tenant_id = /);
  });

  it('carries the search text in the sort indexes of a list whose sort field is not searched (orders), not of one whose is (employees)', async () => {
    const definitions = async (table: string) =>
      (
        await test.database.pool.query<{ definition: string }>(
          `SELECT indexdef AS definition FROM pg_indexes WHERE tablename = $1 AND indexname LIKE '%sort_key%'`,
          [table],
        )
      ).rows.map((row) => row.definition);
    const ordersSort = await definitions('r_orders');
    expect(ordersSort).toHaveLength(2);
    for (const definition of ordersSort) expect(definition).toContain(`INCLUDE (${searchColumnOf(orders)})`);
    const employeesSort = await definitions('r_employees');
    expect(employeesSort).toHaveLength(2);
    for (const definition of employeesSort) expect(definition).not.toContain('INCLUDE');
  });

  it("never finds or counts another tenant's orders", async () => {
    const mine = await list('search=danube&perPage=100');
    expect(mine.pagination.total).toBe((await plainScan('danube')).length);
    const theirs = await list('search=danube&perPage=100', other.token);
    expect(theirs.pagination.total).toBe(3);
    expect(theirs.data.every((order) => !mine.data.some((my) => my._id === order._id))).toBe(true);
  });

  it('keeps a total between requests only until the orders are written, here or (PostgreSQL) by another process', async () => {
    const query = 'search=kept%20total%20probe';
    expect((await list(query)).pagination.total).toBe(0);
    const made = await call(
      test.app,
      'POST',
      '/api/orders/store',
      { cargo_number: 'KEPT-1', customer: 'Kept Total Probe Ltd', loading_date: '2026-05-05' },
      { token: owner.token },
    );
    expect(made.statusCode, made.body).toBe(200);
    expect((await list(query)).pagination.total).toBe(1);
    expect((await list(`${query}&page=2`)).pagination.total).toBe(1);
    const id = made.json<{ data: { _id: number } }>().data._id;
    if (kind === 'postgres') {
      const elsewhere = new pg.Client({ connectionString: test.config.databaseUrl ?? '' });
      await elsewhere.connect();
      try {
        await elsewhere.query(`UPDATE r_orders SET data = data || '{"customer": "Someone else"}' WHERE id = $1`, [id]);
      } finally {
        await elsewhere.end();
      }
      const until = Date.now() + 2000;
      let total = (await list(query)).pagination.total;
      while (total !== 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        total = (await list(query)).pagination.total;
      }
      expect(total).toBe(0);
    } else {
      const removed = await call(test.app, 'DELETE', `/api/orders/destroy/${id}`, undefined, { token: owner.token });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await list(query)).pagination.total).toBe(0);
    }
  });

  it(`counts a search up to ${SEARCH_TOTAL_CAP.toLocaleString('en')} and says there are more; a filter is counted exactly`, async () => {
    const big = await registerUser(test.app);
    const bigTenant = await tenantOf(test.database.pool, big.user.id);
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'BULK-' || n, 'customer', 'Bulk Customer', 'loading_date', '2026-03-01', 'price', n % 7)
         FROM generate_series(1, $2::int) AS n`,
      [bigTenant, SEARCH_TOTAL_CAP + 25],
    );
    const searchedList = await list('search=bulk%20customer&perPage=50', big.token);
    expect(searchedList.pagination).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true, lastPage: SEARCH_TOTAL_CAP / 50 });
    const secondPage = await list('search=bulk%20customer&perPage=50&page=2', big.token);
    expect(secondPage.pagination).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(secondPage.data).toHaveLength(50);
    // The last page the capped total allows is full and leads nowhere further.
    const last = await list(`search=bulk%20customer&perPage=50&page=${SEARCH_TOTAL_CAP / 50}`, big.token);
    expect(last.data).toHaveLength(50);
    expect(last.pagination.nextCursor).toBeNull();
    const narrow = await list('search=BULK-1000&perPage=50', big.token);
    expect(narrow.pagination.totalCapped).toBeUndefined();
    expect(narrow.pagination.total).toBe(11); // BULK-1000 and BULK-10000 … BULK-10009
    const unfiltered = await list('perPage=50', big.token);
    expect(unfiltered.pagination.total).toBe(SEARCH_TOTAL_CAP + 25);
    expect(unfiltered.pagination.totalCapped).toBeUndefined();
    // Newer orders that do not match, more than a first page walks: a search with more matches than the cap, none
    // of them near the start of the order, still gets its first page in the order (the sort index walked).
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data)
       SELECT $1, jsonb_build_object('cargo_number', 'NEW-' || n, 'customer', 'Fresh Buyer', 'loading_date', '2026-04-01')
         FROM generate_series(1, $2::int) AS n`,
      [bigTenant, SEARCH_WALK_ROWS + 10],
    );
    const late = await list('search=customer%20bulk&perPage=50', big.token);
    expect(late.pagination).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    const { rows: expected } = await test.database.pool.query<{ id: string }>(
      `SELECT id FROM r_orders WHERE tenant_id = $1 AND data->>'customer' = 'Bulk Customer' ORDER BY data->>'loading_date' DESC, id DESC LIMIT 50`,
      [bigTenant],
    );
    expect(late.data.map((order) => order._id)).toEqual(expected.map((row) => Number(row.id)));
  });
});
