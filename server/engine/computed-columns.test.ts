/**
 * The columns the database computes from each order (computed-columns.ts): the sort key and the search text hold
 * what their expressions give for every order written; a field added to the search (an admin's edit of a schema
 * file, then a restart) makes a new column without rewriting the table, and the search finds by the new field at
 * once: on the embedded database the column is filled before the server serves; on PostgreSQL, where the table
 * is large, the lists read the expression until the fill after start is done, then the column. The column of
 * the earlier search is dropped.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingFills } from '../db/column-fills';
import { SMALL_TABLE_BYTES } from '../db/start-up-ddl';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { searchOrderNotes } from '../test-support/edited-schemas';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { resources } from '../../resources/index';
import { computedColumnsOf, watchFills } from './computed-columns';
import { buildModel, type EngineResource } from './model';
import { sortKeyOf } from './paging';
import { searchColumnOf, searchCondition, searchExpression } from './search';

/** Enough orders that the table passes SMALL_TABLE_BYTES: on PostgreSQL its new column is filled after start. */
const ORDERS = 4_000;

describe.each(databases)('computed columns of the orders on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let schemasDir: string | undefined;
  const orders = () => test.app.engine.byName.get('orders') as EngineResource;
  const query = async <T>(text: string, values: unknown[] = []) => (await test.database.pool.query(text, values)).rows as T[];

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    const tenantId = await tenantOf(test.database.pool, owner.user.id);
    await query(
      `INSERT INTO r_orders (tenant_id, data) SELECT $1, jsonb_build_object(
         'cargo_number', 'C-' || g, 'customer', 'Customer ' || (g % 97), 'dispatcher', 'Dispatcher ' || (g % 13),
         'loading_date', (date '2026-01-01' + g % 300)::text, 'loading_address', 'Street ' || g || ', Lviv',
         'notes', CASE WHEN g % 500 = 0 THEN 'Fragile glassware ' || g ELSE 'Pallets' END)
       FROM generate_series(1, $2::int) AS g`,
      [tenantId, ORDERS],
    );
  });
  afterAll(async () => {
    await test?.close();
    if (schemasDir) await fs.rm(schemasDir, { recursive: true, force: true });
  });

  /** Orders whose computed column differs from what its expression gives. */
  async function wrongRows(resource: EngineResource): Promise<number> {
    const key = sortKeyOf(resource);
    const differs = [`"${searchColumnOf(resource)}" IS DISTINCT FROM ${searchExpression(resource)}`];
    if (key?.column) differs.push(`"${key.column}" IS DISTINCT FROM ${key.expression}`);
    return (await query<{ n: number }>(`SELECT count(*)::int AS n FROM r_orders WHERE ${differs.join(' OR ')}`))[0].n;
  }
  const searchIds = async (text: string) => {
    const response = await call(test.app, 'GET', `/api/orders?search=${encodeURIComponent(text)}&perPage=100`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ data: Array<{ _id: number }> }>()
      .data.map((order) => order._id)
      .sort((a, b) => a - b);
  };
  const fileOfOrders = async () => (await query<{ file: string }>(`SELECT pg_relation_filenode('r_orders')::text AS file`))[0].file;
  const columnsOfOrders = async () =>
    (
      await query<{ name: string; generated: string }>(
        `SELECT attname AS name, attgenerated AS generated FROM pg_attribute WHERE attrelid = 'r_orders'::regclass AND attnum > 0 AND NOT attisdropped
          AND (starts_with(attname, 'search_') OR starts_with(attname, 'sort_key_')) ORDER BY attname`,
      )
    ).map((column) => `${column.name}${column.generated === 's' ? ' (generated)' : ''}`);

  it('holds the sort key and the search text of every order, also one created and changed through the API', async () => {
    const made = await call(
      test.app,
      'POST',
      '/api/orders/store',
      { cargo_number: 'CC-1', customer: 'Computed Columns Ltd', loading_date: '2026-03-03' },
      {
        token: owner.token,
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ data: { _id: number } }>().data._id;
    const changed = await call(
      test.app,
      'PUT',
      `/api/orders/update/${id}`,
      { version: 1, customer: 'Renamed Carrier', loading_date: '2026-04-04' },
      {
        token: owner.token,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const key = sortKeyOf(orders())?.column as string;
    const [row] = await query<Record<string, string>>(`SELECT "${key}" AS key, "${searchColumnOf(orders())}" AS text FROM r_orders WHERE id = $1`, [id]);
    expect(row.key).toBe('2026-04-04');
    expect(row.text).toContain('renamed carrier');
    expect(await wrongRows(orders())).toBe(0);
    expect(await columnsOfOrders()).toEqual(
      computedColumnsOf(orders())
        .map((column) => column.name)
        .sort(),
    );
  });

  it('finds by a field added to the search after a restart, before and after its column is filled, without rewriting the orders', async () => {
    const before = searchColumnOf(orders());
    expect(await searchIds('glassware')).toEqual([]);
    const file = await fileOfOrders();
    const bytes = Number((await query<{ bytes: string }>(`SELECT pg_relation_size('r_orders') AS bytes`))[0].bytes);
    expect(bytes).toBeGreaterThan(SMALL_TABLE_BYTES);

    schemasDir = await searchOrderNotes();
    await test.reopen({ schemasDir });

    const column = searchColumnOf(orders()) as string;
    expect(column).not.toBe(before);
    expect(await fileOfOrders()).toBe(file);
    const computed = computedColumnsOf(orders())
      .map((one) => one.name)
      .sort();
    const expected = (await query<{ id: number }>(`SELECT id::int FROM r_orders WHERE data->>'notes' ILIKE '%glassware%' ORDER BY id`)).map((row) => row.id);
    expect(expected).toHaveLength(ORDERS / 500);

    if (kind === 'postgres') {
      // Left to fill after start: the lists read the expression meanwhile, and find the same orders. The earlier
      // column stays until then, with the sort indexes that carry it, which the default order keeps using.
      expect(await columnsOfOrders()).toEqual([...computed, before].sort());
      const sortIndexes = await query<{ definition: string }>(
        `SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'r_orders' AND indexdef LIKE '%INCLUDE%'`,
      );
      expect(sortIndexes.map((index) => index.definition.replace(/^.*INCLUDE /, ''))).toEqual([`(${before})`, `(${before})`]);
      expect(orders().unfilledColumns).toEqual(new Set([column]));
      expect(await pendingFills(test.database.pool)).toEqual([{ table: 'r_orders', columns: [column] }]);
      expect(await searchIds('glassware')).toEqual(expected);
    }
    await test.app.indexBuilds.ready;
    expect(await columnsOfOrders()).toEqual(computed);
    expect(orders().unfilledColumns.size).toBe(0);
    expect(await pendingFills(test.database.pool)).toEqual([]);
    expect(await wrongRows(orders())).toBe(0);
    expect(await searchIds('glassware')).toEqual(expected);
    expect(await searchIds('Fragile glassware 1500')).toEqual([expected[2]]);
  });

  it('sees within moments that another process filled a column, and reads the expression until then', async () => {
    const other = buildModel(resources);
    const resource = other.byName.get('orders') as EngineResource;
    const column = searchColumnOf(resource) as string;
    await query(`INSERT INTO engine_state (key, fingerprint) VALUES ($1, '')`, [`fill:r_orders:${column}`]);
    const watch = watchFills(other, test.database, [{ table: 'r_orders', columns: [column] }], 50);
    try {
      expect(resource.unfilledColumns).toEqual(new Set([column]));
      expect(searchCondition(resource, 'glassware', new Set()).render().text).not.toContain(column);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(resource.unfilledColumns).toEqual(new Set([column]));
      // The other process's builder clears the mark when its fill is done.
      await query(`DELETE FROM engine_state WHERE key = $1`, [`fill:r_orders:${column}`]);
      await expect.poll(() => resource.unfilledColumns.size, { timeout: 5_000, interval: 20 }).toBe(0);
      expect(searchCondition(resource, 'glassware', new Set()).render().text).toContain(column);
    } finally {
      watch.stop();
    }
  });
});
