/** bench/RESULTS.md: conditions, every figure, and each budget of issue 5 marked met or not met. */
import fs from 'node:fs';
import path from 'node:path';
import { appendedSections } from './appended-results';
import type { LoadResult, ProbeResult } from './load';
import { ROOT } from './processes';
import type { WebResult } from './web';

export interface CaseRow {
  name: string;
  concurrency: number;
  ours: LoadResult;
  floor: LoadResult;
}

export interface BenchRun {
  kind: 'pglite' | 'postgres';
  /** seed:bulk sizes this database was measured with. */
  sizes: Record<string, string>;
  /** When this database's measurement started (ISO), and the load average (1, 5, 15 min) before and after it. */
  started: string;
  loadBefore: number[];
  loadAfter: number[];
  /** CPU time stolen by the hypervisor during the run, % (Linux /proc/stat), when known. */
  stealPercent?: number;
  rows: CaseRow[];
  health: ProbeResult;
  idleHealth: ProbeResult;
  memory: { serverPeak: number; childrenPeak: number; totalPeak: number };
  web: WebResult | null;
  /** When the web figures were taken again alone (`--web-only`), if they were. */
  webMeasuredAt?: string;
}

export interface BenchReport {
  started: Date;
  machine: Record<string, string>;
  sizes: Record<string, string>;
  seconds: number;
  deepPage: number;
  runs: BenchRun[];
}

const CASE_LABELS: Record<string, string> = {
  list: 'orders list, first page + total',
  deep: 'deep page (by cursor)',
  jump: 'deep page by number (jump)',
  search: 'text search',
  show: 'show',
  create: 'create',
  update: 'update',
};

const mb = (bytes: number) => bytes / 2 ** 20;
const loadOf = (values: number[] | undefined) => (values ? values.map((value) => value.toFixed(2)).join(', ') : 'not recorded');
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

interface Budget {
  name: string;
  budget: string;
  measured: string;
  met: boolean | null;
  by: string;
}

/** A case whose load completed no request has no latency: a p99 of "0" must not pass a budget. */
function find(run: BenchRun | undefined, name: string, concurrency: number): CaseRow | undefined {
  const row = run?.rows.find((candidate) => candidate.name === name && candidate.concurrency === concurrency);
  if (row && row.ours.requests === 0) return { ...row, ours: { ...row.ours, p50: Number.POSITIVE_INFINITY, p99: Number.POSITIVE_INFINITY } };
  return row;
}

function margin(value: number, limit: number, unit: string, higherIsBetter = false): string {
  if (!Number.isFinite(value)) return '';
  const met = higherIsBetter ? value >= limit : value <= limit;
  const difference = Math.abs(value - limit);
  return met ? `${fixed(difference, unit === '' ? 2 : 1)}${unit} to spare` : `${fixed(difference, unit === '' ? 2 : 1)}${unit} over`;
}

