/**
 * Keyset pagination (cursor.ts, paging.ts): paging by cursor forward and back gives the very pages OFFSET
 * gives, over data with NULL sort values and ties, in every kind of order; a cursor made for another query,
 * altered, or sent with another page is a 422 on `cursor`; another tenant's cursor shows only the caller's
 * own rows; pages by number past the middle (read from the other end) are the plain OFFSET pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { localeText } from '../test-support/locale-text';
import { Sql } from '../db/sql';
import { model as registry, RecordMaker } from '../test-support/engine-records';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { encodeCursor } from './cursor';
import { buildModel, type EngineResource } from './model';
import { EngineStore } from './store';

interface ListBody {
  data: Array<Record<string, unknown>>;
  pagination: { total: number; currentPage: number; perPage: number; lastPage: number; nextCursor: string | null; previousCursor: string | null };
}

const ORDERS = 37;
const PER_PAGE = 7;
/** Every kind of order: the default (its computed column), text, numeric, timestamps (ties, microseconds), the id. */
const SORTS = [
  '',
  'sort=loading_date&order=asc',
  'sort=loading_date&order=desc',
  'sort=price&order=asc',
  'sort=price&order=desc',
  'sort=customer&order=asc',
  'sort=customer&order=desc',
  'sort=created_at&order=asc',
  'sort=created_at&order=desc',
  'sort=updated_at&order=desc',
  'sort=_id&order=asc',
  'sort=id&order=desc',
  'sort=loaded_distance&order=asc&search=Cursor',
  'sort=price&order=desc&loading_date_from=2024-01-02',
];

