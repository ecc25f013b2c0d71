/**
 * `npm run bench:order-check`: the order check (`POST /api/orders/check`, issue 14 part 5) at the bench's
 * full size on PostgreSQL: a large tenant of 1,000,000 orders, 100,000 employees (each with an HR document
 * whose relevant status row ends somewhere in the next years), 10,000 vehicles with their document column
 * cells (a few missing: gaps) and 5,000 trailers with an insurance, among small tenants.
 *
 * What it sends is what the order form sends while a dispatcher fills it in: realistic bodies, each with
 * another primary driver (a second one in three of ten), another vehicle, a trailer in eight of ten, and
 * another window (loading from a month ago to two months ahead, one to ten days long), at concurrency 1 and
 * 10, printing req/s, p50 and p99 and how many answers had warnings. Budget (issue 14): p99 ≤ 20 ms at c=10.
 * It also measures the orders list's first page, which now marks each row's problems (one batched
 * obligationsOf per page), beside the check.
 *
 * Data: its own database (`fleetdesk_bench_orders`, BENCH_ORDERS_DB for another), reused while it holds the
 * sizes asked for; else seeded by scripts/seed/bulk.ts (3–8 minutes at full size), then given vehicle cells
 * and trailer insurances where the large tenant has none. --fresh seeds again.
 *
 *   npm run bench:order-check -- [--orders 1000000] [--employees 100000] [--transports 10000] [--tenants 200] [--duration 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BULK_LOGIN, BULK_PASSWORD } from '../scripts/seed/bulk-constants';
import { load, type LoadResult } from './load';
import { ADMIN_URL, ROOT, runScript, startServer } from './processes';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '100000' },
    transports: { type: 'string', default: '10000' },
    tenants: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
  },
});

const DATA = path.join(ROOT, 'bench/.data');
const DB = process.env.BENCH_ORDERS_DB ?? 'fleetdesk_bench_orders';
const BUDGET_P99_MS = 20;
const seconds = Number(args.duration);

function databaseUrl(name = DB): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The large tenant's sizes, or null when the database or the tenant is not there. */
async function largeTenant(): Promise<{ tenant: number; orders: number; employees: number; transports: number } | null> {
  const exists = await withClient(ADMIN_URL, async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount);
  if (!exists) return null;
  return withClient(databaseUrl(), async (client) => {
    if (!(await client.query<{ t: string | null }>(`SELECT to_regclass('r_orders') AS t`)).rows[0].t) return null;
    const found = await client.query<{ tenant_id: string }>('SELECT tenant_id FROM users WHERE login = $1', [BULK_LOGIN]);
    if (found.rowCount === 0) return null;
    const tenant = Number(found.rows[0].tenant_id);
    const count = async (table: string) =>
      Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = $1`, [tenant])).rows[0].n);
    return { tenant, orders: await count('r_orders'), employees: await count('r_employees'), transports: await count('r_transport') };
  });
}

/** Vehicle cells (one per column, about 3 % left out: gaps) and trailer insurances, where the large tenant has none. */
async function datedEquipment(tenant: number) {
  await withClient(databaseUrl(), async (client) => {
    const cells = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM r_vehicle_documents WHERE tenant_id = $1', [tenant])).rows[0].n);
    if (cells === 0) {
      console.log('giving the vehicles their document cells…');
      await client.query(
        `INSERT INTO r_vehicle_documents (tenant_id, data)
         SELECT $1, jsonb_build_object('transport_id', v.id, 'group_id', g.id, 'start_date', to_char(current_date - 300, 'YYYY-MM-DD'),
                                       'end_date', to_char(current_date + (random() * 900 - 30)::int, 'YYYY-MM-DD'))
           FROM r_transport v CROSS JOIN r_transport_document_groups g
          WHERE v.tenant_id = $1 AND g.tenant_id = $1 AND random() > 0.03`,
        [tenant],
      );
    }
    const insurances = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM r_trailer_insurances WHERE tenant_id = $1', [tenant])).rows[0].n);
    if (insurances === 0) {
      console.log('giving the trailers their insurances…');
      await client.query(
        `INSERT INTO r_trailer_insurances (tenant_id, parent_id, data)
         SELECT $1, r.id, jsonb_build_object('insurer', 'Allianz', 'start_date', to_char(current_date - 300, 'YYYY-MM-DD'),
                                             'end_date', to_char(current_date + (random() * 700 - 30)::int, 'YYYY-MM-DD'))
           FROM r_trailers r WHERE r.tenant_id = $1`,
        [tenant],
      );
    }
    await client.query('ANALYZE');
  });
}

async function prepare(): Promise<number> {
  const wanted = { orders: Number(args.orders), employees: Number(args.employees), transports: Number(args.transports) };
  let found = args.fresh ? null : await largeTenant();
  const fits = found && found.orders >= wanted.orders && found.employees >= wanted.employees && found.transports >= wanted.transports;
  if (found && fits) console.log(`reusing ${DB}: ${found.orders} orders, ${found.employees} employees, ${found.transports} vehicles in the large tenant`);
  else {
    await withClient(ADMIN_URL, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${DB}`);
    });
    console.log(`seeding ${DB} (${JSON.stringify(wanted)}, ${args.tenants} tenants)…`);
    const started = Date.now();
    await runScript(
      'scripts/seed/bulk.ts',
      ['--orders', args.orders, '--employees', args.employees, '--transports', args.transports, '--tenants', args.tenants],
      {
        DATABASE_URL: databaseUrl(),
        DATA_DIR: path.join(DATA, 'postgres-orders-dir'),
      },
    );
    console.log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    found = await largeTenant();
    if (!found) throw new Error('the seed made no large tenant');
  }
  await datedEquipment(found.tenant);
  return found.tenant;
}

