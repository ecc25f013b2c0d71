/**
 * `npm run bench:import-export`: issue 15's two budgets on the full-size data (`fleetdesk_bench_full`, made by
 * bench/compliance.ts: a large tenant of 1,000,000 orders among 199 small tenants).
 *
 * Export (point 1: the large tenant's 1,000,000 orders must not be held in memory; server RSS growth
 * ≤ 100 MB during the export, time noted): `GET /api/orders/export?format=csv|xlsx` as the large tenant's
 * owner, for (a) every order in the list's default order, (b) a date range and a search as the web app sends
 * them, (c) sorted by price, (d) a small tenant's orders. The answer is counted as it streams and never kept;
 * the server process's RSS is read from /proc every 100 ms, its baseline over the second before each export.
 *
 * Import (point 2: 10,000 rows in under a minute on PostgreSQL): a CSV of 10,000 orders and one of 10,000
 * employees for a small tenant, referring to its own vehicles, trailers, drivers and company by label (taken
 * from its lists through the API), sent to `POST /api/orders/import` and `/api/employees/import` as a dry run
 * and for real (`mode=all`). What was imported is deleted afterwards, so every run starts from the same data.
 *
 *   npm run bench:import-export -- [--databases postgres[,pglite]] [--only export|import] [--formats csv,xlsx]
 *     [--cases all,filtered,sorted,small] [--rows 10000] [--export-tenant bulk.small.0001] [--import-tenant bulk.small.0002]
 *     [--node-options=--max-old-space-size=96]
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BULK_LOGIN, BULK_PASSWORD, SMALL_PASSWORD } from '../scripts/seed/bulk-constants';
import { writeAppendedSection } from './appended-results';
import { fullSizeEnv, prepareFullSize } from './compliance';
import { measureExport, type ExportFormat, type ExportMeasure } from './export-measure';
import { employeesCsv, ordersCsv, tenantLabels } from './import-files';
import { deleteImported, measureImport, tenantOfLogin, type ImportMeasure } from './import-measure';
import { ROOT, startServer } from './processes';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres' },
    only: { type: 'string', default: '' },
    formats: { type: 'string', default: 'csv,xlsx' },
    cases: { type: 'string', default: 'all,filtered,sorted,small' },
    rows: { type: 'string', default: '10000' },
    'export-tenant': { type: 'string', default: 'bulk.small.0001' },
    'import-tenant': { type: 'string', default: 'bulk.small.0002' },
    // NODE_OPTIONS of the server, to tell garbage from kept rows (e.g. --max-old-space-size=96: kept rows fail).
    'node-options': { type: 'string', default: '' },
  },
});

type Kind = 'pglite' | 'postgres';
const DATA = path.join(ROOT, 'bench/.data');
const GROWTH_BUDGET_MB = 100;
const IMPORT_BUDGET_S = 60;
const mb = (bytes: number) => bytes / 2 ** 20;
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface ExportCase {
  name: string;
  label: string;
  query: string;
  small?: boolean;
}

// (b) is what the order search page sends with its date range and free text filled in.
const EXPORT_CASES: ExportCase[] = [
  { name: 'all', label: '(a) all orders, default order', query: '' },
  { name: 'filtered', label: '(b) last 365 days, search "Danube"', query: `&loading_date_from=${day(-365)}&loading_date_to=${day(0)}&search=Danube` },
  { name: 'sorted', label: '(c) all orders by price, ascending', query: '&sort=price&order=asc' },
  { name: 'small', label: "(d) a small tenant's orders", query: '', small: true },
];

interface ExportRow {
  kind: Kind;
  label: string;
  format: ExportFormat;
  result: ExportMeasure;
}

interface ImportRow {
  kind: Kind;
  label: string;
  result: ImportMeasure;
}

async function signIn(base: string, login: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ login, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${login} answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}`, 'accept-language': 'en' };
}

function exportLine(row: ExportRow): string {
  const { result } = row;
  const growth = mb(result.peak - result.baseline);
  const head = `[${row.kind}] ${row.label.padEnd(38)} ${row.format.padEnd(4)}`;
  if (result.status !== 200)
    return `${head} ${result.status ? `answered ${result.status}` : 'failed'} after ${result.seconds.toFixed(1)} s: ${result.error?.slice(0, 300) ?? ''}`;
  const announced = result.announcedRows === result.rows ? '' : `  (X-Export-Rows ${result.announcedRows ?? 'missing'})`;
  return (
    `${head} ${result.rows.toLocaleString('en').padStart(9)} rows ${mb(result.bytes).toFixed(1).padStart(7)} MB ${result.seconds.toFixed(1).padStart(6)} s ` +
    `${Math.round(result.rows / result.seconds)
      .toLocaleString('en')
      .padStart(7)} rows/s  server CPU ${result.serverCpu.toFixed(1)} s  ` +
    `RSS ${mb(result.baseline).toFixed(0)} → ${mb(result.peak).toFixed(0)} MB (+${growth.toFixed(0)} MB)` +
    `${result.childrenPeak ? `  database process ${mb(result.childrenPeak).toFixed(0)} MB` : ''}  ${growth <= GROWTH_BUDGET_MB ? 'met' : 'NOT met'}${announced}`
  );
}

function importLine(row: ImportRow): string {
  const { result } = row;
  const head = `[${row.kind}] ${row.label.padEnd(30)}`;
  if (!result.answer)
    return `${head} ${result.status ? `answered ${result.status}` : 'failed'} after ${result.seconds.toFixed(1)} s: ${result.error?.slice(0, 300) ?? ''}  NOT met`;
  const { answer } = result;
  const errors = answer.errors.length + answer.more_errors;
  const complete = errors === 0 && (answer.dry_run ? answer.valid === answer.rows : answer.created === answer.rows);
  const verdict = result.seconds < IMPORT_BUDGET_S && complete ? 'met' : complete ? 'NOT met' : 'NOT met (rows refused)';
  const firstErrors = answer.errors
    .slice(0, 3)
    .map((error) => `row ${error.row} ${error.field}: ${error.message}`)
    .join('; ');
  return (
    `${head} ${answer.rows.toLocaleString('en').padStart(6)} rows  ${answer.valid.toLocaleString('en')} valid  ${answer.created.toLocaleString('en')} created  ` +
    `${errors} errors  ${result.seconds.toFixed(1).padStart(5)} s  ${Math.round(answer.rows / result.seconds).toLocaleString('en')} rows/s  server CPU ${result.serverCpu.toFixed(1)} s  ${verdict}` +
    `${firstErrors ? `  (${firstErrors})` : ''}`
  );
}

async function exports(kind: Kind, base: string, pid: number, large: Record<string, string>, small: Record<string, string>): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  const url = (format: ExportFormat, query: string) => `${base}/api/orders/export?format=${format}${query}`;
  // Warm-up, not measured: the first export loads the CSV and XLSX writers and compiles the route's code.
  for (const format of list(args.formats) as ExportFormat[]) await measureExport(url(format, ''), small, pid, format);
  for (const exportCase of EXPORT_CASES.filter((candidate) => list(args.cases).includes(candidate.name))) {
    for (const format of list(args.formats) as ExportFormat[]) {
      const result = await measureExport(url(format, exportCase.query), exportCase.small ? small : large, pid, format);
      rows.push({ kind, label: exportCase.label, format, result });
      console.log(exportLine(rows.at(-1) as ExportRow));
    }
  }
  return rows;
}

async function imports(kind: Kind, base: string, pid: number, headers: Record<string, string>): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  const labels = await tenantLabels(base, headers);
  const count = Number(args.rows);
  console.log(
    `[${kind}] import tenant ${args['import-tenant']}: ${labels.vehicles.length} vehicle labels, ${labels.trailers.length} trailers, ${labels.drivers.length} drivers, ${labels.companies.length} companies`,
  );
  const files = [
    { resource: 'orders', file: { name: 'orders.csv', content: ordersCsv(count, labels) } },
    { resource: 'employees', file: { name: 'employees.csv', content: employeesCsv(count, labels) } },
  ];
  for (const { resource, file } of files) {
    for (const dryRun of [true, false]) {
      const result = await measureImport(pid, `${base}/api/${resource}/import`, headers, file, dryRun);
      rows.push({ kind, label: `${resource}, ${dryRun ? 'dry run' : 'import (mode=all)'}`, result });
      console.log(importLine(rows.at(-1) as ImportRow));
    }
  }
  return rows;
}

async function bench(kind: Kind) {
  await prepareFullSize(kind);
  const env = fullSizeEnv(kind);
  const importTenant = await tenantOfLogin(env, args['import-tenant']);
  // What an interrupted run left behind.
  const leftovers = await deleteImported(env, importTenant);
  if (leftovers > 0) console.log(`[${kind}] deleted ${leftovers} records an earlier run had imported`);
  const started = new Date().toISOString();
  const loadBefore = os.loadavg();
  const nodeOptions: Record<string, string> = args['node-options'] ? { NODE_OPTIONS: args['node-options'] } : {};
  const server = await startServer(
    'server/server.ts',
    { ...env, ...nodeOptions, AUTH_RATE_LIMIT: '100000' },
    '/api/health',
    path.join(DATA, 'servers-import-export.log'),
  );
  let exported: ExportRow[] = [];
  let imported: ImportRow[] = [];
  try {
    const large = await signIn(server.url, BULK_LOGIN, BULK_PASSWORD);
    const small = await signIn(server.url, args['export-tenant'], SMALL_PASSWORD);
    if (args.only !== 'import') exported = await exports(kind, server.url, server.pid, large, small);
    if (args.only !== 'export') imported = await imports(kind, server.url, server.pid, await signIn(server.url, args['import-tenant'], SMALL_PASSWORD));
  } finally {
    await server.stop();
    const deleted = await deleteImported(env, importTenant);
    if (deleted > 0) console.log(`[${kind}] deleted the ${deleted} records this run imported`);
  }
  return { kind, started, loadBefore, loadAfter: os.loadavg(), exported, imported };
}

function resultsSection(runs: Array<Awaited<ReturnType<typeof bench>>>): string[] {
  const lines = ['', `## Import and export (issue 15), \`npm run bench:import-export\``, ''];
  for (const run of runs) {
    const where = run.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite';
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    lines.push(
      `- ${where}: measured from ${run.started}, load average before ${load(run.loadBefore)}, after ${load(run.loadAfter)}${args['node-options'] ? `; server NODE_OPTIONS=${args['node-options']}` : ''}`,
    );
  }
  lines.push(
    `- export: streamed and counted by the bench, never kept; server RSS from /proc every 100 ms, baseline the median of the second before; budget: growth ≤ ${GROWTH_BUDGET_MB} MB`,
    `- import: ${Number(args.rows).toLocaleString('en')} rows of CSV for tenant ${args['import-tenant']}, references by label, \`mode=all\`; budget: < ${IMPORT_BUDGET_S} s on PostgreSQL`,
    '',
    '| database | export | format | rows | MB | s | rows/s | server CPU s | RSS before MB | peak MB | growth MB | met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const run of runs) {
    for (const row of run.exported) {
      const { result } = row;
      const growth = mb(result.peak - result.baseline);
      lines.push(
        result.status === 200
          ? `| ${run.kind} | ${row.label} | ${row.format} | ${result.rows.toLocaleString('en')} | ${mb(result.bytes).toFixed(1)} | ${result.seconds.toFixed(1)} | ${Math.round(result.rows / result.seconds).toLocaleString('en')} | ${result.serverCpu.toFixed(1)} | ${mb(result.baseline).toFixed(0)} | ${mb(result.peak).toFixed(0)} | ${growth.toFixed(0)} | ${growth <= GROWTH_BUDGET_MB ? 'met' : '**not met**'} |`
          : `| ${run.kind} | ${row.label} | ${row.format} | answered ${result.status} | | ${result.seconds.toFixed(1)} | | | ${mb(result.baseline).toFixed(0)} | ${mb(result.peak).toFixed(0)} | ${growth.toFixed(0)} | **not met** |`,
      );
    }
  }
  lines.push('', '| database | import | rows | valid | created | errors | s | rows/s | server CPU s | met |', '|---|---|---|---|---|---|---|---|---|---|');
  for (const run of runs) {
    for (const row of run.imported) {
      const { answer, seconds } = row.result;
      if (!answer) lines.push(`| ${run.kind} | ${row.label} | answered ${row.result.status} | | | | ${seconds.toFixed(1)} | | | **not met** |`);
      else {
        const errors = answer.errors.length + answer.more_errors;
        const met = seconds < IMPORT_BUDGET_S && errors === 0;
        lines.push(
          `| ${run.kind} | ${row.label} | ${answer.rows.toLocaleString('en')} | ${answer.valid.toLocaleString('en')} | ${answer.created.toLocaleString('en')} | ${errors} | ${seconds.toFixed(1)} | ${Math.round(answer.rows / seconds).toLocaleString('en')} | ${row.result.serverCpu.toFixed(1)} | ${met ? 'met' : '**not met**'} |`,
        );
      }
    }
  }
  return lines;
}

async function main() {
  const runs = [];
  for (const kind of list(args.databases) as Kind[]) runs.push(await bench(kind));
  console.log(`\nImport and export at the full size (budgets: export RSS growth ≤ ${GROWTH_BUDGET_MB} MB, import < ${IMPORT_BUDGET_S} s)`);
  for (const run of runs) for (const row of run.exported) console.log(exportLine(row));
  for (const run of runs) for (const row of run.imported) console.log(importLine(row));
  console.log(`written to ${writeAppendedSection('import-export', resultsSection(runs))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
