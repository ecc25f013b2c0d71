/**
 * `npm run seed:bulk -- --orders 1000000 --employees 100000 --transports 10000 --tenants 200`
 *
 * One large tenant plus many small ones, for the benchmark and for trying the app at scale, on the
 * database `npm start` uses (DATA_DIR → embedded PGlite, DATABASE_URL → PostgreSQL).
 * - Accounts (tenants and their owners), companies, HR document types and suppliers are made through the
 *   real API (the app built in-process, `app.inject`), as a person would make them.
 * - The volume (employees with passports and HR documents, vehicles, trailers, cards, repairs, orders)
 *   is written straight into the engine tables in batches (bulk-writer.ts), with ids from their
 *   sequences, a sample of every batch checked by the engine's compiled schema validators; the large
 *   tenant's big tables are loaded without their secondary indexes, which are rebuilt after.
 * A second run finds the large tenant and only prints what is there.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import type pg from 'pg';
import type { EngineModel, EngineResource } from '../../server/engine/model';
import { register, signIn, startSeedApp, type ApiClient } from './app';
import { BulkWriter, withoutIndexes, type BulkRow } from './bulk-writer';
import { BULK_LOGIN, BULK_PASSWORD, SMALL_PASSWORD } from './bulk-constants';
import { daysFromToday, phone, Random } from './data';
import { RecordMaker } from './records';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '100000' },
    transports: { type: 'string', default: '10000' },
    tenants: { type: 'string', default: '200' },
    batch: { type: 'string', default: '5000' },
    quiet: { type: 'boolean', default: false },
  },
});

const sizes = {
  orders: Number(args.orders),
  employees: Number(args.employees),
  transports: Number(args.transports),
  tenants: Math.max(1, Number(args.tenants)),
  batch: Math.max(100, Number(args.batch)),
};
for (const [name, value] of Object.entries(sizes)) {
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number (got "${args[name as keyof typeof args]}")`);
    process.exit(1);
  }
}

const totals = new Map<string, number>();
const count = (name: string, added: number) => totals.set(name, (totals.get(name) ?? 0) + added);

type Row = Record<string, unknown> & { id: number };

function progressBar(label: string, total: number) {
  if (args.quiet || !process.stdout.isTTY) {
    // No terminal (CI, the benchmark's log): one line at the start and one at the end.
    let last = 0;
    console.log(`  ${label}: ${total.toLocaleString('en')} …`);
    return {
      increment: (by: number) => (last += by),
      stop: () => console.log(`  ${label}: ${last.toLocaleString('en')} done`),
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: `  ${label.padEnd(26)} |{bar}| {percentage}% {value}/{total} {rate} rows/s eta {eta_formatted}`, hideCursor: true, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total, 0, { rate: 0 });
  return {
    increment: (by: number) =>
      bar.increment(by, { rate: Math.round(((bar as unknown as { value: number }).value / Math.max(1, Date.now() - started)) * 1000) }),
    stop: () => bar.stop(),
  };
}

/** Makes `total` rows in batches with `make(index)`, inserting each batch; answers the ids in order. */
async function fill(writer: BulkWriter, label: string, total: number, make: (index: number) => BulkRow, keepIds = true): Promise<number[]> {
  const ids: number[] = [];
  const bar = progressBar(label, total);
  for (let start = 0; start < total; start += sizes.batch) {
    const rows: BulkRow[] = [];
    for (let index = start; index < Math.min(total, start + sizes.batch); index += 1) rows.push(make(index));
    const inserted = await writer.insert(rows);
    if (keepIds) ids.push(...inserted);
    bar.increment(rows.length);
  }
  bar.stop();
  count(writer.resource.name, total);
  return ids;
}

async function tenantOf(pool: pg.Pool, companyId: number): Promise<number> {
  const { rows } = await pool.query<{ tenant_id: string | number }>('SELECT tenant_id FROM companies WHERE id = $1', [companyId]);
  return Number(rows[0].tenant_id);
}

async function documentTypes(client: ApiClient): Promise<Array<{ id: number; statusId: number; short: string }>> {
  const made = [];
  for (const [name, short] of [
    ['Driving licence C+E', 'DLC'],
    ['Medical certificate', 'MED'],
    ['Tachograph card', 'TCH'],
  ] as const) {
    // The licence is required for contractors: those holding another type show as missing on the compliance page.
    const required = short === 'DLC' ? { required_for: ['contractors'] } : {};
    const type = await client.send<Row>('POST', '/api/documents/store', { name, short_name: short, statuses: [{ name: 'Valid' }], ...required });
    const withIds = await client.send<Row>('POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Expired' }] });
    const statuses = withIds.statuses as Array<{ id: number; name: string }>;
    made.push({ id: Number(type.id), statusId: (statuses.find((status) => status.name === 'Valid') ?? statuses[0]).id, short });
  }
  return made;
}

