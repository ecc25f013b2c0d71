/**
 * `npm run bench:startup-stall`: how long a server start against a large PostgreSQL database makes writers
 * wait (issue 16, point 2). In a scratch database of its own (made and dropped here; the shared bench
 * database is not touched): a tenant with `--rows` orders, the orders' indexes matching `--missing` left
 * out (default: the search index over the joined searched fields, as a schema that changes what is searched leaves it),
 * then one connection writes (insert, update, insert…) without pause while:
 *
 * 1. **this server starts** (buildServer + ready, as `npm start` does before it listens) and builds the
 *    missing indexes concurrently in the background (`app.indexBuilds.ready`);
 * 2. with `--compare` (default on): the old start, the same indexes built by the whole start-up DDL in one
 *    transaction (what storage.ts did before), for the figure it replaces;
 * 3. the start after an upgrade that changes the tables' statements (the setup transaction runs again:
 *    `ALTER TABLE … ADD COLUMN IF NOT EXISTS` locks the table, and the counts are recomputed from it);
 * 4. and the start after a field was added to the orders' search (the notes): a new search column, filled in
 *    batches after start, then indexed (engine/computed-columns.ts); with `--compare`, first the same column
 *    added as the stored generated column of the earlier design, which rewrites the table.
 *
 * Printed for each: rows, time to ready, index build time, longest write stall, writes done meanwhile.
 *
 *   npm run bench:startup-stall -- [--rows 1000000] [--missing _search_] [--compare true]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resources } from '../resources/index';
import { buildServer } from '../server/build-server';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { buildModel, type EngineResource } from '../server/engine/model';
import { searchExpression } from '../server/engine/search';
import { allStatements, engineStatements } from '../server/engine/storage';
import { searchOrderNotes } from '../server/test-support/edited-schemas';
import { fillOrders, writeContinuously, type WriteFigures } from '../server/test-support/write-stall';
import { admin, ADMIN_URL } from './processes';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    missing: { type: 'string', default: '_search_' },
    compare: { type: 'string', default: 'true' },
  },
});

const DB = `fleetdesk_bench_startup_stall_${process.pid}`;
const rows = Number(args.rows);
const model = buildModel(resources);
const { indexes } = engineStatements(model);
const missing = indexes.filter((index) => index.table === 'r_orders' && index.name.includes(args.missing)).map((index) => index.name);

const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  return url.toString();
})();
const secondsOf = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function report(title: string, figures: WriteFigures & { readyMs: number; buildMs: number | null }) {
  console.log(`\n${title}`);
  console.log(`  rows:                ${rows.toLocaleString('en')} orders`);
  console.log(`  start until ready:   ${secondsOf(figures.readyMs)}`);
  console.log(`  fill + index builds: ${figures.buildMs === null ? '—' : secondsOf(figures.buildMs)}`);
  console.log(
    `  longest write stall: ${figures.longestMs.toFixed(0)} ms (at ${secondsOf(figures.longestAtMs)}; p99 of all writes ${figures.p99Ms.toFixed(0)} ms)`,
  );
  console.log(`  writes done:         ${figures.writes.toLocaleString('en')}`);
  if (figures.failed > 0) console.log(`  writes failed:       ${figures.failed} (${figures.firstError})`);
}

/** A start of this server while a connection writes; answers the figures once the background builds end. */
async function startWhileWriting(database: Database, tenantId: number, schemasDir?: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-stall-'));
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', BACKGROUND_JOBS: 'off' });
  const writer = await writeContinuously(databaseUrl, tenantId, rows);
  const started = performance.now();
  const app = await buildServer({ config, database, schemasDir });
  await app.ready();
  const readyMs = performance.now() - started;
  const outcome = await app.indexBuilds.ready;
  const buildMs = performance.now() - started;
  const figures = await writer.stop();
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  if (outcome.failed.length > 0) console.log(`  failed: ${outcome.failed.join(', ')}`);
  return { ...figures, readyMs, buildMs: outcome.built.length > 0 ? buildMs : null };
}

/** The search column as the earlier design added it: a stored generated column, which rewrites the table. */
async function generatedColumnWhileWriting(database: Database, tenantId: number, schemasDir: string) {
  const orders = buildModel(resources, schemasDir).byName.get('orders') as EngineResource;
  const writer = await writeContinuously(databaseUrl, tenantId, rows);
  const started = performance.now();
  await database.pool.query({
    text: `ALTER TABLE r_orders ADD COLUMN search_generated_probe text GENERATED ALWAYS AS (${searchExpression(orders)}) STORED`,
    query_timeout: 3_600_000,
  } as { text: string });
  const readyMs = performance.now() - started;
  const figures = await writer.stop();
  await database.pool.query('ALTER TABLE r_orders DROP COLUMN search_generated_probe');
  return { ...figures, readyMs, buildMs: readyMs };
}

/** The start-up DDL as storage.ts ran it before issue 16: every statement in one transaction. */
async function oldStartWhileWriting(database: Database, tenantId: number) {
  const writer = await writeContinuously(databaseUrl, tenantId, rows);
  const started = performance.now();
  await database.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(7240514)');
    await client.query(allStatements(model).join(';\n'));
  });
  const readyMs = performance.now() - started;
  return { ...(await writer.stop()), readyMs, buildMs: readyMs };
}

await admin(`CREATE DATABASE ${DB}`);
let database: Database | null = null;
try {
  database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  // A fresh database: the first start makes every table (and, tables being empty, every index) at once.
  const first = await buildServer({
    config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir(), LOG_LEVEL: 'warn', BACKGROUND_JOBS: 'off' }),
    database,
  });
  await first.ready();
  await first.close();
  const filling = performance.now();
  const tenantId = await fillOrders(database, { rows, indexes, missing });
  console.log(`${rows.toLocaleString('en')} orders made in ${secondsOf(performance.now() - filling)}; asked for again: ${missing.join(', ')}`);

  await database.pool.query(`DELETE FROM engine_state WHERE key = 'tables:indexes'`);
  report('This start (indexes built concurrently after start):', await startWhileWriting(database, tenantId));

  if (args.compare === 'true') {
    await database.pool.query(missing.map((name) => `DROP INDEX "${name}"`).join(';\n'));
    report('The old start (every statement in the start-up transaction, for comparison):', await oldStartWhileWriting(database, tenantId));
  }

  // Every index there: only the setup transaction runs again (an upgrade that changes a table's statements).
  await database.pool.query(`DELETE FROM engine_state WHERE key = 'tables'`);
  report('A start after an upgrade that changes the tables’ statements (setup transaction only):', await startWhileWriting(database, tenantId));

  // A field added to the search: a new search column, filled after start in batches, then its indexes.
  const schemasDir = await searchOrderNotes();
  if (args.compare === 'true') {
    report(
      'The new search column as a stored generated column (the earlier design, for comparison):',
      await generatedColumnWhileWriting(database, tenantId, schemasDir),
    );
  }
  report('A start after a field was added to the search (column filled, then indexed, after start):', await startWhileWriting(database, tenantId, schemasDir));
  await fs.rm(schemasDir, { recursive: true, force: true });
} finally {
  await database?.close();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
