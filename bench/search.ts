/**
 * `npm run bench:search`: list search at the bench's full size (issue 16, point 1), on PostgreSQL and the embedded
 * database: the large tenant's 1,000,000 orders and 100,000 employees, and a small tenant of 2,000 orders beside
 * it (`bulk.small.0001`; the bench gives it 1,940 orders more, text and dates copied from the large tenant's,
 * once). Data: `fleetdesk_bench_full` and `bench/.data/pglite-full`, made by bench:compliance's seed when missing.
 *
 * Requests are the web app's (src/providers/data-provider.ts `listQuery`): `page`, `perPage`, the list's sort,
 * `search` (URLSearchParams, a space as `+`), and the next page by its `cursor`. Cases:
 * - the same search again ("Danube Steel"): its total is kept after the first request (engine/list-totals.ts);
 * - its second page, by the cursor of the first;
 * - a new search every request: the customer names (or the employees' 1,600 names), then each with one word cut
 *   short as a user types part of a name, each asked once per run, so no total is kept: what a search costs the
 *   first time (a case that runs out of them says how many it asked again);
 * - the second page of a new search, as a user turns it: the first pages of the last 200 customer names are asked
 *   before the cases (their totals and matches are then kept, as after a user's first page), and each request turns
 *   one of them by its cursor; it runs before the case of a new name each time, which asks only the other names;
 * - the small tenant's search;
 * - a search matching most orders ("a"), whose total stops at 10,000;
 * - a column header clicked: "Danube Steel" sorted by customer, either way (its matches lie together in that order,
 *   past every customer from A to C, or from Z to E), and the orders by price descending (no search: the field's
 *   one index is ascending);
 * - the employees' list (100,000 in the large tenant) as the web app asks it: its first page on the opening tab
 *   (`category=staff`) and, beside it, its tabs' counts (`/employees/counts?by=category`); opened, with its panels
 *   ("Last updated", by `updated_at`, and the expiring documents); searched again; searched for a new name each
 *   time. The connections send a screen's requests in turn.
 * Budget: p99 ≤ 50 ms at c=10 in the large tenant, ≤ 5 ms in the small one.
 *
 *   npm run bench:search -- [--databases postgres,pglite] [--duration 10] [--only <part of a case's name>] [--prepare-only]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildModel } from '../server/engine/model';
import { ensureTables } from '../server/engine/storage';
import { openDatabase } from '../server/db/database';
import { analyzeAfter, writeFingerprint } from '../server/db/start-up-ddl';
import { resources } from '../resources/index';
import { BULK_LOGIN, BULK_PASSWORD, SMALL_PASSWORD } from '../scripts/seed/bulk-constants';
import { customerName, CUSTOMER_COUNT, FIRST_NAMES, LAST_NAMES } from '../scripts/seed/data';
import { fullSizeEnv, prepareFullSize } from './compliance';
import { load, type LoadCase } from './load';
import { ROOT, startServer } from './processes';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres,pglite' },
    duration: { type: 'string', default: '10' },
    'prepare-only': { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});

type Kind = 'pglite' | 'postgres';
const SMALL_LOGIN = 'bulk.small.0001';
const SMALL_SIZE = 2_000;

/** The web app's list query (data-provider.ts listQuery). */
function listQuery(search: string, sort: string, order: 'asc' | 'desc', page = 1, perPage = 10): string {
  return new URLSearchParams({ page: String(page), perPage: String(perPage), sort, order, search }).toString();
}

/**
 * Before the server starts: the small tenant gets its 2,000 orders, and the engine's tables and indexes are made
 * (the search index over a million orders takes minutes: longer than the bench waits for a server to answer).
 */