interface TenantPlan {
  employees: number;
  transports: number;
  orders: number;
}

/** One tenant's data: accounts and lookups through the API, the volume in batches. */
async function seedTenant(
  pool: pg.Pool,
  model: EngineModel,
  client: ApiClient,
  user: { id: number; company: { id: number } },
  plan: TenantPlan,
  random: Random,
  big: boolean,
) {
  const make = new RecordMaker(random);
  const resource = (name: string) => model.byName.get(name) as EngineResource;
  const tenantId = await tenantOf(pool, user.company.id);
  const writer = (name: string) => new BulkWriter(pool, resource(name), tenantId, user.id);
  const load = big
    ? (table: string, work: () => Promise<number[]>) => withoutIndexes(pool, table, work, { maintenanceWorkMem: '256MB' })
    : (_table: string, work: () => Promise<number[]>) => work();
  const say = big ? (label: string) => label : () => '';

  const companies = [user.company.id];
  if (big) {
    for (const name of ['Large Haulage Polska Sp. z o.o.', 'Large Haulage Ukraine TOV'])
      companies.push(Number((await client.send<Row>('POST', '/api/companies/store', { name })).id));
    count('companies', companies.length);
  }
  const types = await documentTypes(client);
  const supplierIds: number[] = [];
  for (const name of ['DKV Mobility', 'UTA Edenred', 'Shell Card'])
    supplierIds.push(Number((await client.send<Row>('POST', '/api/transport/cards/suppliers/store', { name })).id));
  count('hr-document-types', types.length);
  count('suppliers', supplierIds.length);

  const run = big ? fill : (w: BulkWriter, _label: string, total: number, makeRow: (index: number) => BulkRow) => fillQuiet(w, total, makeRow);

  const employees = await load('r_employees', () =>
    run(writer('employees'), say('employees'), plan.employees, (index) => ({ data: make.employee(companies[index % 5 === 4 ? 1 : 0] ?? companies[0], index) })),
  );
  const citizenshipOf = (index: number) => ['UA', 'PL', 'DE'][index % 3];
  await load('r_passports', () =>
    run(
      writer('passports'),
      say('passports'),
      employees.length,
      (index) => ({ parentId: employees[index], data: make.passport(citizenshipOf(index), true) }),
      false,
    ),
  );
  const documentIds = await load('r_employee_documents', () =>
    run(writer('employee-documents'), say('employee documents'), employees.length, (index) => ({
      parentId: employees[index],
      data: { document_type_id: types[index % types.length].id, company_id: companies[0] },
    })),
  );
  await load('r_employee_document_statuses', () =>
    run(
      writer('employee-document-statuses'),
      say('document status rows'),
      documentIds.length,
      (index) => ({
        parentId: documentIds[index],
        data: {
          status: types[index % types.length].statusId,
          number: `${types[index % types.length].short}-${random.digits(6)}`,
          dateFrom: daysFromToday(-random.int(200, 1500)),
          dateUpTo: daysFromToday(index % 10 === 0 ? random.int(-5, 25) : random.int(60, 1400)),
          relevant: true,
        },
      }),
      false,
    ),
  );
  const transport = await load('r_transport', () => run(writer('transport'), say('vehicles'), plan.transports, (index) => ({ data: make.transport(index) })));
  const trailerCount = Math.ceil(plan.transports / 2);
  const trailers = await load('r_trailers', () =>
    run(writer('trailers'), say('trailers'), trailerCount, (index) => ({ data: make.trailer(index, transport[index]) })),
  );
  // Every trailer insured; every vehicle with a cell in each document column but one in thirty (a gap on the compliance page).
  await load('r_trailer_insurances', () =>
    run(
      writer('trailer-insurances'),
      say('trailer insurances'),
      trailers.length,
      (index) => ({ parentId: trailers[index], data: make.trailerInsurance() }),
      false,
    ),
  );
  const columns = (await pool.query<{ id: string }>('SELECT id FROM r_transport_document_groups WHERE tenant_id = $1 ORDER BY id', [tenantId])).rows.map(
    (row) => Number(row.id),
  );
  const cells = transport.flatMap((vehicle, index) => columns.filter((_, column) => (index + column) % 30 !== 0).map((column) => [vehicle, column] as const));
  await load('r_vehicle_documents', () =>
    run(writer('vehicle-documents'), say('vehicle document cells'), cells.length, (index) => ({ data: make.vehicleDocument(...cells[index]) }), false),
  );
  await load('r_cards', () =>
    run(
      writer('cards'),
      say('cards'),
      plan.transports,
      (index) => ({ data: make.card(index, supplierIds[index % supplierIds.length], transport[index]) }),
      false,
    ),
  );
  await load('r_repairs', () =>
    run(
      writer('repairs'),
      say('repairs'),
      trailerCount,
      (index) => ({ data: { ...make.repair(), transport_id: transport[index % transport.length], files: [] } }),
      false,
    ),
  );
  const drivers = employees.slice(0, Math.max(1, Math.floor(employees.length * 0.6)));
  await load('r_orders', () =>
    run(writer('orders'), say('orders'), plan.orders, (index) => ({ data: make.order(index, { drivers, transport, trailers }) }), false),
  );
}