function budgets(report: BenchReport): Budget[] {
  const postgres = report.runs.find((run) => run.kind === 'postgres');
  const pglite = report.runs.find((run) => run.kind === 'pglite');
  // The latest web measurement when saved runs carry more than one.
  const web = [...report.runs].filter((run) => run.web).sort((a, b) => String(b.started).localeCompare(String(a.started)))[0]?.web ?? null;
  const list: Budget[] = [];
  const listRow = find(postgres, 'list', 10);
  if (listRow) {
    const ratio = listRow.ours.rps / Math.max(1, listRow.floor.rps);
    list.push({
      name: 'orders list page with total, PostgreSQL, c=10',
      budget: 'p99 ≤ 25 ms and ≥ 0.9 × floor req/s',
      measured: `p99 ${listRow.ours.p99} ms, ${fixed(listRow.ours.rps)} req/s = ${fixed(ratio, 2)} × floor (${fixed(listRow.floor.rps)})`,
      met: listRow.ours.p99 <= 25 && ratio >= 0.9,
      by: `p99 ${margin(listRow.ours.p99, 25, ' ms')}; ratio ${margin(ratio, 0.9, '', true)}`,
    });
  }
  // The deep-page budget is the page a person reaches paging forward (by cursor); the jump by number is in the tables.
  for (const name of ['deep', 'search'] as const) {
    for (const run of [postgres, pglite]) {
      const row = find(run, name, 10);
      if (!row) continue;
      list.push({
        name: `${CASE_LABELS[name]}, ${run?.kind === 'postgres' ? 'PostgreSQL' : 'embedded'}, c=10`,
        budget: 'p99 ≤ 50 ms',
        measured: `p99 ${row.ours.p99} ms`,
        met: row.ours.p99 <= 50,
        by: margin(row.ours.p99, 50, ' ms'),
      });
    }
  }
  for (const name of ['create', 'update'] as const) {
    const row = find(postgres, name, 10);
    if (row)
      list.push({
        name: `${name}, PostgreSQL, c=10`,
        budget: 'p99 ≤ 15 ms',
        measured: `p99 ${row.ours.p99} ms`,
        met: row.ours.p99 <= 15,
        by: margin(row.ours.p99, 15, ' ms'),
      });
  }
  if (pglite)
    list.push({
      name: '/api/health while the list is under load, embedded',
      budget: 'p99 ≤ 5 ms',
      measured: `p99 ${fixed(pglite.health.p99, 1)} ms (p50 ${fixed(pglite.health.p50, 1)} ms)`,
      met: pglite.health.p99 <= 5,
      by: margin(pglite.health.p99, 5, ' ms'),
    });
  if (postgres)
    list.push({
      name: 'server memory under load, PostgreSQL',
      budget: '≤ 300 MB',
      measured: `${fixed(mb(postgres.memory.serverPeak))} MB`,
      met: mb(postgres.memory.serverPeak) <= 300,
      by: margin(mb(postgres.memory.serverPeak), 300, ' MB'),
    });
  if (pglite)
    list.push({
      name: 'server memory under load, embedded (both processes)',
      budget: '≤ 700 MB',
      measured: `${fixed(mb(pglite.memory.totalPeak))} MB (server ${fixed(mb(pglite.memory.serverPeak))} + PGlite ${fixed(mb(pglite.memory.childrenPeak))})`,
      met: mb(pglite.memory.totalPeak) <= 700,
      by: margin(mb(pglite.memory.totalPeak), 700, ' MB'),
    });
  if (web) {
    list.push({
      name: '/login JavaScript',
      budget: '≤ 200 KB gzip',
      measured: `${fixed(web.loginJsKb, 1)} KB in Chromium (${fixed(web.loginJsManifestKb, 1)} KB by the manifest)`,
      met: web.loginJsKb <= 200,
      by: margin(web.loginJsKb, 200, ' KB'),
    });
    const ready = [...web.ordersReadyMs].sort((a, b) => a - b)[1] ?? NaN;
    list.push({
      name: 'orders page ready after navigation (large tenant)',
      budget: '≤ 1.5 s',
      measured: `${fixed(ready)} ms (median of ${web.ordersReadyMs.map((value) => fixed(value)).join(', ')})`,
      met: ready <= 1500,
      by: margin(ready, 1500, ' ms'),
    });
    list.push({
      name: 'Lighthouse performance, /login (desktop)',
      budget: '≥ 90',
      measured: fixed(web.lighthouseLogin),
      met: web.lighthouseLogin >= 90,
      by: margin(web.lighthouseLogin, 90, ' points', true),
    });
    list.push({
      name: 'Lighthouse performance, / signed in (desktop)',
      budget: '≥ 90',
      measured: fixed(web.lighthouseHome),
      met: web.lighthouseHome >= 90,
      by: margin(web.lighthouseHome, 90, ' points', true),
    });
  }
  return list;
}

