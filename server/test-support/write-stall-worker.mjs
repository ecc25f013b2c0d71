/**
 * The writer of write-stall.ts, in a thread of its own: timed in the main thread, a write would also count
 * the time that thread spends starting a server (compiling schemas), which is no database stall at all.
 * Plain JavaScript, so that it loads the same under vitest and under `node --import tsx`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const { connectionString, tenantId, rows } = workerData;
const client = new pg.Client({ connectionString });
await client.connect();
const figures = { writes: 0, failed: 0, firstError: null, longestMs: 0, longestAtMs: 0, p99Ms: 0 };
const took = [];
const origin = performance.now();
let stopping = false;
parentPort.on('message', () => (stopping = true));

async function timed(text, values) {
  const since = performance.now();
  try {
    await client.query(text, values);
    figures.writes++;
  } catch (error) {
    // Counted, not thrown: a write refused counts as much as a write that waited.
    figures.failed++;
    figures.firstError ??= error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - since;
  took.push(ms);
  if (ms > figures.longestMs) {
    figures.longestMs = ms;
    figures.longestAtMs = since - origin;
  }
}

parentPort.postMessage({ started: true });
for (let turn = 1; !stopping; turn++) {
  await timed(`INSERT INTO r_orders (tenant_id, data) VALUES ($1, jsonb_build_object('customer', 'Writer ' || $2::int, 'cargo_number', 'W-' || $2::int))`, [
    tenantId,
    turn,
  ]);
  await timed(`UPDATE r_orders SET data = data || jsonb_build_object('dispatcher', 'Writer ' || $1::int), version = version + 1 WHERE id = $2`, [
    turn,
    1 + ((turn * 7919) % rows),
  ]);
  // Lets the stop message in (a query's answer alone may not yield to it).
  await new Promise((resolve) => setImmediate(resolve));
}
await client.end();
took.sort((a, b) => a - b);
figures.p99Ms = took[Math.min(took.length - 1, Math.floor(took.length * 0.99))] ?? 0;
parentPort.postMessage({ figures });
