/**
 * `npm run bench:vacuum-drift` (issue 16, point 7): does the deep page stay as fast after 100,000 order updates
 * on the embedded database, now that the server vacuums while idle (server/db/idle-vacuum.ts)?
 *
 * 1. Bulk data (`seed:bulk`, default the bench's full size) is made once in bench/.data/vacuum-drift/seed and
 *    copied for every run, so each run starts from a fresh data set (seed:bulk ends with VACUUM ANALYZE).
 * 2. The real server on the copy (EMBEDDED_VACUUM on, its defaults): the deep page of bench/cases.ts (the same
 *    request as `npm run bench`'s deep case: page 10,000 of the large tenant's orders by cursor), at c=1 and
 *    c=10, and the same page by number (the jump, an index-only walk of 100,000 entries) at c=1: **fresh**.
 * 3. 100,000 updates of the first 100,000 orders of the list's default order (the ones the jump walks, and the
 *    deep page's own), each once, as the engine's update statement changes a row (a new price in `data`,
 *    `version + 1`, `updated_at`, `updated_by`; no audit entry): SQL UPDATEs of 1,000 rows each, sent by this
 *    bench straight to the server's own database process (its wire port), because through the API each order's
 *    save runs its compliance check (server/rules/orders.ts) and went at ~8 updates/s here (100,000 would
 *    take hours). /api/health is asked every 300 ms meanwhile, so the server is never idle and vacuums nothing
 *    yet. Then one update through the API (`PUT /api/orders/update/{id}`), so the server hears a write (it reads
 *    the tables' statistics only after hearing one: idle-vacuum.ts).
 * 4. Right after, with no pause (the server never idle): the same measurements, **before vacuum**.
 * 5. Then nothing, until the server's log says its prune of r_orders (the heap pass, after the short quiet)
 *    started; one request is sent then and timed (the wait a request meets when it arrives during the VACUUM),
 *    and the log's duration of the pass read. Then the same measurements, **after the prune**.
 * 6. Nothing again, until the full pass (after the long quiet, EMBEDDED_VACUUM_FULL_IDLE_MS): its start, the wait
 *    of one request sent then, its duration; then the same measurements, **after the full pass**.
 * Budget: the deep page after vacuum within 20 % of fresh (req/s and p50).
 *
 * Flags: --orders --employees --transports --tenants (seed sizes), --updates (100000), --duration (s a
 * measurement, 10), --fresh (seed again). The large tenant needs at least BENCH_DEEP_PAGE × 10 orders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BULK_LOGIN, BULK_PASSWORD } from '../scripts/seed/bulk-constants';
import { BEFORE_DEEP_QUERY, DEEP_PAGE, deepQuery } from './cases';
import { load, type LoadResult } from './load';
import { childrenOf, ROOT, runScript, startServer } from './processes';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '100000' },
    transports: { type: 'string', default: '10000' },
    tenants: { type: 'string', default: '200' },
    updates: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
  },
});

const HOME = path.join(ROOT, 'bench/.data/vacuum-drift');
const SEED = path.join(HOME, 'seed');
const RUN = path.join(HOME, 'run');
const LOG = path.join(HOME, 'server.log');
const sizes = { orders: args.orders, employees: args.employees, transports: args.transports, tenants: args.tenants };
const sizeKey = JSON.stringify(sizes);
const UPDATES = Number(args.updates);
const SECONDS = Number(args.duration);
const PAGE_SIZE = 100;
const ROWS_A_STATEMENT = 1_000;

async function prepareSeed() {
  const marker = path.join(HOME, 'seed.sizes.json');
  if (!args.fresh && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === sizeKey) {
    console.log(`reusing the bulk data in ${SEED} (${sizeKey})`);
    return;
  }
  fs.rmSync(marker, { force: true });
  fs.rmSync(SEED, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  console.log(`bulk data: ${sizeKey}`);
  await runScript(
    'scripts/seed/bulk.ts',
    ['--orders', sizes.orders, '--employees', sizes.employees, '--transports', sizes.transports, '--tenants', sizes.tenants],
    { DATA_DIR: SEED, DATABASE_URL: '' },
  );
  fs.writeFileSync(marker, sizeKey);
}

interface Session {
  headers: Record<string, string>;
  userId: number;
}

async function signIn(baseUrl: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ login: BULK_LOGIN, password: BULK_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { id: number } } };
  return { headers: { authorization: `Bearer ${data.token}`, 'x-csrf-token': 'bench', 'accept-language': 'en' }, userId: data.user.id };
}

interface ListAnswer {
  data: Array<Record<string, unknown>>;
  pagination?: { nextCursor?: string | null };
}

async function list(baseUrl: string, session: Session, query: string): Promise<ListAnswer> {
  const response = await fetch(`${baseUrl}/api/orders?${query}`, { headers: session.headers });
  if (!response.ok) throw new Error(`GET /api/orders?${query}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ListAnswer;
}

/** The first `count` orders of the default order, with their versions, read as a person pages (by cursor). */
async function firstOrders(baseUrl: string, session: Session, count: number): Promise<Array<{ id: number; version: number }>> {
  const orders: Array<{ id: number; version: number }> = [];
  let query = `perPage=${PAGE_SIZE}`;
  while (orders.length < count) {
    const page = await list(baseUrl, session, query);
    for (const row of page.data) orders.push({ id: Number(row._id ?? row.id), version: Number(row.version) });
    const next = page.pagination?.nextCursor;
    if (!next || page.data.length === 0) break;
    query = `perPage=${PAGE_SIZE}&${deepQuery(next)}`;
  }
  return orders.slice(0, count);
}

