/**
 * `npm run bench:pages`: every page of a list as fast as the first (issue 16, point 9), on PostgreSQL and the
 * embedded database, in a tenant of ~3,000 orders (`seed:bulk --orders 3000 --employees 300 --transports 100
 * --tenants 3`, made once into the database `fleetdesk_pages` and bench/.data/pages/pglite).
 *
 * The requests are exactly the web app's (src/providers/data-provider.ts `getList`/`listQuery`, src/crud/list-state.ts):
 * `page`, `perPage`, `sort`, `order` in that order; the page after the one shown by its `nextCursor` (`&cursor=` last);
 * any other page by number. A user who opens the orders list, picks 20 or 50 rows, turns a page, jumps to page 5,
 * sorts by customer and turns that page, then sorts the other way and turns that page. Show, create and update are
 * measured beside them, so that nothing users have today gets slower.
 *
 * With `--baseline <checkout>` (the code before a change, with its node_modules) a second server runs that code
 * beside this one, on data of its own that its own seed makes with the same sizes (a database `fleetdesk_pages_baseline`,
 * a folder `pglite-baseline`) — and every case alternates between the two, who goes first alternating too, in each of
 * `--rounds` rounds: both see the same machine, whatever else runs on it. A case's figure is its median over the
 * rounds. Budget: every page within 1.3× of page 1 of 10 rows (req/s at c=10); show, create, update, list within
 * 10 % of the baseline.
 *
 *   npm run bench:pages -- [--databases postgres,pglite] [--duration 5] [--rounds 3] [--baseline /tmp/fleetdesk-main]
 *   npm run bench:pages -- --profile 'page 2, 20 rows (cursor)' --databases pglite   (a --cpu-prof of that case)
 *
 * Last (once a run, on the first database's answers), the floor (page-floor.ts): this server's own answers for
 * page 1 of 10 and of 50 rows served by a bare server, as bytes and parsed and written again, so that the 1.3×
 * budget is read against what the bytes alone cost on the same machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BULK_LOGIN, BULK_PASSWORD } from '../scripts/seed/bulk-constants';
import { load, median, type LoadCase, type LoadResult } from './load';
import { measurePageFloor } from './page-floor';
import { benchOrderBody } from './cases';
import { ADMIN_URL, childrenOf, cpuSecondsOf, ROOT, runScript, startServer, type Running } from './processes';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres,pglite' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    baseline: { type: 'string' },
    profile: { type: 'string' },
  },
});

type Kind = 'pglite' | 'postgres';
const kinds = args.databases.split(',').map((name) => name.trim()) as Kind[];
const firstKind = kinds[0];
const DATA = path.join(ROOT, 'bench/.data/pages');
const DATABASE = 'fleetdesk_pages';
const SEED = ['--orders', '3000', '--employees', '300', '--transports', '100', '--tenants', '3', '--quiet'];
const BUDGET = 1.3;
const connections = Number(args.connections);
const seconds = Number(args.duration);

/** `copy`: '' for this checkout's server, '-baseline' for the baseline's (its own copy of the data). */
function envOf(kind: Kind, copy = ''): Record<string, string> {
  if (kind === 'pglite') return { DATA_DIR: path.join(DATA, `pglite${copy}`), DATABASE_URL: '', AUTH_RATE_LIMIT: '100000' };
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}${copy.replace('-', '_')}`;
  return { DATA_DIR: path.join(DATA, 'postgres-dir'), DATABASE_URL: url.toString(), AUTH_RATE_LIMIT: '100000' };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** CPU seconds used so far by a server and by each process of its database (pid → seconds). */
interface CpuReading {
  server: number;
  database: Map<number, number>;
}

/**
 * The embedded database's process is the server's child; PostgreSQL's backends are those connected to the server's
 * own database (the baseline has a copy). Per request, this says where the time goes whatever else the shared
 * machine runs meanwhile.
 */
async function cpuOf(kind: Kind, server: Running, copy: string): Promise<CpuReading> {
  const pids =
    kind === 'pglite'
      ? childrenOf(server.pid)
      : (
          await admin(
            async (client) =>
              (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [`${DATABASE}${copy.replace('-', '_')}`])).rows,
          )
        ).map(({ pid }) => pid);
  return { server: cpuSecondsOf(server.pid), database: new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)])) };
}

/** CPU seconds between two readings; a backend that ended meanwhile (the pool closes idle ones) is left out. */
function cpuBetween(before: CpuReading, after: CpuReading): { server: number; database: number } {
  let database = 0;
  for (const [pid, seconds] of after.database) database += seconds - (before.database.get(pid) ?? 0);
  return { server: after.server - before.server, database };
}

/** The data set, made once: a scratch database and data folder of this bench's own. */
async function prepare(kind: Kind) {
  fs.mkdirSync(DATA, { recursive: true });
  if (kind === 'postgres') {
    const exists = await admin(async (client) => {
      const found = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount;
      if (!found) await client.query(`CREATE DATABASE ${DATABASE}`);
      return found;
    });
    if (!exists) await runScript('scripts/seed/bulk.ts', SEED, envOf(kind));
  } else if (!fs.existsSync(path.join(envOf(kind).DATA_DIR, 'pgdata'))) await runScript('scripts/seed/bulk.ts', SEED, envOf(kind));
  // Orders made by earlier runs' creates go; VACUUM ANALYZE as after the seed.
  await runScript('bench/vacuum.ts', [], envOf(kind));
}

/** The web app's list query (data-provider.ts listQuery): page, perPage, sort, order. */
const listQuery = (page: number, perPage: number, sort: string, order: 'asc' | 'desc') =>
  new URLSearchParams({ page: String(page), perPage: String(perPage), sort, order }).toString();

interface Fixture {
  headers: Record<string, string>;
  showId: number;
  orderBody: Record<string, unknown>;
  /** Case name → request path, cursors read from the answers the web app would have had. */
  lists: Array<[string, string]>;
}

async function fixture(url: string): Promise<Fixture> {
  const signIn = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ login: BULK_LOGIN, password: BULK_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, 'x-csrf-token': 'bench', 'accept-language': 'en' };
  const get = async (request: string) => {
    const response = await fetch(`${url}${request}`, { headers });
    if (!response.ok) throw new Error(`${request}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: Array<Record<string, unknown>>; pagination: { total: number; nextCursor: string | null } };
  };
  const orders = (query: string) => `/api/orders?${query}`;
  /** The page after `page` as the web app asks for it: its number, the rest as before, the cursor last. */
  const next = async (page: number, perPage: number, sort: string, order: 'asc' | 'desc') => {
    const cursor = (await get(orders(listQuery(page, perPage, sort, order)))).pagination.nextCursor;
    if (!cursor) throw new Error(`no nextCursor on page ${page} of ${sort} ${order}`);
    return `${orders(listQuery(page + 1, perPage, sort, order))}&cursor=${encodeURIComponent(cursor)}`;
  };
  const open = orders(listQuery(1, 10, 'loading_date', 'desc'));
  const first = (await get(open)).data[0];
  const orderBody = benchOrderBody(first);
  const lists: Array<[string, string]> = [
    ['page 1, 10 rows (the list opens)', open],
    ['page 1, 20 rows', orders(listQuery(1, 20, 'loading_date', 'desc'))],
    ['page 1, 50 rows', orders(listQuery(1, 50, 'loading_date', 'desc'))],
    ['page 2, 20 rows (cursor)', await next(1, 20, 'loading_date', 'desc')],
    ['page 5, 20 rows (by number)', orders(listQuery(5, 20, 'loading_date', 'desc'))],
    ['sorted by customer asc, page 1', orders(listQuery(1, 10, 'customer', 'asc'))],
    ['sorted by customer asc, page 2 (cursor)', await next(1, 10, 'customer', 'asc')],
    ['sorted by customer desc, page 1', orders(listQuery(1, 10, 'customer', 'desc'))],
    ['sorted by customer desc, page 2 (cursor)', await next(1, 10, 'customer', 'desc')],
  ];
  return { headers, showId: Number(first._id ?? first.id), orderBody, lists };
}

