/**
 * What a start costs the writers of a large table (issue 16, point 2), for the test beside index-builds.ts
 * and for `npm run bench:startup-stall`:
 * - fillOrders: a tenant with many orders in r_orders, fast (INSERT … SELECT generate_series with the
 *   table's secondary indexes dropped, then built again in one pass), leaving the indexes named in `missing`
 *   out, as a schema that asks for new indexes would find the table;
 * - writeContinuously: one connection of its own (in a thread of its own: write-stall-worker.mjs) inserting and
 *   updating orders back to back, timing each statement, so the longest one is the longest a client had to
 *   wait for a write.
 */
import { Worker } from 'node:worker_threads';
import type { Database } from '../db/database';
import type { IndexStatement } from '../db/start-up-ddl';

/** Short texts from small vocabularies: trigram indexes over them build in seconds, not minutes, at a million rows. */
const ORDER_DATA = `jsonb_build_object(
  'cargo_number', 'C-' || g,
  'customer', (ARRAY['Danube Steel', 'Baltic Timber', 'Rhine Chemicals', 'Alpine Dairy', 'Carpathian Grain'])[1 + g % 5] || ' ' || (g % 997),
  'dispatcher', 'Dispatcher ' || (g % 40),
  'loading_address', 'Street ' || (g % 5000) || ', Lviv',
  'unloading_address', 'Street ' || (g % 7000) || ', Vienna',
  'loading_date', (date '2024-01-01' + (g % 900))::text,
  'unloading_date', (date '2024-01-03' + (g % 900))::text,
  'price', (g % 5000) + 100,
  'dangerous_cargo', g % 11 = 0)`;

export interface FillOrdersOptions {
  rows: number;
  /** The engine's index statements of r_orders (storage.ts engineStatements). */
  indexes: IndexStatement[];
  /** Left unbuilt, as if a schema had just asked for them. */
  missing: string[];
}

/** A new tenant with `rows` orders; answers its id. */
export async function fillOrders(database: Database, options: FillOrdersOptions): Promise<number> {
  const pool = database.pool;
  const ordersIndexes = options.indexes.filter((index) => index.table === 'r_orders');
  const tenant = await pool.query('INSERT INTO tenants DEFAULT VALUES RETURNING id');
  const tenantId = (tenant.rows[0] as { id: number }).id;
  await pool.query(ordersIndexes.map((index) => `DROP INDEX IF EXISTS "${index.name}"`).join(';\n'));
  await pool.query({
    text: `INSERT INTO r_orders (tenant_id, data) SELECT $1, ${ORDER_DATA} FROM generate_series(1, $2::int) AS g`,
    values: [tenantId, options.rows],
  });
  const kept = ordersIndexes.filter((index) => !options.missing.includes(index.name));
  if (kept.length > 0) await pool.query(kept.map((index) => index.sql).join(';\n'));
  await pool.query('VACUUM ANALYZE r_orders');
  return tenantId;
}

export interface WriteFigures {
  writes: number;
  /** Writes that failed (the old start-up transaction deadlocked with them), and the first error. */
  failed: number;
  firstError: string | null;
  longestMs: number;
  /** The 99th percentile of the writes' times. */
  p99Ms: number;
  /** When the longest write started, in ms since writing started. */
  longestAtMs: number;
}

export interface Writer {
  stop(): Promise<WriteFigures>;
}

/** Inserts and updates orders of `tenantId` on a connection of its own, in a thread of its own, until stop(). */
export async function writeContinuously(connectionString: string, tenantId: number, rows: number): Promise<Writer> {
  const worker = new Worker(new URL('./write-stall-worker.mjs', import.meta.url), { workerData: { connectionString, tenantId, rows } });
  const ended = new Promise<WriteFigures>((resolve, reject) => {
    worker.on('message', (message: { figures?: WriteFigures }) => {
      if (message.figures) resolve(message.figures);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the writer thread ended (exit code ${code}) before its figures`)));
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const figures = await ended;
      await worker.terminate();
      return figures;
    },
  };
}