/** The port the server's database process listens on (its one listening TCP socket). */
function databasePort(serverPid: number): number {
  const [databasePid] = childrenOf(serverPid);
  if (!databasePid) throw new Error('the server has no database process');
  const inodes = new Set(
    fs
      .readdirSync(`/proc/${databasePid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${databasePid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode): inode is string => inode !== undefined),
  );
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local address, state 0A = LISTEN, inode
    if (fields[3] === '0A' && inodes.has(fields[9])) return parseInt(fields[1].split(':')[1], 16);
  }
  throw new Error(`no listening socket of the database process ${databasePid}`);
}

/** Asks /api/health every 300 ms until stopped: the server is never idle, so it starts no VACUUM meanwhile. */
function keepServerBusy(baseUrl: string) {
  let busy = true;
  const loop = (async () => {
    while (busy) {
      await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  return async () => {
    busy = false;
    await loop;
  };
}

async function databaseClient(serverPid: number): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port: databasePort(serverPid), user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

interface Plan {
  ms: number;
  buffers: number;
  heapFetches: number;
}

/**
 * What the database does for the ids of the deep page (by cursor: the keyset range after the cursor's row) and of
 * the jump (OFFSET 99,990 in the default order), read with EXPLAIN (ANALYZE, BUFFERS), each twice, the second
 * counted: buffers and heap fetches do not depend on what else the machine is doing, unlike req/s here.
 */
async function explainPages(serverPid: number, baseUrl: string, userId: number, cursor: string): Promise<Record<'deep' | 'jump', Plan>> {
  const client = await databaseClient(serverPid);
  const stopBusy = keepServerBusy(baseUrl);
  try {
    const tenant = Number((await client.query<{ tenant_id: string }>(`SELECT tenant_id FROM users WHERE id = ${Number(userId)}`)).rows[0].tenant_id);
    const column = String(
      (
        await client.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'r_orders' AND column_name LIKE 'sort\\_key\\_%'`,
        )
      ).rows[0].column_name,
    );
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k: string; i: number };
    const order = `ORDER BY "${column}" DESC NULLS LAST, id DESC`;
    const statements = {
      deep: `SELECT id FROM r_orders WHERE tenant_id = ${tenant} AND ("${column}", id) < ('${key.k.replace(/'/g, "''")}', ${Number(key.i)}) ${order} LIMIT 10`,
      jump: `SELECT id FROM r_orders WHERE tenant_id = ${tenant} ${order} LIMIT 10 OFFSET ${(DEEP_PAGE - 1) * 10}`,
    };
    const plans = {} as Record<'deep' | 'jump', Plan>;
    for (const [name, statement] of Object.entries(statements) as Array<['deep' | 'jump', string]>) {
      let text = '';
      for (let run = 0; run < 2; run += 1) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
        text = rows.map((row) => row['QUERY PLAN']).join('\n');
      }
      const first = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
      const buffers = /Buffers: shared ([^\n]*)/.exec(text)?.[1] ?? '';
      plans[name] = {
        ms: first(/Execution Time: ([\d.]+) ms/),
        buffers: [...buffers.matchAll(/(?:hit|read)=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0),
        heapFetches: first(/Heap Fetches: (\d+)/),
      };
    }
    return plans;
  } finally {
    await stopBusy();
    await client.end();
  }
}