const decoded = (token: string) => JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(databases)('keyset pagination on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let other: RegisteredUser;

  const tenantOf = async (user: RegisteredUser) =>
    Number((await test.database.pool.query('SELECT tenant_id FROM companies WHERE id = $1', [user.user.company.id])).rows[0].tenant_id);

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    other = await registerUser(test.app);
    // NULLs in every sorted field, ties in every one (dates, prices, customers repeat; created_at is one
    // statement's now(), then microseconds apart by fives), written straight into the table.
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data, created_at, updated_at)
       SELECT $1, jsonb_strip_nulls(jsonb_build_object(
                'cargo_number', 'CUR-' || n,
                'customer', CASE WHEN n % 3 = 0 THEN 'Cursor Alpha' WHEN n % 3 = 1 THEN 'Cursor Beta' ELSE 'cursor beta' END,
                'loading_date', CASE WHEN n % 4 = 0 THEN NULL ELSE '2024-01-0' || (n % 3 + 1) END,
                'price', CASE WHEN n % 5 = 0 THEN NULL ELSE (n % 4) * 10.5 END,
                'loaded_distance', CASE WHEN n % 2 = 0 THEN NULL ELSE n % 3 END,
                'dangerous_cargo', CASE WHEN n % 7 = 0 THEN NULL ELSE n % 2 = 0 END)),
              timestamptz '2024-03-01 08:00:00.000001+00' + (n % 5) * interval '1 microsecond',
              timestamptz '2024-03-02 08:00:00+00' + (n % 6) * interval '1 millisecond'
         FROM generate_series(1, ${ORDERS}) AS n`,
      [await tenantOf(owner)],
    );
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data) SELECT $1, jsonb_build_object('cargo_number', 'OTHER-' || n, 'customer', 'Cursor Other', 'loading_date', '2024-01-0' || (n % 3 + 1), 'price', n) FROM generate_series(1, 12) AS n`,
      [await tenantOf(other)],
    );
  });
  afterAll(async () => test?.close());

  const list = async (url: string, user = owner) => {
    const response = await call(test.app, 'GET', url, undefined, { token: user.token });
    return { response, body: response.json<ListBody>() };
  };
  const ok = async (url: string, user = owner) => {
    const { response, body } = await list(url, user);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return body;
  };
  const ids = (body: ListBody) => body.data.map((record) => record._id ?? record.id);
  const refusedCursor = async (url: string) => {
    const { response } = await list(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
    expect(expectErrorShape(response).errors?.cursor).toEqual([localeText('en', 'validation.invalid')]);
  };

  it.each(SORTS)('pages forward and back by cursor exactly as by number (%s)', async (sort) => {
    const base = `/api/orders?perPage=${PER_PAGE}${sort ? `&${sort}` : ''}`;
    // The first page with perPage=100 is a plain ORDER BY … LIMIT: the order every page must follow.
    const everything = ids(await ok(`/api/orders?perPage=100${sort ? `&${sort}` : ''}`));
    const lastPage = Math.ceil(everything.length / PER_PAGE);
    expect(everything.length).toBeGreaterThan(PER_PAGE * 2);
    const expected = (page: number) => everything.slice((page - 1) * PER_PAGE, page * PER_PAGE);

    for (let page = 1; page <= lastPage; page += 1) expect(ids(await ok(`${base}&page=${page}`)), `page ${page} by number`).toEqual(expected(page));

    let body = await ok(base);
    expect(body.pagination.previousCursor).toBeNull();
    for (let page = 2; page <= lastPage; page += 1) {
      const cursor = body.pagination.nextCursor as string;
      expect(cursor, `next cursor of page ${page - 1}`).toMatch(/^[A-Za-z0-9_-]+$/);
      body = await ok(`${base}&cursor=${cursor}`);
      expect(body.pagination.currentPage).toBe(page);
      expect(ids(body), `page ${page} by cursor`).toEqual(expected(page));
    }
    expect(body.pagination.nextCursor).toBeNull();
    for (let page = lastPage - 1; page >= 1; page -= 1) {
      body = await ok(`${base}&cursor=${body.pagination.previousCursor}`);
      expect(body.pagination.currentPage).toBe(page);
      expect(ids(body), `page ${page} backwards`).toEqual(expected(page));
    }
    expect(body.pagination.previousCursor).toBeNull();
  });

  it('answers the same page to a cursor sent with its own page number, and 422 with another', async () => {
    const first = await ok('/api/orders?perPage=5&sort=price');
    const cursor = first.pagination.nextCursor as string;
    expect(decoded(cursor)).toMatchObject({ p: 2, d: 'n' });
    const second = await ok(`/api/orders?perPage=5&sort=price&page=2&cursor=${cursor}`);
    expect(second.pagination).toMatchObject({ currentPage: 2, total: ORDERS });
    expect(ids(second)).toEqual(ids(await ok('/api/orders?perPage=5&sort=price&page=2')));
    await refusedCursor(`/api/orders?perPage=5&sort=price&page=3&cursor=${cursor}`);
  });

  it('refuses a cursor made for another query: order, direction, search, filter, ids, page size, resource', async () => {
    const cursor = (await ok('/api/orders?perPage=5&sort=price&order=asc')).pagination.nextCursor as string;
    for (const query of [
      'sort=customer&order=asc',
      'sort=price&order=desc',
      'sort=price&order=asc&search=Alpha',
      'sort=price&order=asc&loading_date_from=2024-01-02',
      'sort=price&order=asc&ids=1,2,3',
    ]) {
      await refusedCursor(`/api/orders?perPage=5&${query}&cursor=${cursor}`);
    }
    await refusedCursor(`/api/orders?perPage=6&sort=price&order=asc&cursor=${cursor}`);
    await refusedCursor(`/api/transport/cards/suppliers?perPage=5&cursor=${cursor}`);
  });

  it('refuses a malformed or altered cursor with 422, never a 500', async () => {
    const cursor = (await ok('/api/orders?perPage=5&sort=price')).pagination.nextCursor as string;
    const body = decoded(cursor);
    const forged = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...body, ...changes })).toString('base64url');
    const timestamp = decoded((await ok('/api/orders?perPage=5&sort=created_at')).pagination.nextCursor as string);
    const forgedTimestamp = (key: unknown) => Buffer.from(JSON.stringify({ ...timestamp, k: key })).toString('base64url');
    const byId = decoded((await ok('/api/orders?perPage=5&sort=id')).pagination.nextCursor as string);
    const tampered = [
      'abc',
      'not a cursor!',
      `${cursor.slice(0, -3)}xyz`,
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      'x'.repeat(5000),
      forged({ v: 2 }),
      forged({ d: 'sideways' }),
      forged({ f: 'AAAAAAAAAAAAAAAA' }),
      forged({ k: 'twelve' }),
      forged({ k: 12 }),
      forged({ k: '1e5' }),
      forged({ i: '5' }),
      forged({ i: 0 }),
      forged({ i: 2 ** 60 }),
      forged({ p: 0 }),
      forged({ p: 1.5 }),
    ];
    for (const token of tampered) await refusedCursor(`/api/orders?perPage=5&sort=price&cursor=${encodeURIComponent(token)}`);
    for (const key of ['2024-03-01', '99999999999999999', 'true']) await refusedCursor(`/api/orders?perPage=5&sort=created_at&cursor=${forgedTimestamp(key)}`);
    await refusedCursor(`/api/orders?perPage=5&sort=id&cursor=${Buffer.from(JSON.stringify({ ...byId, k: 'x' })).toString('base64url')}`);
    // A well-formed sort value that no row has only moves where the page starts.
    expect((await list(`/api/orders?perPage=5&sort=price&cursor=${forged({ k: '-1000.25', p: 4 })}`)).response.statusCode).toBe(200);
    await refusedCursor('/api/orders?cursor=a&cursor=b');
  });

  it("never shows a tenant's rows to another tenant holding its cursor", async () => {
    const mine = new Set<unknown>(ids(await ok('/api/orders?perPage=100')));
    for (const sort of ['', 'sort=price&order=asc', 'sort=id&order=asc']) {
      const page = await ok(`/api/orders?perPage=5${sort ? `&${sort}` : ''}`);
      for (const cursor of [page.pagination.nextCursor, (await ok(`/api/orders?perPage=5&page=3${sort ? `&${sort}` : ''}`)).pagination.previousCursor]) {
        const theirs = await ok(`/api/orders?perPage=5${sort ? `&${sort}` : ''}&cursor=${cursor}`, other);
        expect(theirs.pagination.total).toBe(12);
        expect(theirs.data.every((record) => record.customer === 'Cursor Other' && !mine.has(record._id))).toBe(true);
      }
    }
    // A cursor that starts before everything shows the other tenant its own rows, and only those.
    const start = { v: 1, d: 'n', p: 2, k: null, i: 2 ** 52 };
    const fingerprinted = decoded((await ok('/api/orders?perPage=5&sort=id&order=desc', other)).pagination.nextCursor as string).f;
    const theirs = await ok(
      `/api/orders?perPage=5&sort=id&order=desc&cursor=${Buffer.from(JSON.stringify({ ...start, f: fingerprinted })).toString('base64url')}`,
      other,
    );
    expect(theirs.data).toHaveLength(5);
    expect(theirs.data.every((record) => !mine.has(record._id))).toBe(true);
  });

  it('reads pages past the middle from the other end: the plain OFFSET pages, the partial last one included', async () => {
    const model = buildModel(resources);
    const orders = model.byName.get('orders') as EngineResource;
    const tenant = await tenantOf(owner);
    for (const sort of ['', 'sort=price&order=asc', 'sort=created_at&order=desc', 'sort=id&order=asc', 'sort=customer&order=desc&search=beta']) {
      const total = (await ok(`/api/orders?perPage=5${sort ? `&${sort}` : ''}`)).pagination.total;
      const everything = ids(await ok(`/api/orders?perPage=100${sort ? `&${sort}` : ''}`));
      for (const perPage of [5, 7, 10]) {
        for (let page = 1; page <= Math.ceil(total / perPage) + 1; page += 1) {
          const body = await ok(`/api/orders?perPage=${perPage}&page=${page}${sort ? `&${sort}` : ''}`);
          expect(ids(body), `${sort} perPage ${perPage} page ${page}`).toEqual(everything.slice((page - 1) * perPage, page * perPage));
        }
      }
    }
    // The store's plain OFFSET page (as the hand-written routes use it) agrees with the page from the end.
    const store = new EngineStore(test.database.pool, tenant);
    const orderBy = new Sql([`((data->>'price')::numeric) DESC NULLS LAST, id DESC`], []);
    const order = { expression: `((data->>'price')::numeric)`, kind: 'numeric' as const, direction: 'DESC' as const };
    for (const offset of [20, 30, 35, 36]) {
      const plain = (await store.page(orders, {}, [], orderBy, 5, offset)).map((row) => row.id);
      const fromEnd = (await store.pageByNumber(orders, {}, [], order, 5, offset, ORDERS)).map((row) => row.id);
      expect(fromEnd, `offset ${offset}`).toEqual(plain);
    }
  });

  it('pages a derived order (employees by age, computed in SQL) by cursor as by number', async () => {
    const employees = registry.byName.get('employees') as EngineResource;
    const maker = new RecordMaker(test.app, owner.token);
    const births = ['1980-05-01', '1980-05-01', '1990-01-01', null, '1975-12-31', '1990-01-01', null, '2000-02-02', '1980-05-01', '1966-06-06', null];
    for (const date_of_birth of births)
      await maker.make(employees, date_of_birth ? { date_of_birth } : {}).then(async (made) => {
        // The sample record may carry a date of birth: a NULL age needs it gone.
        if (!date_of_birth) await test.database.pool.query(`UPDATE r_employees SET data = data - 'date_of_birth' WHERE id = $1`, [made.id]);
      });
    for (const order of ['asc', 'desc']) {
      const base = `/api/employees?perPage=3&sort=age&order=${order}`;
      const everything = ids(await ok(`/api/employees?perPage=100&sort=age&order=${order}`));
      let body = await ok(base);
      const walked = ids(body);
      while (body.pagination.nextCursor) walked.push(...ids((body = await ok(`${base}&cursor=${body.pagination.nextCursor}`))));
      expect(everything.length).toBeGreaterThanOrEqual(births.length);
      expect(everything.every((id) => typeof id === 'number')).toBe(true);
      expect(walked, order).toEqual(everything);
      const back = ids(await ok(`${base}&cursor=${body.pagination.previousCursor}`));
      expect(back, `${order} back`).toEqual(everything.slice((body.pagination.currentPage - 2) * 3, (body.pagination.currentPage - 1) * 3));
    }
  });

  it('pages a boolean order by keyset as OFFSET does, NULLs last', async () => {
    const model = buildModel(resources);
    const orders = model.byName.get('orders') as EngineResource;
    const store = new EngineStore(test.database.pool, await tenantOf(owner));
    const expression = `((data->>'dangerous_cargo')::boolean)`;
    for (const direction of ['ASC', 'DESC'] as const) {
      const order = { expression, kind: 'boolean' as const, direction };
      const everything = (await store.pageByNumber(orders, {}, [], order, 100, 0, ORDERS)).map((row) => Number(row.id));
      let page = await store.pageByNumber(orders, {}, [], order, 4, 0, ORDERS);
      const walked = page.map((row) => Number(row.id));
      while (page.length === 4) {
        const last = page[page.length - 1];
        page = await store.pageAfter(orders, {}, [], order, 4, { key: last.cursor_key, id: Number(last.id) }, false);
        walked.push(...page.map((row) => Number(row.id)));
      }
      expect(walked, direction).toEqual(everything);
      const back = await store.pageAfter(orders, {}, [], order, 4, { key: null, id: everything[everything.length - 1] }, true);
      const lastRow = await store.pageByNumber(orders, {}, [], order, 1, everything.length - 1, ORDERS);
      expect(lastRow[0]?.cursor_key).toBeNull();
      expect(back.map((row) => Number(row.id))).toEqual(everything.slice(-5, -1));
    }
    expect(encodeCursor({ page: 2, backward: false, key: 'true', id: 3 }, 'x')).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
