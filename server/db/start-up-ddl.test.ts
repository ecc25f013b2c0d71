/**
 * The start-up DDL (start-up-ddl.ts) when it rewrites a table that holds rows (a stored generated column added,
 * as the search's and the sort key's columns were before they became computed columns): the table is vacuumed
 * afterwards, so its pages are marked all-visible again and the index-only scans of its lists do not visit the heap for every entry. On the embedded
 * database before the server serves, on PostgreSQL by the index builder after start (index-builds.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { createIndexBuilds } from './index-builds';
import { runStartUpDdl } from './start-up-ddl';

const TABLE = 'ddl_rewrite_probe';
const CREATE = `CREATE TABLE IF NOT EXISTS ${TABLE} (id bigserial PRIMARY KEY, name text NOT NULL)`;
const ADD_COLUMN = `ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS name_lower text GENERATED ALWAYS AS (lower(name)) STORED`;
const INDEX = `CREATE INDEX IF NOT EXISTS "${TABLE}_name" ON ${TABLE} (name)`;
const ddl = (statements: string[]) => ({ stateKey: 'test:rewrite', lockKey: 7_240_599, statements });

describe.each(databases)('the start-up DDL on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => test?.close());

  const allVisiblePages = async () =>
    Number((await test.database.pool.query(`SELECT relallvisible FROM pg_class WHERE relname = $1`, [TABLE])).rows[0].relallvisible);

  it('vacuums a table it rewrote, so that its pages are all-visible again', async () => {
    expect(await runStartUpDdl(test.database, ddl([CREATE, INDEX]))).toBeNull();
    await test.database.pool.query(`INSERT INTO ${TABLE} (name) SELECT 'Name ' || n FROM generate_series(1, 5000) AS n`);
    await test.database.pool.query(`VACUUM ${TABLE}`);
    expect(await allVisiblePages()).toBeGreaterThan(0);

    const deferred = await runStartUpDdl(test.database, ddl([CREATE, ADD_COLUMN, INDEX]));
    if (kind === 'pglite') {
      expect(deferred).toBeNull();
    } else {
      // Nothing was vacuumed yet: the rewrite left no page marked. The builder does it after start.
      expect(deferred).toMatchObject({ indexes: [], vacuum: [TABLE] });
      expect(await allVisiblePages()).toBe(0);
      const builds = createIndexBuilds(test.database, { log: { info: () => {}, warn: () => {}, error: () => {} } });
      builds.defer(deferred);
      builds.start();
      expect(await builds.ready).toEqual({ built: [], failed: [], cancelled: false });
    }
    expect(await allVisiblePages()).toBeGreaterThan(0);
    const { rows } = await test.database.pool.query(`SELECT count(*)::int AS n FROM ${TABLE} WHERE name_lower = 'name 42'`);
    expect(rows[0].n).toBe(1);
  });

  it('leaves a table alone when the setup did not rewrite it', async () => {
    const deferred = await runStartUpDdl(
      test.database,
      ddl([CREATE, ADD_COLUMN, INDEX, `CREATE INDEX IF NOT EXISTS "${TABLE}_lower" ON ${TABLE} (name_lower)`]),
    );
    expect(deferred?.vacuum ?? []).toEqual([]);
  });
});
