/**
 * A column added at start to a table that holds rows (column-fills.ts), computed by a row trigger: filled in the
 * start-up transaction on the embedded database and for a small table; on PostgreSQL, for a large table, left
 * marked and filled in batches after start by the index builder, while rows are written, and taken up again by
 * the next start when the server stopped during it. The table is never rewritten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { addColumnStatement, batchRowsAfter, FILL_BATCH_TARGET_MS, pendingFills, type ColumnFill } from './column-fills';
import { createIndexBuilds } from './index-builds';
import { runStartUpDdl, SMALL_TABLE_BYTES } from './start-up-ddl';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('the size of a fill batch after start', () => {
  it('shrinks at once to what fits the target time when a batch was slow (a machine under load)', () => {
    expect(batchRowsAfter(5_000, 1_000)).toBe(500);
    expect(batchRowsAfter(5_000, 10 * FILL_BATCH_TARGET_MS)).toBe(500);
    expect(batchRowsAfter(500, 100_000)).toBe(50);
  });

  it('grows at most twice per batch, and never past 20,000 rows', () => {
    expect(batchRowsAfter(500, FILL_BATCH_TARGET_MS / 10)).toBe(1_000);
    expect(batchRowsAfter(500, FILL_BATCH_TARGET_MS)).toBe(500);
    expect(batchRowsAfter(15_000, 0)).toBe(20_000);
  });
});

describe.each(databases)('a computed column added at start on %s', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => test?.close());

  /** The start-up DDL of a probe table with `name_lower`, computed by a trigger as the engine's columns are. */
  const statementsOf = (table: string) => [
    `CREATE TABLE IF NOT EXISTS ${table} (id bigserial PRIMARY KEY, name text NOT NULL)`,
    addColumnStatement(table, { name: 'name_lower', type: 'text' }),
    `CREATE OR REPLACE FUNCTION ${table}_computed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.name_lower := lower(NEW.name); RETURN NEW; END $$`,
    `CREATE OR REPLACE TRIGGER ${table}_computed BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_computed()`,
    `CREATE INDEX IF NOT EXISTS ${table}_name_lower ON ${table} (name_lower)`,
  ];
  const ddl = (table: string, statements = statementsOf(table)) => ({ stateKey: `test:${table}`, lockKey: 7_240_598, statements });
  const query = async <T>(text: string, values: unknown[] = []) => (await test.database.pool.query(text, values)).rows as T[];
  /** A table holding `rows` rows, made before its column (as a table is before a change of the searched fields). */
  async function tableWithRows(table: string, rows: number) {
    await query(`CREATE TABLE ${table} (id bigserial PRIMARY KEY, name text NOT NULL)`);
    await query(`INSERT INTO ${table} (name) SELECT 'Name Of Row ' || n || ' In The Probe' FROM generate_series(1, $1::int) AS n`, [rows]);
  }
  const wrongRows = async (table: string) =>
    (await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE name_lower IS DISTINCT FROM lower(name)`))[0].n;
  const fileOf = async (table: string) => (await query<{ file: string }>(`SELECT pg_relation_filenode($1::regclass)::text AS file`, [table]))[0].file;
  const marked = async (table: string) => (await pendingFills(test.database.pool)).filter((fill) => fill.table === table);

  it('fills a small table in the start-up transaction, without rewriting it, and computes every row written afterwards', async () => {
    const table = 'fill_probe_small';
    await tableWithRows(table, 1_000);
    const file = await fileOf(table);
    const deferred = await runStartUpDdl(test.database, ddl(table));
    // Vacuumed (the updated rows' visibility), on PostgreSQL by the builder after start.
    if (kind === 'postgres') expect(deferred).toMatchObject({ fills: [], vacuum: [table] });
    else expect(deferred).toBeNull();
    expect(await fileOf(table)).toBe(file);
    expect(await wrongRows(table)).toBe(0);
    expect(await marked(table)).toEqual([]);

    await query(`INSERT INTO ${table} (name) VALUES ('Added Later')`);
    await query(`UPDATE ${table} SET name = 'Changed Later' WHERE id = 1`);
    expect(await wrongRows(table)).toBe(0);
    expect(await query(`SELECT name_lower FROM ${table} WHERE id = 1`)).toEqual([{ name_lower: 'changed later' }]);
  });

  it('marks nothing for an empty table, and keeps the values of a generated column of the earlier design', async () => {
    const empty = 'fill_probe_empty';
    await runStartUpDdl(test.database, ddl(empty));
    expect(await marked(empty)).toEqual([]);

    const earlier = 'fill_probe_generated';
    await query(`CREATE TABLE ${earlier} (id bigserial PRIMARY KEY, name text NOT NULL, name_lower text GENERATED ALWAYS AS (lower(name)) STORED)`);
    await query(`INSERT INTO ${earlier} (name) SELECT 'Generated ' || n FROM generate_series(1, 2000) AS n`);
    const file = await fileOf(earlier);
    await runStartUpDdl(test.database, ddl(earlier));
    expect(await fileOf(earlier)).toBe(file);
    expect(await marked(earlier)).toEqual([]);
    const generated = await query<{ generated: string }>(
      `SELECT attgenerated AS generated FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'name_lower'`,
      [earlier],
    );
    expect(generated).toEqual([{ generated: '' }]);
    await query(`UPDATE ${earlier} SET name = 'Now Plain' WHERE id = 7`);
    expect(await wrongRows(earlier)).toBe(0);
  });

  it.runIf(kind === 'postgres')('leaves a large table to fill after start, in batches, while its rows are written', async () => {
    const table = 'fill_probe_large';
    await tableWithRows(table, 30_000);
    expect(Number((await query<{ bytes: string }>(`SELECT pg_relation_size($1::regclass) AS bytes`, [table]))[0].bytes)).toBeGreaterThan(SMALL_TABLE_BYTES);
    const deferred = await runStartUpDdl(test.database, ddl(table));
    expect(deferred?.fills).toEqual([{ table, columns: ['name_lower'] }]);
    expect(deferred?.indexes.map((index) => index.name)).toEqual([`${table}_name_lower`]);
    // Not filled yet: the rows that were there hold no value, and the mark says so to every server process.
    expect(await wrongRows(table)).toBe(30_000);
    expect(await marked(table)).toEqual([{ table, columns: ['name_lower'] }]);

    const filled: ColumnFill[] = [];
    const builds = createIndexBuilds(test.database, { log: quiet, onFilled: (fill) => filled.push(fill) });
    builds.defer(deferred);
    builds.start();
    // Written while the fill runs: computed by the trigger, never overwritten with a stale value.
    for (let n = 0; n < 20; n++) {
      await query(`INSERT INTO ${table} (name) VALUES ($1)`, [`Written During ${n}`]);
      await query(`UPDATE ${table} SET name = $1 WHERE id = $2`, [`Updated During ${n}`, 1 + n * 1_499]);
    }
    expect(await builds.ready).toEqual({ built: [`${table}_name_lower`], failed: [], cancelled: false });
    expect(filled).toEqual([{ table, columns: ['name_lower'] }]);
    expect(await wrongRows(table)).toBe(0);
    expect(await marked(table)).toEqual([]);
  });

  it.runIf(kind === 'postgres')('takes up a fill the server stopped during at the next start', async () => {
    const table = 'fill_probe_stopped';
    await tableWithRows(table, 30_000);
    const deferred = await runStartUpDdl(test.database, ddl(table));
    const builds = createIndexBuilds(test.database, { log: quiet });
    builds.defer(deferred);
    await builds.stop();
    expect(await builds.ready).toMatchObject({ cancelled: true });
    expect(await marked(table)).toHaveLength(1);

    // The statements are the same, so only the mark tells the next start there is work left.
    const again = await runStartUpDdl(test.database, ddl(table));
    expect(again?.fills).toEqual([{ table, columns: ['name_lower'] }]);
    const next = createIndexBuilds(test.database, { log: quiet });
    next.defer(again);
    next.start();
    await next.ready;
    expect(await wrongRows(table)).toBe(0);
    expect(await marked(table)).toEqual([]);
  });
});
