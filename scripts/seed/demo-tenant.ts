/**
 * The demo tenant of `npm run seed:demo` (demo.ts): three companies with bank accounts, departments, members,
 * 50 employees with passports, addresses, bank accounts and HR documents, 30 vehicles with their documents and
 * handover acts, 20 trailers with insurance, suppliers and fuel cards, repairs and 300 orders — made through the
 * real API of the app given. Idempotent: a second run finds the tenant, and a run that was interrupted fills in what
 * is missing. Kept apart from the command so that a test can run it (demo-tenant.test.ts): the demo data must
 * pass every rule the app gains.
 */
import { presetPermissions } from '../../resources/permissions';
import { ApiError, register, signIn, type ApiClient, type SeedApp } from './app';
import { daysFromToday, phone, Random } from './data';
import { RecordMaker } from './records';

export const DEMO_LOGIN = 'demo.dispatcher';
export const DEMO_PASSWORD = 'fleetdesk-demo-2024';
const DEMO_EMAIL = 'demo@fleetdesk.example';
export const DEMO_OWNER_NAME = 'Jonas';

export const DEMO_TARGET = { employees: 50, transport: 30, trailers: 20, orders: 300, cards: 40, repairs: 25 };

type Row = Record<string, unknown> & { id: number };

interface Listed {
  data: Row[];
  pagination: { total: number };
}

async function listAll(client: ApiClient, url: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const separator = url.includes('?') ? '&' : '?';
    const answer = await client.get<Listed>(`${url}${separator}perPage=100&page=${page}`);
    rows.push(...answer.data);
    if (rows.length >= answer.pagination.total || answer.data.length === 0) return rows;
  }
}

/** Ids of what a list holds, topped up to `target` with `make(i)` (so an interrupted run resumes). */
async function ensureCount(
  client: ApiClient,
  label: string,
  listUrl: string,
  target: number,
  make: (index: number) => Promise<Row>,
  idField = 'id',
): Promise<number[]> {
  const existing = await listAll(client, listUrl);
  const ids = existing.map((row) => Number(row[idField] ?? row.id));
  for (let index = existing.length; index < target; index += 1) {
    const row = await make(index);
    ids.push(Number(row[idField] ?? row.id));
  }
  console.log(`  ${label.padEnd(22)} ${String(ids.length).padStart(4)}`);
  return ids;
}

interface DocumentsRow {
  id: number;
  groups: Array<{ id: number; documents: Array<{ doc_id: number; end_date?: string | null; version: number }> }>;
}

/**
 * Every vehicle's cell in each document column (inspection, insurance, CMR insurance: what an order's vehicle must
 * hold) gets its dates, as the bulk seed does: one cell in thirty stays empty and one in ten expires within a month,
 * so the compliance page and the orders' marks show a few problems rather than every order flagged.
 */
async function fillVehicleDocuments(client: ApiClient, make: RecordMaker, transportIds: number[]) {
  const vehicles = (await client.get<{ data: DocumentsRow[] }>('/api/transport/documents?perPage=100')).data;
  let filled = 0;
  for (const vehicle of vehicles) {
    const index = transportIds.indexOf(vehicle.id);
    for (const [column, group] of vehicle.groups.entries()) {
      const cell = group.documents[0];
      if (!cell || cell.end_date || (index + column) % 30 === 0) continue;
      const { start_date, end_date } = make.vehicleDocument(vehicle.id, group.id);
      await client.sendForm(`/api/transport/documents/update/${cell.doc_id}`, {
        start_date: String(start_date),
        end_date: String(end_date),
        version: cell.version,
      });
      filled += 1;
    }
  }
  console.log(`  ${'vehicle documents'.padEnd(22)} ${String(filled).padStart(4)}`);
}

/**
 * The order with the day it arrives: a day's drive (650 km) per day after loading. Here rather than in the
 * record maker: the bulk seed's orders (the benchmarks' data) stay as they are.
 */
function withUnloadingDate(order: Record<string, unknown>): Record<string, unknown> {
  const days = Math.ceil(Number(order.loaded_distance) / 650);
  const arrival = new Date(`${String(order.loading_date)}T00:00:00Z`);
  arrival.setUTCDate(arrival.getUTCDate() + days);
  return { ...order, unloading_date: arrival.toISOString().slice(0, 10) };
}

/** What a run found and did: `taken` when the demo login or e-mail belongs to another account. */
export type DemoOutcome = 'present' | 'created' | 'completed' | 'taken';

