/**
 * `npm run bench:reminders`: the daily reminder run for 200 tenants (issue 14, point 6: under a minute).
 * Each tenant gets its owner (an administrator) and a few members with rights (HR, fleet, both, one with
 * none), employees whose HR documents end anywhere from a week ago to a year ahead, and vehicles whose
 * document columns do the same. Then one run at noon UTC, as the scheduler makes it: enqueue every member's
 * digest, claim and run the jobs (reading the compliance engine with each member's rights), queue the mails
 * and hand them to a real SMTP server (an in-process `smtp-server` sink). Timed from enqueue to the last mail
 * handed over; then the same run again (nothing new: the idempotent case), and two processes sharing the run.
 * Seeding is not timed. Data is made afresh in its own database (`fleetdesk_bench_reminders`) or folder.
 *
 *   npm run bench:reminders -- [--databases postgres,pglite] [--tenants 200] [--members 3] [--employees 20] [--vehicles 5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../server/build-server';
import { loadConfig, type Config } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { startSmtpSink } from '../server/test-support/smtp-sink';
import { admin, ADMIN_URL } from './processes';

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'postgres' },
    tenants: { type: 'string', default: '200' },
    members: { type: 'string', default: '3' },
    employees: { type: 'string', default: '20' },
    vehicles: { type: 'string', default: '5' },
  },
});

type Kind = 'pglite' | 'postgres';
const DB = 'fleetdesk_bench_reminders';
const BUDGET_MS = 60_000;
const sizes = { tenants: Number(args.tenants), members: Number(args.members), employees: Number(args.employees), vehicles: Number(args.vehicles) };
const MEMBER_RIGHTS = [['employees.view'], ['transport.view', 'cards.view', 'trailers.view'], ['employees.view', 'transport.view'], ['orders.view']];

/** A deterministic spread of days (a week past to a year ahead), so every run seeds the same dates. */
let seed = 7;
const nextDay = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return (seed % 372) - 7;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Rows into an engine table in one statement; answers their ids in order. */
async function insertMany(
  database: Database,
  table: string,
  tenantId: number,
  authorId: number,
  rows: Array<{ data: object; parent?: number }>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  // Only tables of child records (documents of an employee, status rows of a document) have a parent.
  const parent = rows[0].parent === undefined ? '' : ', parent_id';
  const { rows: ids } = await database.pool.query<{ id: number }>(
    `INSERT INTO ${table} (tenant_id, data, created_by, updated_by${parent})
     SELECT $1, row.data, $2, $2${parent ? ', row.parent' : ''} FROM unnest($3::jsonb[], $4::bigint[]) WITH ORDINALITY AS row (data, parent, position)
     ORDER BY row.position RETURNING id`,
    [tenantId, authorId, rows.map((row) => JSON.stringify(row.data)), rows.map((row) => row.parent ?? null)],
  );
  return ids.map((row) => Number(row.id));
}