/**
 * Each order updated once as the engine's update statement changes it, in statements of ROWS_A_STATEMENT rows
 * on a connection of the bench's own to the server's database process. Simple-protocol statements (no
 * parameters: one message each), so they cannot interleave with the server's statements (pglite-socket runs
 * one message at a time in its one session); the server only answers /api/health meanwhile, which reads nothing.
 */
async function updateAll(serverPid: number, baseUrl: string, userId: number, orders: Array<{ id: number }>) {
  const client = await databaseClient(serverPid);
  const stopBusy = keepServerBusy(baseUrl);
  const started = Date.now();
  let updated = 0;
  try {
    for (let from = 0; from < orders.length; from += ROWS_A_STATEMENT) {
      const ids = orders.slice(from, from + ROWS_A_STATEMENT).map((order) => Number(order.id));
      const result = await client.query(
        `UPDATE r_orders SET data = data || jsonb_build_object('price', 1000 + id % 900), version = version + 1, updated_at = now(), updated_by = ${Number(userId)}
          WHERE id IN (${ids.join(',')})`,
      );
      updated += result.rowCount ?? 0;
    }
  } finally {
    await stopBusy();
    await client.end();
  }
  return { seconds: (Date.now() - started) / 1000, updated };
}

interface Figures {
  deep1: LoadResult;
  deep10: LoadResult;
  jump1: LoadResult;
}

async function measure(label: string, baseUrl: string, session: Session, deepCursor: string, warmUp: boolean): Promise<Figures> {
  const deep = { url: `${baseUrl}/api/orders?${deepQuery(deepCursor)}`, headers: session.headers };
  const jump = { url: `${baseUrl}/api/orders?page=${DEEP_PAGE}`, headers: session.headers };
  // Not after the updates: a warm-up of a few seconds at c=1 would let nothing idle, but it would give the
  // measurement the caches the updates left instead of the ones the page itself needs; both runs warm up alike.
  if (warmUp) await load(deep, 10, 3);
  const figures = { deep1: await load(deep, 1, SECONDS), deep10: await load(deep, 10, SECONDS), jump1: await load(jump, 1, SECONDS) };
  for (const [name, result] of Object.entries(figures)) {
    console.log(
      `  ${label.padEnd(14)} ${name.padEnd(6)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms${result.errors ? `  errors ${result.errors}` : ''}`,
    );
  }
  return figures;
}

/** Lines of the server's log (JSON) from `offset` on whose message matches. */
function logLines(offset: number, pattern: RegExp): Array<{ msg: string; ms?: number; table?: string; changed?: number }> {
  const text = fs.readFileSync(LOG, 'utf8').slice(offset);
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => JSON.parse(line) as { msg: string; ms?: number; table?: string; changed?: number });
}