/**
 * The cases against one server: the lists, then show, create and update as bench/run.ts measures them; `made`
 * collects the orders the creates made (deleted after each round, so the tenant stays at its size).
 */
function cases(url: string, fixture: Fixture, made: number[]): Array<[string, LoadCase]> {
  const { headers } = fixture;
  const versions = new Map<number, number>();
  let turn = 0;
  const remember = (status: number, body: string) => {
    if (status !== 200) return;
    const row = (JSON.parse(body) as { data: Record<string, unknown> }).data;
    const id = Number(row._id ?? row.id);
    if (!versions.has(id)) made.push(id);
    versions.set(id, Number(row.version));
  };
  const json = { ...headers, 'content-type': 'application/json' };
  return [
    ...fixture.lists.map(([name, request]): [string, LoadCase] => [name, { url: `${url}${request}`, headers }]),
    ['show', { url: `${url}/api/orders/show/${fixture.showId}`, headers }],
    [
      'create',
      {
        url: `${url}/api/orders/store`,
        method: 'POST',
        headers: json,
        next: () => ({ path: '/api/orders/store', body: JSON.stringify(fixture.orderBody) }),
        onResponse: remember,
      },
    ],
    [
      'update',
      {
        url: `${url}/api/orders/update/0`,
        method: 'PUT',
        headers: json,
        next: () => {
          const id = made.length > 0 ? made[turn++ % made.length] : fixture.showId;
          return { path: `/api/orders/update/${id}`, body: JSON.stringify({ version: versions.get(id) ?? 1, price: 1000 + (turn % 900) }) };
        },
        onResponse: remember,
      },
    ],
  ];
}

