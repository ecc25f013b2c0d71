/**
 * `npm run bench:compliance`: the compliance engine at the issue's full size (issue 14, point 6): a large
 * tenant of 1,000,000 orders, 100,000 employees (each with a passport, an HR document and a contract end;
 * the licence required for contractors), 10,000 vehicles (a cell in every document column but one in
 * thirty, maintenance due dates), 5,000 trailers (insured) and 10,000 cards, among 200 small tenants, as
 * scripts/seed/bulk.ts makes them, on PostgreSQL (and the embedded database with --databases).
 *
 * It measures what the compliance page sends (`GET /api/compliance`: its first page with the counts, the
 * other tabs, a subject type, one company, a wider window, a later page) and the bell every page asks for
 * (`GET /api/notifications`), each at concurrency 1 and 10 with
 * autocannon, and prints req/s, p50 and p99. Budget: the first page with counts p99 ≤ 100 ms at c=10 on
 * PostgreSQL. Data is kept in its own database (`fleetdesk_bench_full`) and folder (`bench/.data/pglite-full`)
 * and made again only when the size changes (or with --fresh).
 *
 *   npm run bench:compliance -- [--databases postgres] [--orders 1000000] [--employees 100000] [--duration 10]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BULK_LOGIN, BULK_PASSWORD } from '../scripts/seed/bulk-constants';
import { load, type LoadCase } from './load';
import { admin, ADMIN_URL, ROOT, runScript, startServer } from './processes';

const isMain = Boolean(process.argv[1]) && path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/compliance.ts');

// Imported by another bench (import-export.ts), the command line is that bench's, not this one's: the defaults
// (the full size) hold then.
const { values: args } = parseArgs({
  args: isMain ? process.argv.slice(2) : [],
  options: {
    databases: { type: 'string', default: 'postgres' },
    orders: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '100000' },
    transports: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
  },
});

type Kind = 'pglite' | 'postgres';
const DATA = path.join(ROOT, 'bench/.data');
const DB = 'fleetdesk_bench_full';
const BUDGET_P99_MS = 100;
const seedArgs = ['--orders', args.orders, '--employees', args.employees, '--transports', args.transports, '--tenants', '200'];

export function fullSizeEnv(kind: Kind): Record<string, string> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  return kind === 'pglite'
    ? { DATA_DIR: path.join(DATA, 'pglite-full'), DATABASE_URL: '' }
    : { DATA_DIR: path.join(DATA, 'postgres-full-dir'), DATABASE_URL: url.toString() };
}

/** Seeds the full size once (a marker file keeps the sizes it was made with). */
export async function prepareFullSize(kind: Kind, fresh = false) {
  fs.mkdirSync(DATA, { recursive: true });
  const marker = path.join(DATA, `${kind}-full.sizes.json`);
  const key = JSON.stringify(seedArgs);
  if (!fresh && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === key) return console.log(`[${kind}] reusing the data (${key})`);
  fs.rmSync(marker, { force: true });
  if (kind === 'pglite') fs.rmSync(path.join(DATA, 'pglite-full'), { recursive: true, force: true });
  else {
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DB}`);
  }
  console.log(`[${kind}] seeding ${key}…`);
  const started = Date.now();
  await runScript('scripts/seed/bulk.ts', seedArgs, fullSizeEnv(kind));
  console.log(`[${kind}] seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  fs.writeFileSync(marker, key);
}

const line = (kind: Kind, name: string, connections: number, result: Awaited<ReturnType<typeof load>>, budget: number | null) =>
  `[${kind}] ${name.padEnd(30)} c=${String(connections).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(4)} ms${result.errors ? `  errors ${result.errors}` : ''}${budget === null || connections !== 10 ? '' : result.p99 <= budget ? '  met' : '  NOT met'}`;

/**
 * Saves one employee of the large tenant again and again (its contract end moved by a day, back and forth) every
 * `everyMs` until stopped: what a colleague at work does to the compliance page's kept pages. Answers the stop.
 */
