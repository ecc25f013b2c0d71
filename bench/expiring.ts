/**
 * `npm run bench:expiring`: the tenant-wide expiring documents endpoint (`GET /api/hr/expiring`, HR main's
 * panel) at the issue's size: a large tenant of 100,000 employees (each with a passport and an HR document
 * whose relevant status row ends somewhere in the next four years, one in ten within a month or just past,
 * as scripts/seed/bulk.ts makes them) among small tenants, on PostgreSQL and the embedded database.
 *
 * It measures what the web app sends and what a manager does with it: the panel's first page
 * (`page=1&perPage=5`), its next page, the expired only, one company's, and a wider window of 90 days with
 * 20 a page, each at concurrency 1 and 10 with autocannon, and prints req/s, p50 and p99; and the panel while
 * an HR officer saves an employee every second (the embedded database keeps pages until the next write,
 * server/expiry/expiring-cache.ts, so this is its case of misses). Budget (issue 12):
 * p99 ≤ 50 ms at c=10. Data is kept in its own database (`fleetdesk_bench_hr`) and folder
 * (`bench/.data/pglite-hr`) and made again only when the size changes (or with --fresh).
 *
 *   npm run bench:expiring -- [--databases postgres,pglite] [--employees 100000] [--duration 10]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BULK_LOGIN, BULK_PASSWORD } from '../scripts/seed/bulk-constants';
import { load } from './load';
import { admin, ADMIN_URL, ROOT, runScript, startServer } from './processes';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres,pglite' },
    employees: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
  },
});

type Kind = 'pglite' | 'postgres';
const DATA = path.join(ROOT, 'bench/.data');
const DB = 'fleetdesk_bench_hr';
const BUDGET_P99_MS = 50;
// Orders and vehicles are not what this measures: as few as the seeder takes.
const seedArgs = ['--orders', '1000', '--employees', args.employees, '--transports', '10', '--tenants', '20'];

function envOf(kind: Kind): Record<string, string> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  return kind === 'pglite'
    ? { DATA_DIR: path.join(DATA, 'pglite-hr'), DATABASE_URL: '' }
    : { DATA_DIR: path.join(DATA, 'postgres-hr-dir'), DATABASE_URL: url.toString() };
}

async function prepare(kind: Kind) {
  const marker = path.join(DATA, `${kind}-hr.sizes.json`);
  const key = JSON.stringify(seedArgs);
  if (!args.fresh && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === key) return console.log(`[${kind}] reusing the data (${key})`);
  fs.rmSync(marker, { force: true });
  if (kind === 'pglite') fs.rmSync(path.join(DATA, 'pglite-hr'), { recursive: true, force: true });
  else {
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DB}`);
  }
  console.log(`[${kind}] seeding ${args.employees} employees…`);
  const started = Date.now();
  await runScript('scripts/seed/bulk.ts', seedArgs, envOf(kind));
  console.log(`[${kind}] seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  fs.writeFileSync(marker, key);
}

/** An HR officer saving one employee every `everyMs` (its notes change, with the record's version): every save is a write. */
function savingEmployees(url: string, headers: Record<string, string>, everyMs: number) {
  let stopped = false;
  let saves = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Awaited only by `stop`: a failed save must not end the bench before the server is stopped.
  const done = (async () => {
    const list = (await (await fetch(`${url}/api/employees?perPage=1`, { headers })).json()) as {
      data: Array<{ id: number; company_id: number; version: number }>;
    };
    const { id, company_id: companyId } = list.data[0];
    let { version } = list.data[0];
    while (!stopped) {
      await sleep(everyMs);
      const response = await fetch(`${url}/api/employees/${companyId}/update/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': 'bench' },
        body: JSON.stringify({ version, notes: `bench save ${saves + 1}` }),
      });
      if (!response.ok) throw new Error(`saving an employee answered ${response.status}: ${await response.text()}`);
      version = ((await response.json()) as { data: { version: number } }).data.version;
      saves += 1;
    }
  })().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return {
    stop: async () => {
      stopped = true;
      const failure = await done;
      if (failure) throw failure;
      return saves;
    },
  };
}

async function bench(kind: Kind) {
  await prepare(kind);
  const server = await startServer('server/server.ts', { ...envOf(kind), AUTH_RATE_LIMIT: '100000' }, '/api/health', path.join(DATA, 'servers-hr.log'));
  try {
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
      body: JSON.stringify({ login: BULK_LOGIN, password: BULK_PASSWORD }),
    });
    const { data } = (await signIn.json()) as { data: { token: string; user: { company: { id: number } } } };
    const headers = { authorization: `Bearer ${data.token}`, 'accept-language': 'en' };
    const first = (await (await fetch(`${server.url}/api/hr/expiring?page=1&perPage=100`, { headers })).json()) as { pagination: { hasMore: boolean } };
    console.log(`[${kind}] the large tenant has ${first.pagination.hasMore ? 'more than 100' : 'at most 100'} items past or within their threshold`);
    const cases: Record<string, string> = {
      'panel, page 1': 'page=1&perPage=5',
      'panel, page 2': 'page=2&perPage=5',
      'panel, page 50': 'page=50&perPage=5',
      'expired only': 'state=expired&perPage=10',
      'one company': `company_id=${data.user.company.id}&perPage=10`,
      '90 days, 20/page': 'within_days=90&perPage=20',
    };
    const rows: string[] = [];
    for (const [name, query] of Object.entries(cases)) {
      for (const connections of [1, 10]) {
        const result = await load({ url: `${server.url}/api/hr/expiring?${query}`, headers }, connections, Number(args.duration));
        const verdict = connections === 10 ? (result.p99 <= BUDGET_P99_MS ? 'met' : 'NOT met') : '';
        const row = `[${kind}] ${name.padEnd(18)} c=${String(connections).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms${result.errors ? `  errors ${result.errors}` : ''}  ${verdict}`;
        console.log(row);
        rows.push(row);
      }
    }
    for (const connections of [1, 10]) {
      const saving = savingEmployees(server.url, headers, 1000);
      const result = await load({ url: `${server.url}/api/hr/expiring?page=1&perPage=5`, headers }, connections, Number(args.duration));
      const saves = await saving.stop();
      const verdict = connections === 10 ? (result.p99 <= BUDGET_P99_MS ? 'met' : 'NOT met') : '';
      const row = `[${kind}] ${'panel, saves 1/s'.padEnd(18)} c=${String(connections).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms${result.errors ? `  errors ${result.errors}` : ''}  ${verdict} (${saves} saves)`;
      console.log(row);
      rows.push(row);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  fs.mkdirSync(DATA, { recursive: true });
  const all: string[] = [];
  for (const kind of args.databases.split(',').map((name) => name.trim()) as Kind[]) all.push(...(await bench(kind)));
  console.log(`\nGET /api/hr/expiring, ${args.employees} employees, ${args.duration} s a case (budget: p99 ≤ ${BUDGET_P99_MS} ms at c=10)`);
  for (const row of all) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