/** A second of load on every read case first, so that no round measures the JIT's or the caches' first minutes. */
async function warm(target: LoadCase) {
  if (target.method && target.method !== 'GET') return;
  await load(target, connections, 1);
}

interface Server {
  label: string;
  running: Running;
  cases: Array<[string, LoadCase]>;
  results: Map<string, LoadResult[]>;
  headers: Record<string, string>;
  made: number[];
  copy: string;
  /** Case → CPU milliseconds per request, server and database, per round. */
  cpu: Map<string, Array<{ server: number; database: number }>>;
}

/** Deletes the orders the round's creates made, through the API (the embedded database's folder is the server's). */
async function removeMade(server: Server) {
  const ids = server.made.splice(0);
  const worker = async () => {
    for (let id = ids.pop(); id !== undefined; id = ids.pop())
      await (await fetch(`${server.running.url}/api/orders/destroy/${id}`, { method: 'DELETE', headers: server.headers })).arrayBuffer();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

async function start(kind: Kind, label: string, root: string, copy = ''): Promise<Server> {
  const log = path.join(DATA, `servers-${label}.log`);
  const profileDir = path.join(DATA, 'profiles');
  const nodeOptions = args.profile && label === 'this' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const running = await startServer('server/server.ts', envOf(kind, copy), '/api/health', log, { root, nodeOptions });
  return { label, running, cases: [], results: new Map(), headers: {}, made: [], copy, cpu: new Map() };
}

function row(kind: Kind, server: Server, name: string, result: LoadResult) {
  return `[${kind}] ${server.label.padEnd(8)} ${name.padEnd(40)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(4)} ms${result.errors ? `  errors ${result.errors}` : ''}`;
}

async function bench(kind: Kind): Promise<string[]> {
  await prepare(kind);
  // The baseline gets data of its own, seeded afresh by its own code with the same (deterministic) seed: the
  // embedded database's folder opens in one process, a copy of this checkout's data would carry migrations and
  // extensions the baseline does not know, and on PostgreSQL a database of its own tells each server's backends,
  // and their CPU, apart.
  if (args.baseline) {
    const env = envOf(kind, '-baseline');
    if (kind === 'pglite') fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    else
      await admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${DATABASE}_baseline WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${DATABASE}_baseline`);
      });
    const baselineRoot = path.resolve(args.baseline);
    await runScript('scripts/seed/bulk.ts', SEED, env, baselineRoot);
    await runScript('bench/vacuum.ts', [], env, fs.existsSync(path.join(baselineRoot, 'bench/vacuum.ts')) ? baselineRoot : ROOT);
  }
  const servers: Server[] = [await start(kind, 'this', ROOT)];
  try {
    if (args.baseline) servers.push(await start(kind, 'baseline', path.resolve(args.baseline), '-baseline'));
    for (const server of servers) {
      const found = await fixture(server.running.url);
      server.headers = found.headers;
      server.cases = cases(server.running.url, found, server.made);
    }
    if (args.profile) {
      const lines: string[] = [];
      const [server] = servers;
      const target = server.cases.find(([name]) => name === args.profile)?.[1];
      if (!target) throw new Error(`no case "${args.profile}": ${server.cases.map(([name]) => name).join(', ')}`);
      await warm(target);
      const result = await load(target, connections, seconds);
      lines.push(row(kind, server, args.profile, result));
      console.log(lines[0], `\nprofile: ${path.join(DATA, 'profiles')} (the newest .cpuprofile, written when the server stops)`);
      return lines;
    }
    for (const server of servers) for (const [, target] of server.cases) await warm(target);
    let turn = 0;
    for (let round = 1; round <= Number(args.rounds); round += 1) {
      for (let index = 0; index < servers[0].cases.length; index += 1) {
        const order = turn++ % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order) {
          const [name, target] = server.cases[index];
          const before = await cpuOf(kind, server.running, server.copy);
          const result = await load(target, connections, seconds);
          const after = await cpuOf(kind, server.running, server.copy);
          const used = cpuBetween(before, after);
          const perRequest = { server: (used.server * 1000) / Math.max(1, result.requests), database: (used.database * 1000) / Math.max(1, result.requests) };
          server.results.set(name, [...(server.results.get(name) ?? []), result]);
          server.cpu.set(name, [...(server.cpu.get(name) ?? []), perRequest]);
          console.log(
            `round ${round}`,
            row(kind, server, name, result),
            `cpu/request server ${perRequest.server.toFixed(2)} ms, database ${perRequest.database.toFixed(2)} ms; load ${os.loadavg()[0].toFixed(1)}`,
          );
        }
      }
      for (const server of servers) await removeMade(server);
    }
    const lines = report(kind, servers);
    if (kind === firstKind) lines.push(...(await floor(servers[0])));
    return lines;
  } finally {
    for (const server of servers) await server.running.stop();
  }
}

/** The floor under page 1 of 10 and of 50 rows, from the answers `server` gives for them now. */
async function floor(server: Server): Promise<string[]> {
  const bodies = [];
  for (const [rows, name] of [
    [10, 'page 1, 10 rows (the list opens)'],
    [50, 'page 1, 50 rows'],
  ] as const) {
    const target = server.cases.find(([caseName]) => caseName === name)?.[1];
    if (!target) throw new Error(`no case "${name}"`);
    const response = await fetch(target.url, { headers: target.headers });
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    bodies.push({ rows, body: await response.text() });
  }
  return measurePageFloor(path.join(DATA, 'floor'), bodies, connections, seconds, Number(args.rounds));
}

/** Medians over the rounds; each page against page 1 of 10 rows; each case against the baseline. */
function report(kind: Kind, servers: Server[]): string[] {
  const lines: string[] = [];
  const [ours, baseline] = servers;
  const medianOf = (server: Server, name: string) => {
    const results = server.results.get(name) ?? [];
    const cpu = server.cpu.get(name) ?? [];
    return {
      rps: median(results.map((r) => r.rps)),
      p50: median(results.map((r) => r.p50)),
      p99: median(results.map((r) => r.p99)),
      cpu: `cpu ${median(cpu.map((c) => c.server)).toFixed(2)} + ${median(cpu.map((c) => c.database)).toFixed(2)} ms`,
    };
  };
  const names = ours.cases.map(([name]) => name);
  const firstName = names[0];
  for (const server of servers) {
    const first = medianOf(server, firstName).rps;
    for (const name of names) {
      const figure = medianOf(server, name);
      const isList = name.startsWith('page') || name.startsWith('sorted');
      const ratio = first / figure.rps;
      const budget = isList && name !== firstName ? `  ${ratio.toFixed(2)}× page 1/10 ${ratio <= BUDGET ? 'met' : 'NOT met'}` : '';
      const against = baseline && server === ours ? `  vs baseline ${((figure.rps / medianOf(baseline, name).rps - 1) * 100).toFixed(0)} %` : '';
      lines.push(
        `[${kind}] ${server.label.padEnd(8)} ${name.padEnd(40)} ${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(3)} ms  p99 ${String(figure.p99).padStart(4)} ms  ${figure.cpu}${budget}${against}`,
      );
    }
  }
  return lines;
}

async function main() {
  const all: string[] = [];
  const loadBefore = os.loadavg();
  for (const kind of kinds) all.push(...(await bench(kind)));
  console.log(
    `\nPages at c=${connections}, ${seconds} s a case, median of ${args.rounds} rounds; load average ${loadBefore.map((v) => v.toFixed(1)).join(' ')} before, ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(
        ' ',
      )} after, ${os.cpus().length} cores (budget: each page ≤ ${BUDGET}× page 1 of 10 rows; cpu: the server's + the database's CPU milliseconds per request)`,
  );
  for (const line of all) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
