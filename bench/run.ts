/**
 * `npm run bench` (not part of `npm test`): Fleetdesk at scale against its budgets (issue 5).
 *
 * For each database (embedded PGlite, then PostgreSQL at 127.0.0.1:5432 in the database fleetdesk_bench):
 *   1. prepares bulk data with `seed:bulk` (kept in bench/.data and reused while the sizes match);
 *   2. starts the real server as `npm start` does (`node --import tsx server/server.ts`) and measures with
 *      autocannon at concurrency 1, 10 and 50: orders list first page with total, a deep page reached by
 *      cursor (bench/cases.ts), the same page by number (OFFSET jump), a text search, show, create, update — requests/s, p50, p99 — while sampling the server's memory (and the
 *      embedded database's process); probes /api/health while the list is under load;
 *   3. starts the floor (bench/floor-server.ts: Fastify + pg, the engine's very same SQL, nothing else)
 *      on the same data and measures the same cases;
 * then the web app in Chromium (JS downloaded, orders table ready, Lighthouse), and writes bench/RESULTS.md.
 *
 * Flags: --orders --employees --transports --tenants (bulk sizes; defaults are the issue's),
 *        --duration <s per measurement, 10>, --databases pglite,postgres, --no-web, --fresh (new data),
 *        --with-saved, --report-only, --web-only (see the options below).
 * Quick run: npm run bench -- --orders 100000 --employees 10000 --transports 1000 --tenants 20 --duration 5
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BULK_LOGIN, BULK_PASSWORD } from '../scripts/seed/bulk-constants';
import { BEFORE_DEEP_QUERY, benchOrderBody, CASE_QUERIES, DEEP_PAGE, deepQuery } from './cases';
import { load, probe, type LoadCase, type LoadResult, type ProbeResult } from './load';
import { ADMIN_URL, memorySampler, ROOT, runScript, startServer, type Running } from './processes';
import { writeResults, type BenchRun, type CaseRow } from './results';
import { measureWeb, type WebResult } from './web';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '100000' },
    transports: { type: 'string', default: '10000' },
    tenants: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'no-web': { type: 'boolean', default: false },
    // Adds the last saved run (bench/.data/run-<kind>.json) of each database not measured now, e.g. PGlite
    // measured at other sizes in an earlier invocation; each run in RESULTS.md states its own sizes and date.
    'with-saved': { type: 'boolean', default: false },
    // Writes RESULTS.md again from the saved runs (bench/.data/run-*.json) without measuring.
    'report-only': { type: 'boolean', default: false },
    // Measures the web app again against the first database's saved data and run, then writes RESULTS.md.
    'web-only': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
  },
});

const sizes = { orders: args.orders, employees: args.employees, transports: args.transports, tenants: args.tenants };
const sizeKey = JSON.stringify(sizes);
const seconds = Number(args.duration);
const DATA = path.join(ROOT, 'bench/.data');
const BENCH_DB = 'fleetdesk_bench';
const CONCURRENCY = [1, 10, 50];
const LOG = path.join(DATA, 'servers.log');

type Kind = 'pglite' | 'postgres';

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function envOf(kind: Kind): Record<string, string> {
  return kind === 'pglite'
    ? { DATA_DIR: path.join(DATA, 'pglite'), DATABASE_URL: '' }
    : { DATA_DIR: path.join(DATA, 'postgres-dir'), DATABASE_URL: databaseUrl() };
}

/** Bulk data for this kind, made again only when the sizes changed (or --fresh). */
async function prepare(kind: Kind) {
  const marker = path.join(DATA, `${kind}.sizes.json`);
  const current = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : '';
  if (current === sizeKey && !args.fresh) {
    console.log(`[${kind}] reusing the bulk data in ${kind === 'pglite' ? 'bench/.data/pglite' : BENCH_DB} (${sizeKey}), vacuumed first`);
    await runScript('bench/vacuum.ts', [], envOf(kind));
    return;
  }
  fs.rmSync(marker, { force: true });
  if (kind === 'pglite') fs.rmSync(path.join(DATA, 'pglite'), { recursive: true, force: true });
  else {
    await admin(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${BENCH_DB}`);
  }
  console.log(`[${kind}] bulk data: ${sizeKey}`);
  await runScript(
    'scripts/seed/bulk.ts',
    ['--orders', sizes.orders, '--employees', sizes.employees, '--transports', sizes.transports, '--tenants', sizes.tenants],
    envOf(kind),
  );
  fs.writeFileSync(marker, sizeKey);
}

interface Session {
  token: string;
  userId: number;
  companyId: number;
}

async function signIn(baseUrl: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ login: BULK_LOGIN, password: BULK_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { id: number; company: { id: number } } } };
  return { token: data.token, userId: data.user.id, companyId: data.user.company.id };
}

interface Fixtures {
  showId: number;
  orderBody: Record<string, unknown>;
  /** The nextCursor of page DEEP_PAGE − 1: the deep case loads the page it leads to. */
  deepCursor: string;
}

async function fixtures(baseUrl: string, session: Session): Promise<Fixtures> {
  const response = await fetch(`${baseUrl}/api/orders?perPage=1`, { headers: { authorization: `Bearer ${session.token}` } });
  const { data } = (await response.json()) as { data: Array<Record<string, unknown>> };
  const first = data[0];
  const orderBody = benchOrderBody(first);
  // As a person paging forward gets there: the page before, once, by number; its nextCursor for the deep case.
  const before = await fetch(`${baseUrl}/api/orders?${BEFORE_DEEP_QUERY}`, { headers: { authorization: `Bearer ${session.token}` } });
  const deepCursor = ((await before.json()) as { pagination?: { nextCursor?: string | null } }).pagination?.nextCursor;
  if (!deepCursor) throw new Error(`no nextCursor on orders page ${DEEP_PAGE - 1}: is the large tenant seeded?`);
  return { showId: Number(first._id ?? first.id), orderBody, deepCursor };
}

/** The seven cases against one server (ours under /api, the floor under /floor). */
function cases(baseUrl: string, session: Session, fixture: Fixtures, floor: boolean): Record<string, () => LoadCase> {
  const headers: Record<string, string> = floor ? {} : { authorization: `Bearer ${session.token}`, 'x-csrf-token': 'bench', 'accept-language': 'en' };
  const list =
    (name: string, query = CASE_QUERIES[name]) =>
    () => ({ url: floor ? `${baseUrl}/floor/list/${name}${name === 'deep' ? `?${query}` : ''}` : `${baseUrl}/api/orders${query ? `?${query}` : ''}`, headers });
  // Records made by the create runs are the ones the update runs change: their versions are known.
  const versions = new Map<number, number>();
  let cursor = 0;
  const idsToUpdate: number[] = [];
  const remember = (status: number, body: string) => {
    if (status !== 200) return;
    const row = (JSON.parse(body) as { data: Record<string, unknown> }).data;
    const id = Number(row._id ?? row.id);
    if (!versions.has(id)) idsToUpdate.push(id);
    versions.set(id, Number(row.version));
  };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  return {
    list: list('list'),
    deep: list('deep', deepQuery(fixture.deepCursor)),
    jump: list('jump'),
    search: list('search'),
    show: () => ({ url: floor ? `${baseUrl}/floor/show/${fixture.showId}` : `${baseUrl}/api/orders/show/${fixture.showId}`, headers }),
    create: () => ({
      url: floor ? `${baseUrl}/floor/create` : `${baseUrl}/api/orders/store`,
      method: 'POST',
      headers: jsonHeaders,
      next: () => ({ path: floor ? '/floor/create' : '/api/orders/store', body: JSON.stringify(fixture.orderBody) }),
      onResponse: remember,
    }),
    update: () => ({
      url: floor ? `${baseUrl}/floor/update/0` : `${baseUrl}/api/orders/update/0`,
      method: 'PUT',
      headers: jsonHeaders,
      next: () => {
        const id = idsToUpdate[cursor++ % Math.max(1, idsToUpdate.length)] ?? fixture.showId;
        return {
          path: floor ? `/floor/update/${id}` : `/api/orders/update/${id}`,
          body: JSON.stringify({ version: versions.get(id) ?? 1, price: 1000 + (cursor % 900) }),
        };
      },
      onResponse: remember,
    }),
  };
}

/**
 * Waits until requests queued by the last measurement have drained: a query through the database pool
 * answers quickly again. (Not /api/health: it answers from a heartbeat and never queues.)
 */
async function settle(baseUrl: string, probePath: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${baseUrl}${probePath}`, { headers }).catch(() => undefined);
    if (Date.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The machine's CPU counters (/proc/stat, all cores), or null where there are none. */
function cpuTimes(): number[] | null {
  try {
    return fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return null;
  }
}

/**
 * The share of CPU time the hypervisor gave to other guests since `before` ("steal"): on a shared virtual
 * machine the same run can differ by half between hours, and this says how much the host took.
 */
function stealSince(before: number[] | null): number | undefined {
  const after = cpuTimes();
  if (!before || !after) return undefined;
  const delta = after.map((value, index) => value - (before[index] ?? 0));
  const total = delta.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return total > 0 ? (100 * (delta[7] ?? 0)) / total : undefined;
}

interface Target {
  server: Running;
  floor: boolean;
  results: Map<string, LoadResult>;
}

/**
 * Every case at every concurrency on each target. With two targets (ours and the floor, both up on
 * PostgreSQL) the measurements alternate case by case, and which goes first alternates too: neither gets
 * a quieter machine, fresher caches or a table without the other's writes.
 */
async function measureCases(kind: Kind, targets: Target[], session: Session, fixture: Fixtures): Promise<void> {
  const all = targets.map((target) => cases(target.server.url, session, fixture, target.floor));
  let turn = 0;
  for (const name of Object.keys(all[0])) {
    for (const concurrency of CONCURRENCY) {
      const order = targets.map((_, index) => index);
      if (turn++ % 2 === 1) order.reverse();
      for (const index of order) {
        const target = targets[index];
        const result = await load((all[index] as Record<string, () => LoadCase>)[name](), concurrency, seconds);
        await (target.floor
          ? settle(target.server.url, '/floor/health')
          : settle(target.server.url, '/api/orders?perPage=1', { authorization: `Bearer ${session.token}` }));
        target.results.set(`${name}@${concurrency}`, result);
        console.log(
          `[${kind}] ${target.floor ? 'floor' : 'ours '} ${name.padEnd(7)} c=${String(concurrency).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms${result.errors ? `  errors ${result.errors}` : ''}`,
        );
      }
    }
  }
}

async function startFloor(env: Record<string, string>, session: Session): Promise<Running> {
  return startServer(
    'bench/floor-server.ts',
    { ...env, BENCH_COMPANY_ID: String(session.companyId), BENCH_USER_ID: String(session.userId), BENCH_DEEP_PAGE: String(DEEP_PAGE) },
    '/floor/health',
    LOG,
  );
}

async function benchDatabase(kind: Kind, web: boolean): Promise<BenchRun> {
  await prepare(kind);
  const started = new Date().toISOString();
  const loadBefore = os.loadavg();
  const cpuBefore = cpuTimes();
  const env = { ...envOf(kind), AUTH_RATE_LIMIT: '100000' };
  const ours = await startServer('server/server.ts', env, '/api/health', LOG);
  const oursTarget: Target = { server: ours, floor: false, results: new Map() };
  // The embedded database's folder opens in one process at a time: there the floor runs after ours.
  let floorServer: Running | null = null;
  let floorTarget: Target | null = null;
  let session: Session;
  let fixture: Fixtures;
  let health: ProbeResult;
  let idleHealth: ProbeResult;
  let memory: ReturnType<ReturnType<typeof memorySampler>['stop']>;
  let webResult: WebResult | null = null;
  try {
    session = await signIn(ours.url);
    fixture = await fixtures(ours.url, session);
    if (kind === 'postgres') {
      floorServer = await startFloor(env, session);
      floorTarget = { server: floorServer, floor: true, results: new Map() };
      await load(cases(floorServer.url, session, fixture, true).list(), 4, 2);
    }
    // Warm-up: the first requests load caches and plans.
    await load(cases(ours.url, session, fixture, false).list(), 4, 2);
    const idle = probe(`${ours.url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    idleHealth = await idle.stop();
    const sampler = memorySampler(ours.child.pid as number);
    // The blocking check: /api/health one at a time while the list runs at c=10.
    const probing = probe(`${ours.url}/api/health`);
    const listLoad = await load(cases(ours.url, session, fixture, false).list(), 10, seconds);
    health = await probing.stop();
    console.log(
      `[${kind}] /api/health under list load (list ${listLoad.rps.toFixed(0)} req/s): p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms (idle p99 ${idleHealth.p99.toFixed(1)} ms)`,
    );
    await measureCases(kind, floorTarget ? [oursTarget, floorTarget] : [oursTarget], session, fixture);
    memory = sampler.stop();
    console.log(
      `[${kind}] memory peaks: server ${(memory.serverPeak / 2 ** 20).toFixed(0)} MB, embedded database ${(memory.childrenPeak / 2 ** 20).toFixed(0)} MB`,
    );
    if (floorServer) await floorServer.stop();
    floorServer = null;
    if (web) webResult = await measureWeb(ours.url, session.token);
  } finally {
    await floorServer?.stop();
    await ours.stop();
  }
  if (!floorTarget) {
    const floorOnly = await startFloor(env, session);
    floorTarget = { server: floorOnly, floor: true, results: new Map() };
    try {
      await load(cases(floorOnly.url, session, fixture, true).list(), 4, 2);
      await measureCases(kind, [floorTarget], session, fixture);
    } finally {
      await floorOnly.stop();
    }
  }
  const rows: CaseRow[] = [];
  for (const [key, result] of oursTarget.results) {
    const [name, concurrency] = key.split('@') as [string, string];
    rows.push({ name, concurrency: Number(concurrency), ours: result, floor: floorTarget.results.get(key) as LoadResult });
  }
  const run: BenchRun = {
    kind,
    sizes,
    started,
    loadBefore,
    loadAfter: os.loadavg(),
    stealPercent: stealSince(cpuBefore),
    rows,
    health,
    idleHealth,
    memory,
    web: webResult,
  };
  fs.writeFileSync(path.join(DATA, `run-${kind}.json`), JSON.stringify(run, null, 2));
  return run;
}

/** `--web-only`: the web app measured again against a server on the saved data; the saved run keeps its API figures. */
async function remeasureWeb(kind: Kind): Promise<void> {
  const saved = path.join(DATA, `run-${kind}.json`);
  if (!fs.existsSync(saved)) throw new Error(`--web-only needs a saved run of ${kind} (bench/.data/run-${kind}.json): run the benchmark first`);
  const run = JSON.parse(fs.readFileSync(saved, 'utf8')) as BenchRun;
  const ours = await startServer('server/server.ts', { ...envOf(kind), AUTH_RATE_LIMIT: '100000' }, '/api/health', LOG);
  try {
    const session = await signIn(ours.url);
    run.web = await measureWeb(ours.url, session.token);
    run.webMeasuredAt = new Date().toISOString();
  } finally {
    await ours.stop();
  }
  fs.writeFileSync(saved, JSON.stringify(run, null, 2));
}

function machine(): Record<string, string> {
  const postgres = (() => {
    try {
      const [version, autovacuum] = execFileSync('psql', [ADMIN_URL, '-At', '-c', 'SHOW server_version', '-c', 'SHOW autovacuum'], { encoding: 'utf8' })
        .trim()
        .split('\n');
      // This machine's server runs with autovacuum off: the engine's per-table settings then do nothing.
      return `${version} (autovacuum ${autovacuum})`;
    } catch {
      return 'unknown';
    }
  })();
  const pglite = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  return {
    cpu: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres,
    pglite,
    commit: (() => {
      try {
        return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      } catch {
        return process.env.BENCH_COMMIT ?? 'unknown';
      }
    })(),
    'load average at the end (1, 5, 15 min)': os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', '),
  };
}

async function main() {
  fs.mkdirSync(DATA, { recursive: true });
  if (args['report-only']) {
    const runs = (['pglite', 'postgres'] as Kind[])
      .map((kind) => path.join(DATA, `run-${kind}.json`))
      .filter((file) => fs.existsSync(file))
      .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as BenchRun);
    const started = new Date(runs.map((run) => run.started).sort()[0] ?? Date.now());
    const file = writeResults({ started, machine: machine(), sizes, seconds, deepPage: DEEP_PAGE, runs });
    console.log(`Results written again from the saved runs to ${path.relative(ROOT, file)}`);
    return;
  }
  const kinds = args.databases.split(',').map((kind) => kind.trim()) as Kind[];
  const web = !args['no-web'];
  // The deep case pages to DEEP_PAGE of the large tenant's orders, 10 a page: it needs that many.
  if (Number(sizes.orders) < DEEP_PAGE * 10) {
    throw new Error(
      `--orders ${sizes.orders} is too few for the deep page ${DEEP_PAGE} (10 orders a page): give at least ${DEEP_PAGE * 10}, or a smaller BENCH_DEEP_PAGE`,
    );
  }
  if (args['web-only']) {
    execFileSync('bash', ['scripts/ensure-chromium.sh'], { cwd: ROOT, stdio: 'inherit' });
    console.log('Building the web app (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    await remeasureWeb(kinds[0]);
    args['report-only'] = true;
    return main();
  }
  if (web) {
    execFileSync('bash', ['scripts/ensure-chromium.sh'], { cwd: ROOT, stdio: 'inherit' });
    console.log('Building the web app (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const started = new Date();
  const runs: BenchRun[] = [];
  for (const kind of kinds) runs.push(await benchDatabase(kind, web && kind === kinds[0]));
  if (args['with-saved']) {
    for (const kind of ['pglite', 'postgres'] as Kind[]) {
      const saved = path.join(DATA, `run-${kind}.json`);
      if (kinds.includes(kind) || !fs.existsSync(saved)) continue;
      const run = JSON.parse(fs.readFileSync(saved, 'utf8')) as BenchRun;
      // One web measurement is enough: the saved one only when none was taken now.
      if (runs.some((other) => other.web)) run.web = null;
      runs.push(run);
      console.log(`Added the saved ${kind} run of ${run.started}`);
    }
    runs.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'pglite' ? -1 : 1));
  }
  const file = writeResults({ started, machine: machine(), sizes, seconds, deepPage: DEEP_PAGE, runs });
  console.log(`\nResults written to ${path.relative(ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
