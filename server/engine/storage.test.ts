/** The engine's tables: made idempotently, skipped when unchanged, safe when two servers start at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { buildModel } from './model';
import { engineStatements, ensureTables, fingerprintOf } from './storage';

const model = buildModel(resources);

describe.each(databases)('engine tables on %s', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => test?.close());

  it('has a table per resource with the engine columns and the fingerprint of its statements', async () => {
    for (const resource of model.resources) {
      const columns = await test.database.pool.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [resource.table]);
      const names = columns.rows.map((row: { column_name: string }) => row.column_name);
      expect(names, resource.name).toEqual(
        expect.arrayContaining(['id', 'tenant_id', 'data', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version']),
      );
      if (resource.definition.parent) expect(names, resource.name).toContain('parent_id');
    }
    const state = await test.database.pool.query("SELECT key, fingerprint FROM engine_state WHERE key IN ('tables', 'tables:indexes') ORDER BY key");
    const { setup, indexes } = engineStatements(model);
    expect(state.rows).toEqual([
      { key: 'tables', fingerprint: fingerprintOf(setup) },
      { key: 'tables:indexes', fingerprint: fingerprintOf(indexes.map((index) => index.sql)) },
    ]);
  });

  it('has every index it asks for, valid, on a fresh database (built in the start-up transaction)', async () => {
    const { indexes } = engineStatements(model);
    const found = await test.database.pool.query(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indisvalid AND c.relname = ANY($1::text[])`,
      [indexes.map((index) => index.name)],
    );
    expect(found.rows.length).toBe(indexes.length);
    expect(await test.app.indexBuilds.ready).toEqual({ built: [], failed: [], cancelled: false });
  });

  it('keeps a trigram index for every searched field', async () => {
    for (const resource of model.resources) {
      if (resource.searchFields.length === 0) continue;
      const indexes = await test.database.pool.query('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [resource.table]);
      const trigram = indexes.rows.map((row: { indexdef: string }) => row.indexdef).filter((definition: string) => definition.includes('gin_trgm_ops'));
      // An index on the computed search column (search.ts) covers the fields its trigger computes it from.
      const trigger = await test.database.pool.query<{ source: string }>(`SELECT prosrc AS source FROM pg_proc WHERE proname = $1`, [
        `${resource.table}_computed_columns`,
      ]);
      const assignments = (trigger.rows[0]?.source ?? '').split('\n').filter((line) => line.includes(':='));
      const definitions = trigram.map((definition: string) =>
        assignments.reduce((text, line) => {
          const column = /NEW\."([^"]+)" :=/.exec(line)?.[1];
          return column && text.includes(` ${column} gin_trgm_ops`) ? `${text} ${line}` : text;
        }, definition),
      );
      for (const field of resource.searchFields.filter((name) => !Object.hasOwn(resource.derived, name))) {
        expect(
          definitions.some((definition: string) => definition.includes(`'${field}'`)),
          `${resource.name}.${field}`,
        ).toBe(true);
      }
    }
  });

  it('runs again without harm, also twice at once after a change (advisory lock)', async () => {
    await ensureTables(test.database, model);
    await test.database.pool.query("DELETE FROM engine_state WHERE key IN ('tables', 'tables:indexes')");
    await Promise.all([ensureTables(test.database, model), ensureTables(test.database, model)]);
    const state = await test.database.pool.query("SELECT count(*) AS total FROM engine_state WHERE key = 'tables'");
    expect(Number((state.rows[0] as { total: number }).total)).toBe(1);
  });
});