async function fillQuiet(writer: BulkWriter, total: number, make: (index: number) => BulkRow): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < total; start += sizes.batch) {
    const rows: BulkRow[] = [];
    for (let index = start; index < Math.min(total, start + sizes.batch); index += 1) rows.push(make(index));
    ids.push(...(await writer.insert(rows)));
  }
  count(writer.resource.name, total);
  return ids;
}

async function main() {
  const started = Date.now();
  const seed = await startSeedApp();
  const where = seed.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${seed.config.dataDir}`;
  const pool = seed.database.pool;
  const model = seed.app.engine;
  try {
    const existing = await signIn(seed.app, BULK_LOGIN, BULK_PASSWORD);
    if (existing) {
      console.log(
        `The bulk data is already there (${where}): the large tenant has ${(await existing.client.total('/api/orders')).toLocaleString('en')} orders.`,
      );
      printLogin();
      return;
    }
    console.log(
      `Bulk data into ${where}: 1 large tenant (${sizes.orders.toLocaleString('en')} orders, ${sizes.employees.toLocaleString('en')} employees, ${sizes.transports.toLocaleString('en')} vehicles) and ${sizes.tenants - 1} small ones`,
    );
    const random = new Random(7_000_001);

    const large = await register(seed.app, {
      login: BULK_LOGIN,
      email: 'bulk.large@fleetdesk.example',
      phone: '+49 30 5550100',
      company_name: 'Large Haulage GmbH',
      password: BULK_PASSWORD,
    });
    count('tenants', 1);
    await seedTenant(pool, model, large.client, large.user, { employees: sizes.employees, transports: sizes.transports, orders: sizes.orders }, random, true);

    const smallCount = sizes.tenants - 1;
    if (smallCount > 0) {
      const bar = progressBar('small tenants', smallCount);
      for (let index = 1; index <= smallCount; index += 1) {
        const login = `bulk.small.${String(index).padStart(4, '0')}`;
        const small = await register(seed.app, {
          login,
          email: `${login}@fleetdesk.example`,
          phone: phone(random),
          company_name: `Small Haulier ${index}`,
          password: SMALL_PASSWORD,
        });
        await seedTenant(pool, model, small.client, small.user, { employees: 8, transports: 4, orders: 60 }, random, false);
        count('tenants', 1);
        bar.increment(1);
      }
      bar.stop();
    }

    // VACUUM sets the visibility map, so deep pages are index-only scans (server/engine/paging.ts), and
    // ANALYZE gives the planner the new sizes. Minutes on PGlite at full size: past the embedded pool's
    // 60 s query timeout.
    console.log('  VACUUM ANALYZE …');
    await pool.query({ text: 'VACUUM ANALYZE', query_timeout: 3_600_000 } as { text: string });
    const seconds = (Date.now() - started) / 1000;
    console.log('');
    console.log('Rows written (all tenants):');
    for (const [name, total] of totals) console.log(`  ${name.padEnd(28)} ${total.toLocaleString('en').padStart(12)}`);
    console.log(`Done in ${seconds.toFixed(1)} s (${where}).`);
    printLogin();
  } finally {
    await seed.close();
  }
}

function printLogin() {
  console.log(`Large tenant: login ${BULK_LOGIN}, password ${BULK_PASSWORD}; small tenants: bulk.small.0001 … with password ${SMALL_PASSWORD}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