async function prepare(kind: Kind) {
  await prepareFullSize(kind);
  const env = fullSizeEnv(kind);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR });
  try {
    const long = (text: string, values: unknown[] = []) =>
      database.pool.query({ text, values, query_timeout: 3_600_000 } as { text: string; values: unknown[] });
    const { rows } = await database.pool.query<{ tenant_id: string; orders: string }>(
      `SELECT u.tenant_id, (SELECT count(*) FROM r_orders o WHERE o.tenant_id = u.tenant_id) AS orders FROM users u WHERE u.login = $1`,
      [SMALL_LOGIN],
    );
    const small = rows[0];
    if (Number(small.orders) < SMALL_SIZE) {
      await long(
        `INSERT INTO r_orders (tenant_id, data)
         SELECT $1, jsonb_strip_nulls(jsonb_build_object('cargo_number', data->'cargo_number', 'customer', data->'customer',
                'dispatcher', data->'dispatcher', 'loading_address', data->'loading_address', 'unloading_address', data->'unloading_address',
                'loading_date', data->'loading_date', 'unloading_date', data->'unloading_date', 'price', data->'price'))
           FROM r_orders WHERE tenant_id = (SELECT tenant_id FROM users WHERE login = $2) ORDER BY id LIMIT $3`,
        [small.tenant_id, BULK_LOGIN, SMALL_SIZE - Number(small.orders)],
      );
      await long('ANALYZE r_orders');
      console.log(`[${kind}] the small tenant now has ${SMALL_SIZE} orders`);
    }
    const started = Date.now();
    // What the server would build concurrently after its start (PostgreSQL) is built here, before it: the bench must
    // not measure a search while its index is being made.
    const deferred = await ensureTables(database, buildModel(resources));
    for (const index of deferred?.indexes ?? []) {
      await long(index.sql);
      if (analyzeAfter(index)) await long(`ANALYZE "${index.table}"`);
    }
    if (deferred && deferred.indexes.length > 0) await writeFingerprint(database.pool, deferred.stateKey, deferred.fingerprint);
    // A table the start-up DDL rewrote (a new stored column), vacuumed as the server would after its builds.
    for (const table of deferred?.vacuum ?? []) await long(`VACUUM (ANALYZE) "${table}"`);
    const seconds = (Date.now() - started) / 1000;
    if (seconds > 1) console.log(`[${kind}] the engine's tables and indexes made in ${seconds.toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

async function signIn(url: string, login: string, password: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ login, password }),
  });
  if (!response.ok) throw new Error(`sign-in ${login}: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}`, 'accept-language': 'en' };
}

/** The variants of a name a user types part of: one word cut to each of its prefixes of three letters or more. */
function shortened(name: string): string[] {
  const words = name.split(' ');
  return words.flatMap((word, at) =>
    Array.from({ length: Math.max(0, word.length - 3) }, (_, cut) => [...words.slice(0, at), word.slice(0, 3 + cut), ...words.slice(at + 1)].join(' ')),
  );
}

/**
 * Searches asked for the first time while a run lasts: the names, then their shortened variants (`shortened`), one
 * each call. A fast case asks more than there are (the employees' 1,600 names go in a second on PostgreSQL): after
 * that each is asked again, its total and matches may be kept, and the case measures less than its name says, so
 * those are counted (`repeats`) and printed beside its figures.
 */
class NewSearches {
  private readonly texts: string[];
  private asked = 0;

  constructor(names: string[]) {
    this.texts = [...new Set([...names, ...names.flatMap(shortened)])];
  }

  take(): string {
    return this.texts[this.asked++ % this.texts.length];
  }

  get repeats(): number {
    return Math.max(0, this.asked - this.texts.length);
  }
}

/** Each call a search of `searches` asked for the first time. */
function everyTime(url: string, searches: NewSearches, query: (text: string) => string): LoadCase {
  return { url, next: () => ({ path: `/api/${query(searches.take())}` }) };
}

const employeesSearch = (text: string): Record<string, string> => (text ? { search: text } : {});
/** The employees' first page on the list's opening tab, as the web app asks it (data-provider.ts, list-tabs.ts). */
const employeesPage = (text: string) =>
  `/api/employees?${new URLSearchParams({ page: '1', perPage: '10', sort: 'last_name', order: 'asc', category: 'staff', ...employeesSearch(text) })}`;
/** The counts of the list's tabs beside it (src/crud/use-tab-counts.ts). */
const employeesTabCounts = (text: string) => `/api/employees/counts?${new URLSearchParams({ by: 'category', ...employeesSearch(text) })}`;
/** The list's panels (src/crud/panels/), asked once as it opens: "Last updated" and the expiring documents. */
const EMPLOYEES_PANELS = ['/api/employees?page=1&perPage=5&sort=updated_at&order=desc', '/api/hr/expiring?page=1&perPage=5'];

/**
 * The requests a screen sends at once, in turn, each connection the next of them: `requestsOf` a search (`text()`,
 * asked again when they are all sent). Load tools send one request at a time, the browser these together.
 */
function screenRequests(url: string, text: () => string, requestsOf: (text: string) => string[]): LoadCase {
  let pending: string[] = [];
  return {
    url,
    next: () => {
      if (pending.length === 0) pending = requestsOf(text());
      return { path: pending.shift() as string };
    },
  };
}

/** Opening the employees' list: its first page, its tabs' counts and its panels. */
const employeesOpened = (url: string) =>
  screenRequests(
    url,
    () => '',
    (text) => [employeesPage(text), employeesTabCounts(text), ...EMPLOYEES_PANELS],
  );
/** A search in it: the page and the tabs' counts again (the panels do not follow the search). */
const employeesSearched = (url: string, text: () => string) => screenRequests(url, text, (asked) => [employeesPage(asked), employeesTabCounts(asked)]);

/** How many customer names the case of a new search's second page turns (kept out of the case of a new name each time). */
const TURNED_NAMES = 200;

/** Each name's second page, by the cursor its first page gives (asked here, so its total is kept as a user's would be). */
async function secondPagesOf(url: string, headers: Record<string, string>, names: string[], orders: (text: string, page?: number) => string) {
  const paths: string[] = [];
  for (const name of names) {
    const response = await fetch(`${url}/api/${orders(name)}`, { headers });
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    const { pagination } = (await response.json()) as { pagination: { nextCursor: string | null } };
    if (pagination.nextCursor) paths.push(`/api/${orders(name, 2)}&cursor=${encodeURIComponent(pagination.nextCursor)}`);
  }
  if (paths.length === 0) throw new Error('no customer name has a second page');
  return paths;
}

/** Each call the next of `paths`, round and round. */
function cycle(paths: string[]): LoadCase['next'] {
  let next = 0;
  return () => ({ path: paths[next++ % paths.length] });
}

const line = (kind: Kind, name: string, connections: number, result: Awaited<ReturnType<typeof load>>, budget: number, repeats: number) =>
  `[${kind}] ${name.padEnd(50)} c=${String(connections).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(4)} ms${result.errors ? `  errors ${result.errors}` : ''}${connections === 10 ? (result.p99 <= budget ? '  met' : '  NOT met') : ''}${repeats ? `  (${repeats} searches asked again)` : ''}`;

async function bench(kind: Kind): Promise<string[]> {
  await prepare(kind);
  if (args['prepare-only']) return [];
  const server = await startServer(
    'server/server.ts',
    { ...fullSizeEnv(kind), AUTH_RATE_LIMIT: '100000' },
    '/api/health',
    path.join(ROOT, 'bench/.data/servers-search.log'),
  );
  try {
    const large = await signIn(server.url, BULK_LOGIN, BULK_PASSWORD);
    const small = await signIn(server.url, SMALL_LOGIN, SMALL_PASSWORD);
    const orders = (text: string, page = 1) => `orders?${listQuery(text, 'loading_date', 'desc', page)}`;
    const first = (await (await fetch(`${server.url}/api/${orders('Danube Steel')}`, { headers: large })).json()) as {
      pagination: { total: number; nextCursor: string };
    };
    const customers = Array.from({ length: CUSTOMER_COUNT }, (_, index) => customerName(index));
    const turned = customers.splice(-TURNED_NAMES);
    const secondPages = await secondPagesOf(server.url, large, turned, orders);
    const people = new NewSearches(FIRST_NAMES.flatMap((name) => LAST_NAMES.map((last) => `${name} ${last}`)));
    const newCustomers = new NewSearches(customers);
    const smallCustomers = new NewSearches(customers);
    const cases: Array<[string, LoadCase, number, NewSearches?]> = (
      [
        ['orders, "Danube Steel" again', { url: `${server.url}/api/${orders('Danube Steel')}`, headers: large }, 50],
        [
          'orders, "Danube Steel" page 2 (cursor)',
          { url: `${server.url}/api/${orders('Danube Steel', 2)}&cursor=${encodeURIComponent(first.pagination.nextCursor)}`, headers: large },
          50,
        ],
        ['orders, a new customer name, page 2 (cursor)', { url: server.url, next: cycle(secondPages), headers: large }, 50],
        ['orders, a new customer name each time', { ...everyTime(server.url, newCustomers, orders), headers: large }, 50, newCustomers],
        ['orders, "a" (most orders; total capped)', { url: `${server.url}/api/${orders('a')}`, headers: large }, 50],
        // A column header clicked: a search in a searched field's order, its matches together there; a descending order.
        ['orders, "Danube Steel" by customer', { url: `${server.url}/api/orders?${listQuery('Danube Steel', 'customer', 'asc')}`, headers: large }, 50],
        ['orders, "Danube Steel" by customer desc', { url: `${server.url}/api/orders?${listQuery('Danube Steel', 'customer', 'desc')}`, headers: large }, 50],
        ['orders by price desc (no search)', { url: `${server.url}/api/orders?page=1&perPage=10&sort=price&order=desc`, headers: large }, 50],
        ['small tenant: orders, "Danube Steel"', { url: `${server.url}/api/${orders('Danube Steel')}`, headers: small }, 5],
        ['small tenant: a new customer name each time', { ...everyTime(server.url, smallCustomers, orders), headers: small }, 5, smallCustomers],
        // The employees' list opens on its first tab, and the web app asks its tabs' counts beside each page.
        ['employees opened: page, tab counts, panels', { ...employeesOpened(server.url), headers: large }, 50],
        ['employees, "Olena Melnyk" again: page, tab counts', { ...employeesSearched(server.url, () => 'Olena Melnyk'), headers: large }, 50],
        ['employees, a new name each time: page, tab counts', { ...employeesSearched(server.url, () => people.take()), headers: large }, 50, people],
      ] as Array<[string, LoadCase, number, NewSearches?]>
    ).filter(([name]) => name.includes(args.only));
    console.log(`[${kind}] "Danube Steel" in the large tenant: ${first.pagination.total} orders`);
    const rows: string[] = [];
    for (const [name, target, budget, searches] of cases) {
      for (const connections of [1, 10]) {
        const repeatedBefore = searches?.repeats ?? 0;
        const result = await load(target, connections, Number(args.duration));
        const row = line(kind, name, connections, result, budget, (searches?.repeats ?? 0) - repeatedBefore);
        console.log(row);
        rows.push(row);
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
  console.log(`\nList search at full size, ${args.duration} s a case (budget p99 at c=10: 50 ms, the small tenant 5 ms)`);
  for (const row of all) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