async function waitForLog(offset: number, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = logLines(offset, pattern);
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in ${LOG} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ratio = (after: number, before: number) => (before > 0 ? after / before : NaN);

/**
 * Waits, sending nothing, until the server's log says a pass of r_orders started; sends one request then (the
 * wait the issue worries about: a request arriving during the VACUUM) and waits for the pass to end.
 */
async function awaitPass(offset: number, statement: string, baseUrl: string, session: Session, deepCursor: string) {
  const quietFrom = Date.now();
  const quoted = statement.replace(/[()]/g, '\\$&');
  await waitForLog(offset, new RegExp(`${quoted} r_orders started`), 30 * 60_000);
  const startedAfter = (Date.now() - quietFrom) / 1000;
  const probeStarted = Date.now();
  await list(baseUrl, session, deepQuery(deepCursor));
  const waited = Date.now() - probeStarted;
  const [ended] = await waitForLog(offset, new RegExp(`${quoted} r_orders took`), 60 * 60_000);
  console.log(
    `  ${statement} r_orders started ${startedAfter.toFixed(1)} s after the quiet began, took ${ended.ms} ms; a request sent as it started waited ${waited} ms`,
  );
  return { startedAfter, ms: ended.ms ?? NaN, waited };
}

async function main() {
  await prepareSeed();
  console.log(`copying ${SEED} to ${RUN} (a fresh data set) …`);
  fs.rmSync(RUN, { recursive: true, force: true });
  fs.cpSync(SEED, RUN, { recursive: true });
  fs.writeFileSync(LOG, '');
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg();
  // info: the server logs each VACUUM's start and duration (and each request, the same for every phase).
  const server = await startServer(
    'server/server.ts',
    { DATA_DIR: RUN, DATABASE_URL: '', AUTH_RATE_LIMIT: '100000', LOG_LEVEL: 'info', EMBEDDED_VACUUM: 'on', EMBEDDED_VACUUM_FULL_HOURS: 'any' },
    '/api/health',
    LOG,
  );
  try {
    const session = await signIn(server.url);
    const before = await list(server.url, session, BEFORE_DEEP_QUERY);
    const deepCursor = before.pagination?.nextCursor;
    if (!deepCursor) throw new Error(`no nextCursor on orders page ${DEEP_PAGE - 1}: is the large tenant seeded?`);

    console.log('fresh data set:');
    const fresh = await measure('fresh', server.url, session, deepCursor, true);
    const freshPlans = await explainPages(server.pid, server.url, session.userId, deepCursor);
    console.log(`  fresh plans: ${JSON.stringify(freshPlans)}`);

    console.log(`reading the first ${UPDATES.toLocaleString('en')} orders of the list …`);
    const orders = await firstOrders(server.url, session, UPDATES);
    console.log(`updating ${orders.length.toLocaleString('en')} orders by SQL on the server's database process, ${ROWS_A_STATEMENT} a statement …`);
    const updates = await updateAll(server.pid, server.url, session.userId, orders);
    console.log(`  ${updates.updated.toLocaleString('en')} rows in ${updates.seconds.toFixed(0)} s`);
    // One save through the API: the server hears a write (its version went up by one with the SQL update).
    const saved = await fetch(`${server.url}/api/orders/update/${orders[0].id}`, {
      method: 'PUT',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version: orders[0].version + 1, price: 999 }),
    });
    if (!saved.ok) throw new Error(`PUT /api/orders/update/${orders[0].id}: ${saved.status} ${await saved.text()}`);
    const logOffset = fs.statSync(LOG).size;
    console.log('right after the updates (no pause, so no vacuum yet):');
    const unvacuumed = await measure('before vacuum', server.url, session, deepCursor, false);
    const unvacuumedPlans = await explainPages(server.pid, server.url, session.userId, deepCursor);
    console.log(`  before-vacuum plans: ${JSON.stringify(unvacuumedPlans)}`);

    console.log('idle: waiting for the server to prune r_orders (its heap pass) …');
    const prune = await awaitPass(logOffset, 'VACUUM (INDEX_CLEANUP OFF)', server.url, session, deepCursor);
    console.log('after the prune:');
    const pruned = await measure('after prune', server.url, session, deepCursor, true);
    const prunedPlans = await explainPages(server.pid, server.url, session.userId, deepCursor);
    console.log(`  after-prune plans: ${JSON.stringify(prunedPlans)}`);

    console.log('idle again: waiting for the full pass of r_orders (after the long quiet) …');
    const fullOffset = fs.statSync(LOG).size;
    const full = await awaitPass(fullOffset, 'VACUUM (ANALYZE)', server.url, session, deepCursor);
    // Let the server finish any other tables it wants, then measure.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const vacuums = logLines(logOffset, /VACUUM \([A-Z_ ]+\) \S+ took/).map((line) => ({
      msg: line.msg,
      table: line.table,
      ms: line.ms,
      changed: line.changed,
    }));
    console.log(`  vacuums: ${vacuums.map((vacuum) => `${vacuum.msg}`).join(', ')}`);

    console.log('after the full pass:');
    const vacuumed = await measure('after full', server.url, session, deepCursor, true);
    const vacuumedPlans = await explainPages(server.pid, server.url, session.userId, deepCursor);
    console.log(`  after-full-pass plans: ${JSON.stringify(vacuumedPlans)}`);

    console.log('\n| pass | started after the quiet began | took | a request sent as it started waited |');
    console.log('|---|---|---|---|');
    for (const [label, pass] of [
      ['prune (heap pass)', prune],
      ['full pass', full],
    ] as const) {
      console.log(`| ${label} | ${pass.startedAfter.toFixed(1)} s | ${pass.ms} ms | ${pass.waited} ms |`);
    }
    console.log(
      '\n| case | fresh req/s, p50 / p99 | after updates, before vacuum | after the prune | after the full pass | prune ÷ fresh, full ÷ fresh (req/s) |',
    );
    console.log('|---|---|---|---|---|---|');
    const cell = (result: LoadResult) => `${result.rps.toFixed(0)}, ${result.p50} / ${result.p99} ms`;
    for (const [name, label] of [
      ['deep1', 'deep page (cursor), c=1'],
      ['deep10', 'deep page (cursor), c=10'],
      ['jump1', 'deep page by number (jump), c=1'],
    ] as const) {
      console.log(
        `| ${label} | ${cell(fresh[name])} | ${cell(unvacuumed[name])} | ${cell(pruned[name])} | ${cell(vacuumed[name])} | ${ratio(pruned[name].rps, fresh[name].rps).toFixed(2)}, ${ratio(vacuumed[name].rps, fresh[name].rps).toFixed(2)} |`,
      );
    }
    console.log('\n| ids of the page (EXPLAIN ANALYZE, BUFFERS) | fresh: ms, buffers, heap fetches | before vacuum | after the prune | after the full pass |');
    console.log('|---|---|---|---|---|');
    const planCell = (plan: Plan) => `${plan.ms.toFixed(2)} ms, ${plan.buffers}, ${plan.heapFetches}`;
    for (const name of ['deep', 'jump'] as const) {
      console.log(
        `| ${name} | ${planCell(freshPlans[name])} | ${planCell(unvacuumedPlans[name])} | ${planCell(prunedPlans[name])} | ${planCell(vacuumedPlans[name])} |`,
      );
    }
    const within = (after: Figures, name: keyof Figures) =>
      ratio(after[name].rps, fresh[name].rps) >= 0.8 && ratio(after[name].p50, Math.max(1, fresh[name].p50)) <= 1.2;
    for (const [label, after] of [
      ['after the prune', pruned],
      ['after the full pass', vacuumed],
    ] as const) {
      console.log(
        `budget (deep page ${label} within 20 % of fresh): c=1 ${within(after, 'deep1') ? 'met' : 'NOT met'}, c=10 ${within(after, 'deep10') ? 'met' : 'NOT met'}`,
      );
    }
    const result = {
      startedAt,
      sizes,
      deepPage: DEEP_PAGE,
      loadBefore,
      loadAfter: os.loadavg(),
      updates,
      prune,
      full,
      vacuums,
      fresh,
      unvacuumed,
      pruned,
      vacuumed,
      plans: { fresh: freshPlans, unvacuumed: unvacuumedPlans, pruned: prunedPlans, vacuumed: vacuumedPlans },
    };
    const file = path.join(HOME, `result-${startedAt.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(
      `saved ${file}; load average before ${loadBefore.map((value) => value.toFixed(2)).join(', ')}, after ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