function keepSaving(url: string, headers: Record<string, string>, everyMs: number): () => Promise<number> {
  let stopped = false;
  let saves = 0;
  const work = (async () => {
    const listed = (await (await fetch(`${url}/api/employees?perPage=1`, { headers })).json()) as {
      data: Array<{ id: number; company_id: number; version: number }>;
    };
    let { id, company_id: company, version } = listed.data[0];
    const end = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    while (!stopped) {
      const response = await fetch(`${url}/api/employees/${company}/update/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': 'bench' },
        body: JSON.stringify({ contract_end_date: end(10 + (saves % 2)), version }),
      });
      if (!response.ok) throw new Error(`saving employee ${id}: ${response.status} ${await response.text()}`);
      ({ version, id, company_id: company } = ((await response.json()) as { data: { id: number; company_id: number; version: number } }).data);
      saves += 1;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await work;
    return saves;
  };
}

async function bench(kind: Kind) {
  await prepareFullSize(kind, args.fresh);
  const server = await startServer('server/server.ts', { ...fullSizeEnv(kind), AUTH_RATE_LIMIT: '100000' }, '/api/health', path.join(DATA, 'servers-full.log'));
  try {
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
      body: JSON.stringify({ login: BULK_LOGIN, password: BULK_PASSWORD }),
    });
    const { data } = (await signIn.json()) as { data: { token: string; user: { company: { id: number } } } };
    const headers = { authorization: `Bearer ${data.token}`, 'accept-language': 'en' };
    const first = (await (await fetch(`${server.url}/api/compliance?perPage=20`, { headers })).json()) as { counts: Record<string, number> };
    console.log(`[${kind}] the large tenant's counts: ${JSON.stringify(first.counts)}`);
    const cases: Record<string, LoadCase & { budget: number | null }> = {
      'page 1 with counts': { url: `${server.url}/api/compliance?page=1&perPage=20`, budget: BUDGET_P99_MS },
      'expired tab': { url: `${server.url}/api/compliance?state=expired&perPage=20`, budget: BUDGET_P99_MS },
      'expiring tab': { url: `${server.url}/api/compliance?state=expiring&perPage=20`, budget: BUDGET_P99_MS },
      'missing tab': { url: `${server.url}/api/compliance?state=missing&perPage=20`, budget: BUDGET_P99_MS },
      vehicles: { url: `${server.url}/api/compliance?subject_type=vehicle&perPage=20`, budget: BUDGET_P99_MS },
      'one company': { url: `${server.url}/api/compliance?company_id=${data.user.company.id}&perPage=20`, budget: BUDGET_P99_MS },
      '90 days': { url: `${server.url}/api/compliance?within_days=90&perPage=20`, budget: BUDGET_P99_MS },
      'page 10': { url: `${server.url}/api/compliance?page=10&perPage=20`, budget: BUDGET_P99_MS },
      // The header's bell: every signed-in page asks for it.
      'the bell': { url: `${server.url}/api/notifications`, budget: BUDGET_P99_MS },
    };
    const rows: string[] = [];
    for (const [name, target] of Object.entries(cases)) {
      for (const connections of [1, 10]) {
        const result = await load({ ...target, headers: { ...headers, ...target.headers } }, connections, Number(args.duration));
        const row = line(kind, name, connections, result, target.budget);
        console.log(row);
        rows.push(row);
      }
    }
    // Pages and counts are kept in memory until a record changes (server/compliance/page-cache.ts): the cases
    // above read what is kept. While someone saves records, each save drops it and the next request reads afresh.
    for (const [name, every] of [
      ['page 1, a save every 500 ms', 500],
      ['page 1, a save every 100 ms', 100],
    ] as const) {
      const stopSaving = keepSaving(server.url, headers, every);
      try {
        for (const connections of [1, 10]) {
          const result = await load({ url: `${server.url}/api/compliance?page=1&perPage=20`, headers }, connections, Number(args.duration));
          const row = line(kind, name, connections, result, BUDGET_P99_MS);
          console.log(row);
          rows.push(row);
        }
      } finally {
        console.log(`[${kind}] ${name}: ${await stopSaving()} saves`);
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  const all: string[] = [];
  for (const kind of args.databases.split(',').map((name) => name.trim()) as Kind[]) all.push(...(await bench(kind)));
  console.log(`\nGET /api/compliance at ${seedArgs.join(' ')}, ${args.duration} s a case (budget: p99 ≤ ${BUDGET_P99_MS} ms at c=10)`);
  for (const row of all) console.log(row);
}

if (isMain) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