async function seedTenant(app: FastifyInstance, database: Database, index: number) {
  const login = `remind${String(index).padStart(4, '0')}x${process.pid}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'x-csrf-token': 'bench' },
    payload: {
      login,
      email: `${login}@example.com`,
      phone: '+49 30 1234567',
      company_name: `Haulier ${index}`,
      password: 'bench-password-1',
      password_confirmation: 'bench-password-1',
    },
  });
  if (response.statusCode !== 200) throw new Error(`registering tenant ${index}: ${response.body}`);
  const { user } = response.json<{ data: { user: { id: number; company: { id: number } } } }>().data;
  const [{ tenant_id: tenantId, data: ownerData }] = (await database.pool.query('SELECT tenant_id, data FROM users WHERE id = $1', [user.id])).rows as Array<{
    tenant_id: number;
    data: { password: string };
  }>;
  // Members straight into the table (the owner's password hash: no argon2 per member, which is not what this measures).
  for (let member = 0; member < sizes.members; member += 1) {
    const memberLogin = `${login}m${member}`;
    await database.pool.query(`INSERT INTO users (tenant_id, data) VALUES ($1, $2)`, [
      tenantId,
      JSON.stringify({
        login: memberLogin,
        email: `${memberLogin}@example.com`,
        password: ownerData.password,
        name: 'Member',
        last_name: String(member),
        administrator: false,
        active: true,
        permissions: MEMBER_RIGHTS[member % MEMBER_RIGHTS.length],
        departments: [],
      }),
    ]);
  }
  const [type] = await insertMany(database, 'r_hr_document_types', tenantId, user.id, [
    { data: { name: 'Driving licence C', short_name: 'DLC', statuses: [{ name: 'Valid' }] } },
  ]);
  const employees = await insertMany(
    database,
    'r_employees',
    tenantId,
    user.id,
    Array.from({ length: sizes.employees }, (_, number) => ({
      data: { name: `Driver${number}`, last_name: `Tenant${index}`, company_id: user.company.id, category: 'staff' },
    })),
  );
  const documents = await insertMany(
    database,
    'r_employee_documents',
    tenantId,
    user.id,
    employees.map((employee) => ({ data: { document_type_id: type }, parent: employee })),
  );
  await insertMany(
    database,
    'r_employee_document_statuses',
    tenantId,
    user.id,
    documents.map((document) => ({ data: { status: 1, dateFrom: day(-300), dateUpTo: day(nextDay()), relevant: true }, parent: document })),
  );
  const vehicles = await insertMany(
    database,
    'r_transport',
    tenantId,
    user.id,
    Array.from({ length: sizes.vehicles }, (_, number) => ({ data: { board_names: `Truck ${number}`, registration_number: `T${index}-${number}` } })),
  );
  const columns = (await database.pool.query(`SELECT id FROM r_transport_document_groups WHERE tenant_id = $1`, [tenantId])).rows as Array<{ id: number }>;
  await insertMany(
    database,
    'r_vehicle_documents',
    tenantId,
    user.id,
    vehicles.flatMap((vehicle) =>
      columns.map((column) => ({ data: { transport_id: vehicle, group_id: Number(column.id), start_date: day(-300), end_date: day(nextDay()) } })),
    ),
  );
}

async function bench(kind: Kind): Promise<string[]> {
  seed = 7; // the same dates on every database
  const sink = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-reminders-'));
  let databaseUrl = '';
  if (kind === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DB}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB}`;
    databaseUrl = url.toString();
  }
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    BACKGROUND_JOBS: 'off',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
  });
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const app = await buildServer({ config, database, logger: false });
    await app.ready();
    databases.push(database);
    apps.push(app);
    return { app, database };
  };
  try {
    const { app, database } = await open();
    let started = Date.now();
    for (let index = 0; index < sizes.tenants; index += 1) await seedTenant(app, database, index);
    console.log(`[${kind}] seeded ${sizes.tenants} tenants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (kind === 'postgres') await database.pool.query('ANALYZE');
    const noon = new Date(`${day(0)}T12:00:00Z`);

    // runOnce's three steps one by one, each timed.
    const jobs = app.backgroundJobs;
    started = Date.now();
    const enqueued = await jobs.enqueueDigests(noon);
    const enqueueMs = Date.now() - started;
    const digests = await jobs.runDigests(noon);
    const digestMs = Date.now() - started - enqueueMs;
    const mails = await jobs.sendMails(noon);
    const firstMs = Date.now() - started;
    const sendMs = firstMs - enqueueMs - digestMs;
    const first = { enqueued, digests, mails };
    const reminders = Number((await database.pool.query<{ n: number }>('SELECT count(*) AS n FROM reminders_sent')).rows[0].n);
    started = Date.now();
    const again = await app.backgroundJobs.runOnce(new Date(noon.getTime() + 60_000));
    const againMs = Date.now() - started;

    const rows = [
      `[${kind}] daily run, ${sizes.tenants} tenants: ${(firstMs / 1000).toFixed(1)} s — ${first.enqueued} digests, ${first.digests.mailed} mails queued, ${first.mails.sent} handed to SMTP (sink got ${sink.received.length}), ${reminders} reminders, ${first.digests.nothingNew} with nothing new — ${firstMs < BUDGET_MS ? 'met' : 'NOT met'} (budget < 60 s)`,
      `[${kind}]   enqueue ${enqueueMs} ms, digests ${(digestMs / 1000).toFixed(1)} s (${(digestMs / Math.max(1, enqueued)).toFixed(1)} ms each), SMTP ${(sendMs / 1000).toFixed(1)} s (${(sendMs / Math.max(1, mails.sent)).toFixed(1)} ms each)`,
      `[${kind}] the same run a minute later: ${againMs} ms — ${again.enqueued} digests, ${again.mails.sent} mails`,
    ];
    if (kind === 'postgres') {
      // The next day's run shared by two processes: every reminder still once (steps reached overnight only).
      const second = await open();
      await database.pool.query('DELETE FROM reminder_jobs');
      const before = sink.received.length;
      started = Date.now();
      const [one, two] = await Promise.all([app.backgroundJobs.runOnce(noon), second.app.backgroundJobs.runOnce(noon)]);
      const twoMs = Date.now() - started;
      const ran = (report: typeof one) => report.digests.mailed + report.digests.nothingNew + report.digests.lost + report.digests.failed;
      rows.push(
        `[${kind}] two processes, a fresh day's jobs: ${twoMs} ms — ${one.enqueued + two.enqueued} digests enqueued (${one.enqueued}+${two.enqueued}), run ${ran(one)}+${ran(two)}, ${one.mails.sent + two.mails.sent} mails (sink got ${sink.received.length - before})`,
      );
    }
    for (const row of rows) console.log(row);
    return rows;
  } finally {
    for (const app of apps.reverse()) await app.close();
    for (const database of databases) await database.close();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
}

async function main() {
  const all: string[] = [];
  for (const kind of args.databases.split(',').map((name) => name.trim()) as Kind[]) all.push(...(await bench(kind)));
  console.log(
    `\nThe daily reminder run (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}):`,
  );
  for (const row of all) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