export function writeResults(report: BenchReport): string {
  const lines: string[] = [];
  lines.push('# Benchmark results', '');
  lines.push('Written by `npm run bench` (bench/run.ts); run it again to refresh. Budgets: issue 5.', '');
  lines.push('## Conditions', '');
  lines.push(`- date: ${report.started.toISOString()}`);
  for (const [key, value] of Object.entries(report.machine)) lines.push(`- ${key}: ${value}`);
  for (const run of report.runs) {
    const sizes = run.sizes ?? report.sizes;
    lines.push(
      `- ${run.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: measured from ${run.started ?? report.started.toISOString()}, load average before ${loadOf(run.loadBefore)}, after ${loadOf(run.loadAfter)}${run.stealPercent === undefined ? '' : `, CPU stolen by the hypervisor ${run.stealPercent.toFixed(1)} %`}; data (seed:bulk): large tenant with ${Number(sizes.orders).toLocaleString('en')} orders, ${Number(sizes.employees).toLocaleString('en')} employees (each with a passport and an HR document with its status row), ${Number(sizes.transports).toLocaleString('en')} vehicles; ${Number(sizes.tenants) - 1} small tenants beside it`,
    );
  }
  lines.push(
    `- load: autocannon from the same machine, ${report.seconds} s per measurement after a warm-up; list cases: first page (10 rows, default order: loading date newest first) with total, page ${report.deepPage.toLocaleString('en')} reached by cursor (the nextCursor of page ${(report.deepPage - 1).toLocaleString('en')}, fetched once: a keyset page) and the same page by number (OFFSET jump, rows read from the start), search "Danube Steel"; create posts an order, update changes the price of orders made by the create runs`,
  );
  lines.push(
    "- floor: bench/floor-server.ts, Fastify + pg running the engine's very same statements (EngineStore, references check) with no auth, validation or wire shaping; on PostgreSQL both servers run at once and each case alternates between them (who goes first alternates too); on PGlite (one process per data folder) the floor runs after ours",
  );
  lines.push(
    '- servers are started as `npm start` starts them (`node --import tsx server/server.ts`), LOG_LEVEL=warn; latencies in ms (autocannon rounds to whole ms)',
  );
  lines.push('');
  lines.push('## Budgets', '');
  lines.push('| case | budget | measured | met | by |', '|---|---|---|---|---|');
  for (const budget of budgets(report))
    lines.push(`| ${budget.name} | ${budget.budget} | ${budget.measured} | ${budget.met === null ? '–' : budget.met ? 'met' : '**not met**'} | ${budget.by} |`);
  for (const run of report.runs) {
    lines.push('', `## API, ${run.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`, '');
    lines.push(
      '| case | c | req/s | p50 ms | p99 ms | floor req/s | floor p50 | floor p99 | ours/floor req/s | errors |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const row of run.rows) {
      lines.push(
        `| ${CASE_LABELS[row.name] ?? row.name} | ${row.concurrency} | ${fixed(row.ours.rps)} | ${row.ours.p50} | ${row.ours.p99} | ${fixed(row.floor.rps)} | ${row.floor.p50} | ${row.floor.p99} | ${fixed(row.ours.rps / Math.max(1, row.floor.rps), 2)} | ${row.ours.errors + row.floor.errors} |`,
      );
    }
    lines.push('');
    lines.push(
      `- /api/health under list load (c=10): p50 ${fixed(run.health.p50, 1)} ms, p99 ${fixed(run.health.p99, 1)} ms, max ${fixed(run.health.max, 1)} ms over ${run.health.count} probes; idle p99 ${fixed(run.idleHealth.p99, 1)} ms`,
    );
    lines.push(
      `- memory peaks under load: server ${fixed(mb(run.memory.serverPeak))} MB${run.kind === 'pglite' ? `, PGlite process ${fixed(mb(run.memory.childrenPeak))} MB, both ${fixed(mb(run.memory.totalPeak))} MB` : ''}`,
    );
    if (run.web) {
      lines.push(
        '',
        `## Web app (server on ${run.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}${run.webMeasuredAt ? `, measured ${run.webMeasuredAt} with --web-only` : ''})`,
        '',
      );
      lines.push(
        `- /login JavaScript: ${fixed(run.web.loginJsKb, 1)} KB gzip loaded in Chromium; ${fixed(run.web.loginJsManifestKb, 1)} KB by scripts/measure-login-js.mjs`,
      );
      lines.push(`- / after sign-in (orders list): ${fixed(run.web.homeJsKb, 1)} KB gzip of JavaScript`);
      lines.push(
        `- navigation to the orders table rendered (first row visible), cold cache: ${run.web.ordersReadyMs.map((value) => `${fixed(value)} ms`).join(', ')}`,
      );
      lines.push(
        `- Lighthouse performance (desktop preset, Debian's Chromium): /login ${fixed(run.web.lighthouseLogin ?? NaN)}, / ${fixed(run.web.lighthouseHome ?? NaN)}`,
      );
    }
  }
  // The reading of the figures (why a budget is not met), written by hand: kept across runs.
  const notes = path.join(ROOT, 'bench/NOTES.md');
  if (fs.existsSync(notes)) lines.push('', fs.readFileSync(notes, 'utf8').trim());
  const file = path.join(ROOT, 'bench/RESULTS.md');
  // The other benches' sections (bench:import-export) are theirs to replace: keep them.
  const kept = fs.existsSync(file) ? appendedSections(fs.readFileSync(file, 'utf8')) : [];
  for (const section of kept) lines.push('', section);
  lines.push('');
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}