export async function seedDemoTenant(seed: SeedApp): Promise<DemoOutcome> {
  const started = Date.now();
  const where = seed.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${seed.config.dataDir}`;
  const random = new Random(20240501);
  const make = new RecordMaker(random);
  let session = await signIn(seed.app, DEMO_LOGIN, DEMO_PASSWORD);
  if (session && (await session.client.total('/api/orders')) >= DEMO_TARGET.orders) {
    console.log(`The demo tenant is already there (${where}).`);
    return 'present';
  }
  const outcome = session ? 'completed' : 'created';
  if (!session) {
    console.log(`Creating the demo tenant in ${where}…`);
    try {
      session = await register(seed.app, {
        login: DEMO_LOGIN,
        email: DEMO_EMAIL,
        phone: '+49 30 901820',
        company_name: 'Nordline Logistics GmbH',
        password: DEMO_PASSWORD,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        console.error(`The login ${DEMO_LOGIN} or ${DEMO_EMAIL} is taken by another account with another password: cannot seed the demo tenant here.`);
        return 'taken';
      }
      throw error;
    }
  } else {
    console.log(`Completing the demo tenant in ${where}…`);
  }
  const { client, user } = session;
  const mainCompanyId = user.company.id;

  // ---- the owner's own name (registration asks none; the header shows "User" without it) ----
  const profile = (await client.get<{ data: Row }>('/api/profile/show')).data;
  if (!profile.name)
    await client.send('POST', '/api/profile/update', {
      login: DEMO_LOGIN,
      email: DEMO_EMAIL,
      phone: '+49 30 901820',
      name: DEMO_OWNER_NAME,
      last_name: 'Richter',
      job_position: 'Managing director',
    });

  // ---- company profile ----
  const main = (await client.get<{ data: Row }>(`/api/companies/show/${mainCompanyId}`)).data;
  if (!main.email) {
    await client.send('PUT', `/api/companies/update/${mainCompanyId}`, {
      version: main.version,
      company_name: 'Nordline Logistics GmbH',
      address: 'Frankfurter Allee 120, 10365 Berlin, DE',
      email: 'office@nordline.example',
      phone: '+49 30 901820',
      tax_number: 'DE 281 449 117',
    });
  }
  const extraCompanies = [
    {
      name: 'Nordline Polska Sp. z o.o.',
      company_name: 'Nordline Polska',
      address: 'Grojecka 40, 02-320 Warsaw, PL',
      email: 'biuro@nordline-polska.example',
      phone: '+48 501 234 567',
      tax_number: 'PL 5252 8765 12',
    },
    {
      name: 'Nordline Ukraine TOV',
      company_name: 'Nordline Ukraine',
      address: 'Horodotska 174, 79000 Lviv, UA',
      email: 'office@nordline-ua.example',
      phone: '+380 67 123 45 67',
      tax_number: 'UA 43218765',
    },
  ];
  const companyIds = await ensureCount(client, 'companies', '/api/companies', 1 + extraCompanies.length, async (index) =>
    client.send<Row>('POST', '/api/companies/store', extraCompanies[index - 1]),
  );
  for (const [index, companyId] of companyIds.entries()) {
    await ensureCount(client, `bank accounts (${index + 1})`, `/api/${companyId}/banks`, 2, async (bank) =>
      client.send<Row>('POST', `/api/${companyId}/banks/store`, make.companyBank(bank === 0 ? 'EUR' : index === 1 ? 'PLN' : index === 2 ? 'UAH' : 'USD')),
    );
  }

  // ---- members and departments ----
  const members = [
    // Each with the rights of their job (the presets of the member dialog).
    {
      login: 'olena.hr.demo',
      name: 'Olena',
      last_name: 'Melnyk',
      email: 'olena.melnyk@nordline.example',
      job_position: 'HR manager',
      permissions: presetPermissions('hrManager'),
    },
    {
      login: 'markus.fleet.demo',
      name: 'Markus',
      last_name: 'Weber',
      email: 'markus.weber@nordline.example',
      job_position: 'Fleet manager',
      permissions: presetPermissions('fleetManager'),
    },
    {
      login: 'anna.dispatch.demo',
      name: 'Anna',
      last_name: 'Nowak',
      email: 'anna.nowak@nordline.example',
      job_position: 'Dispatcher',
      permissions: presetPermissions('dispatcher'),
    },
  ];
  const existing = await listAll(client, '/api/users');
  const byLogin = new Map(existing.map((row) => [String(row.login), Number(row.id)]));
  for (const member of members) {
    if (!byLogin.has(member.login))
      byLogin.set(
        member.login,
        Number((await client.send<Row>('POST', '/api/users/store', { ...member, phone: phone(random), password: 'member-demo-2024' })).id),
      );
  }
  console.log(`  ${'members'.padEnd(22)} ${String(byLogin.size).padStart(4)}`);
  // Each member heads the department of their job; accounting has no one yet (the screen's empty state).
  const departments: Array<{ name: string; head?: string }> = [
    { name: 'Dispatch', head: 'anna.dispatch.demo' },
    { name: 'Fleet maintenance', head: 'markus.fleet.demo' },
    { name: 'Human resources', head: 'olena.hr.demo' },
    { name: 'Accounting' },
  ];
  await ensureCount(client, 'departments', '/api/departments', departments.length, async (index) => {
    const { name, head } = departments[index];
    const headId = head === undefined ? undefined : byLogin.get(head);
    return client.send<Row>('POST', '/api/departments/store', { name, ...(headId ? { head_id: headId, members: [headId] } : {}) });
  });

  // ---- HR document types ----
  const documentTypes = [
    { name: 'Driving licence C+E', short_name: 'DLC' },
    { name: 'Medical certificate', short_name: 'MED' },
    { name: 'Work permit', short_name: 'WRP' },
    { name: 'Tachograph card', short_name: 'TCH' },
  ];
  const typeIds = await ensureCount(client, 'HR document types', '/api/documents', documentTypes.length, async (index) => {
    const type = await client.send<Row>('POST', '/api/documents/store', { ...documentTypes[index], statuses: [{ name: 'Valid' }] });
    // The status call gives every status its own id (employee documents refer to them).
    return client.send<Row>('POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Renewal requested' }, { name: 'Expired' }] });
  });
  const typeRows = await listAll(client, '/api/documents');
  const validStatusOf = new Map<number, number>();
  for (const type of typeRows) {
    const statuses = (type.statuses ?? []) as Array<{ id?: number; name: string }>;
    const valid = statuses.find((status) => status.name === 'Valid' && typeof status.id === 'number');
    if (valid?.id) validStatusOf.set(Number(type.id), valid.id);
  }

  // ---- employees with passports, addresses, bank accounts and documents ----
  const employeeIds = await ensureCount(client, 'employees', '/api/employees', DEMO_TARGET.employees, async (index) => {
    const companyId = companyIds[index % 5 === 4 ? 1 : index % 7 === 6 ? 2 : 0];
    const employee = await client.send<Row>('POST', `/api/employees/${companyId}/store`, make.employee(companyId, index));
    const citizenship = String(employee.citizenship);
    await client.send('POST', `/api/employees/${employee.id}/passports/store`, make.passport(citizenship, true));
    if (index % 3 === 0) await client.send('POST', `/api/employees/${employee.id}/passports/store`, make.passport(citizenship, false));
    await client.send('POST', `/api/employees/${employee.id}/address/store`, make.address());
    await client.send('POST', `/api/employees/${employee.id}/banks/store`, make.employeeBank());
    for (const typeId of typeIds.slice(0, 2 + (index % 3))) {
      const document = await client.send<Row>('POST', `/api/employees/${employee.id}/documents/${typeId}/store`, { company_id: companyId });
      const statusId = validStatusOf.get(typeId);
      if (!statusId) continue;
      // Some documents expire soon, so the expiry warnings have something to show.
      const upTo = index % 6 === 0 ? daysFromToday(random.int(-5, 25)) : daysFromToday(random.int(60, 1400));
      await client.send('POST', `/api/employees/${employee.id}/documents/${document.id}/status/store`, {
        status: statusId,
        number: `${documentTypes[typeIds.indexOf(typeId)]?.short_name ?? 'DOC'}-${random.digits(6)}`,
        dateFrom: daysFromToday(-random.int(200, 1500)),
        dateUpTo: upTo,
        relevant: true,
      });
    }
    return employee;
  });
  const drivers = employeeIds.slice(0, 40);

  // ---- fleet ----
  const transportIds = await ensureCount(client, 'vehicles', '/api/transport', DEMO_TARGET.transport, async (index) => {
    const vehicle = await client.send<Row>('POST', '/api/transport/store', make.transport(index));
    if (index % 3 === 0) await client.send('POST', `/api/transport/${vehicle.id}/handover-acts/store`, make.handoverAct(drivers, Number(vehicle.mileage)));
    return vehicle;
  });
  const trailerIds = await ensureCount(client, 'trailers', '/api/trailers', DEMO_TARGET.trailers, async (index) => {
    const trailer = await client.send<Row>('POST', '/api/trailers/store', make.trailer(index, transportIds[index]));
    await client.send('POST', `/api/trailers/${trailer.id}/insurances/store`, make.trailerInsurance());
    return trailer;
  });
  await fillVehicleDocuments(client, make, transportIds);
  const suppliers = ['DKV Mobility', 'UTA Edenred', 'Shell Card', 'E100'];
  const supplierIds = await ensureCount(client, 'suppliers', '/api/transport/cards/suppliers', suppliers.length, async (index) =>
    client.send<Row>('POST', '/api/transport/cards/suppliers/store', { name: suppliers[index] }),
  );
  await ensureCount(
    client,
    'fuel and toll cards',
    '/api/transport/cards',
    DEMO_TARGET.cards,
    async (index) =>
      client.send<Row>(
        'POST',
        '/api/transport/cards/store',
        make.card(index, supplierIds[index % supplierIds.length], transportIds[index % transportIds.length]),
      ),
    'card_id',
  );
  await ensureCount(
    client,
    'repairs',
    '/api/transport/repairs',
    DEMO_TARGET.repairs,
    async (index) => {
      const fields = make.repair() as Record<string, string | number>;
      return client.sendForm<Row>(`/api/transport/repairs/store/${transportIds[index % transportIds.length]}`, fields);
    },
    'repair_id',
  );

  // ---- orders ----
  await ensureCount(
    client,
    'orders',
    '/api/orders',
    DEMO_TARGET.orders,
    async (index) =>
      client.send<Row>(
        'POST',
        '/api/orders/store',
        withUnloadingDate(make.order(index, { drivers, transport: transportIds, trailers: trailerIds, customers: 40 })),
      ),
    '_id',
  );

  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return outcome;
}