/** Random ids of the large tenant's drivers, vehicles and trailers, for the bodies. */
async function parties(tenant: number) {
  return withClient(databaseUrl(), async (client) => {
    const ids = async (table: string, limit: number) =>
      (await client.query<{ id: string }>(`SELECT id FROM ${table} WHERE tenant_id = $1 ORDER BY random() LIMIT ${limit}`, [tenant])).rows.map((row) =>
        Number(row.id),
      );
    return { drivers: await ids('r_employees', 100_000), vehicles: await ids('r_transport', 10_000), trailers: await ids('r_trailers', 5_000) };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function orderBodies(pool: Awaited<ReturnType<typeof parties>>) {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = (items: number[]) => items[Math.floor(random() * items.length)];
  return () => {
    const start = Math.floor(random() * 90) - 30;
    const body: Record<string, unknown> = {
      cargo_number: 'CRG-BENCH',
      customer: 'Danube Steel',
      loading_date: day(start),
      unloading_date: day(start + 1 + Math.floor(random() * 10)),
      primary_driver_id: pick(pool.drivers),
      transport_id: pick(pool.vehicles),
    };
    if (random() < 0.3 && pool.drivers.length > 1) {
      // Another person than the primary driver (x-not-same-as).
      let second = pick(pool.drivers);
      while (second === body.primary_driver_id) second = pick(pool.drivers);
      body.secondary_driver_id = second;
    }
    if (random() < 0.8) body.trailer_id = pick(pool.trailers);
    return JSON.stringify(body);
  };
}

/**
 * The checks the order form sends while a dispatcher fills one order in (src/crud/use-record-check.ts: once the
 * parties and dates are chosen, again after each change): the primary driver with the dates, then the vehicle,
 * then the trailer, then moved dates — four checks of the same parties, then the next order.
 */
function formFillingBodies(pool: Awaited<ReturnType<typeof parties>>) {
  const nextOrder = orderBodies(pool);
  let steps: string[] = [];
  return () => {
    if (steps.length === 0) {
      const order = JSON.parse(nextOrder()) as Record<string, unknown>;
      const { transport_id: vehicle, trailer_id: trailer, ...first } = order;
      // The trip made longer by a few days (never before its loading day).
      const unloading = new Date(`${order.unloading_date as string}T00:00:00Z`);
      unloading.setUTCDate(unloading.getUTCDate() + 3);
      const later = { ...order, unloading_date: unloading.toISOString().slice(0, 10) };
      steps = [first, { ...first, transport_id: vehicle }, { ...first, transport_id: vehicle, ...(trailer ? { trailer_id: trailer } : {}) }, later].map(
        (body) => JSON.stringify(body),
      );
    }
    return steps.shift() as string;
  };
}

const row = (name: string, connections: number, result: LoadResult, extra = '') =>
  `${name.padEnd(26)} c=${String(connections).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms${result.errors ? `  errors ${result.errors}` : ''}${extra}`;

async function main() {
  fs.mkdirSync(DATA, { recursive: true });
  const tenant = await prepare();
  const pool = await parties(tenant);
  const server = await startServer(
    'server/server.ts',
    { DATABASE_URL: databaseUrl(), DATA_DIR: path.join(DATA, 'postgres-orders-dir'), AUTH_RATE_LIMIT: '100000' },
    '/api/health',
    path.join(DATA, 'servers-orders.log'),
  );
  const rows: string[] = [];
  try {
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
      body: JSON.stringify({ login: BULK_LOGIN, password: BULK_PASSWORD }),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    const headers = { authorization: `Bearer ${data.token}`, 'accept-language': 'en' };
    // Two halves of the parties: the form filling (and the warm-up) draws from one, the random checks from the
    // other, so what the first kept in memory does not serve the second.
    const half = (items: number[], second: boolean) => items.slice(second ? items.length / 2 : 0, second ? undefined : items.length / 2);
    const halfOf = (second: boolean) => ({ drivers: half(pool.drivers, second), vehicles: half(pool.vehicles, second), trailers: half(pool.trailers, second) });
    const next = orderBodies(halfOf(false));
    // Warm-up (the first requests compile plans, fill caches), not measured.
    await load(
      {
        url: `${server.url}/api/orders/check`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': 'bench' },
        next: () => ({ path: '/api/orders/check', body: next() }),
      },
      4,
      3,
    );
    // Two ways of asking: as the order form asks (four checks an order, the same parties), and every check with
    // parties drawn at random among 50,000 drivers, 5,000 vehicles and 2,500 trailers (what an earlier check of
    // the run kept in memory serves a later one, as it would for dispatchers working side by side).
    const kinds = [
      { name: 'check, filling a form', body: formFillingBodies(halfOf(false)) },
      { name: 'check, random parties', body: orderBodies(halfOf(true)) },
    ];
    for (const kind of kinds) {
      for (const connections of [1, 10]) {
        let answers = 0;
        let warned = 0;
        const result = await load(
          {
            url: `${server.url}/api/orders/check`,
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': 'bench' },
            next: () => ({ path: '/api/orders/check', body: kind.body() }),
            onResponse: (status, body) => {
              if (status !== 200) return;
              answers += 1;
              if ((JSON.parse(body) as { warnings: unknown[] }).warnings.length > 0) warned += 1;
            },
          },
          connections,
          seconds,
        );
        const verdict = connections === 10 ? (result.p99 <= BUDGET_P99_MS ? '  met' : '  NOT met') : '';
        rows.push(row(kind.name, connections, result, `  (${Math.round((100 * warned) / Math.max(1, answers))} % with warnings)${verdict}`));
        console.log(rows.at(-1));
      }
    }
    // The floor of this machine at this moment: one vehicle by id (one primary-key read), measured the same way.
    for (const connections of [1, 10]) {
      const result = await load({ url: `${server.url}/api/transport/show/${pool.vehicles[0]}`, headers }, connections, seconds);
      rows.push(row('GET /api/transport/show/{id}', connections, result, '  (for comparison: one vehicle)'));
      console.log(rows.at(-1));
    }
    for (const connections of [1, 10]) {
      const result = await load({ url: `${server.url}/api/orders?page=1&perPage=10&sort=loading_date&order=desc`, headers }, connections, seconds);
      rows.push(row('GET /api/orders, page 1', connections, result, "  (with each row's compliance_warnings)"));
      console.log(rows.at(-1));
    }
  } finally {
    await server.stop();
  }
  const sizes = await largeTenant();
  console.log(
    `\nThe order check on PostgreSQL, large tenant of ${sizes?.orders} orders, ${sizes?.employees} employees, ${sizes?.transports} vehicles; ${seconds} s a case; load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (budget: p99 ≤ ${BUDGET_P99_MS} ms at c=10)`,
  );
  for (const line of rows) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
