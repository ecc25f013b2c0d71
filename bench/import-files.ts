/**
 * The files the import bench sends: a CSV of orders and one of employees, as a haulier's spreadsheet would
 * have them. Headings are the fields' English labels (locales), references are labels of the tenant's own
 * records taken from its lists through the API (a vehicle by registration number or by its full label, a
 * trailer by register number, a driver by full name in either order, the company by name), dates and
 * numbers in the formats the contract accepts. Every row carries MARK in its notes: that is how the bench
 * finds and deletes what it imported.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { ROOT } from './processes';

export const MARK = 'Imported by bench:import-export';

export interface TenantLabels {
  companies: string[];
  vehicles: string[];
  trailers: string[];
  drivers: string[];
}

type Row = Record<string, string | number | boolean | null | undefined>;

/** Fetches every page of a list of the signed-in tenant (its small lists: a few pages at most). */
async function allOf(base: string, listPath: string, headers: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${base}${listPath}?page=${page}&perPage=100`, { headers });
    if (!response.ok) throw new Error(`GET ${listPath} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as { data: Row[]; pagination?: { total: number } };
    rows.push(...body.data);
    if (body.data.length < 100 || rows.length >= (body.pagination?.total ?? 0)) return rows;
  }
}

/** Labels that name exactly one record (a label shared by two records would be an error of the row). */
function unique(labels: string[]): string[] {
  const seen = new Map<string, number>();
  for (const label of labels) seen.set(label.toLowerCase(), (seen.get(label.toLowerCase()) ?? 0) + 1);
  return labels.filter((label) => label && seen.get(label.toLowerCase()) === 1);
}

export async function tenantLabels(base: string, headers: Record<string, string>): Promise<TenantLabels> {
  const [companies, vehicles, trailers, employees] = await Promise.all(
    ['/api/companies', '/api/transport', '/api/trailers', '/api/employees'].map((listPath) => allOf(base, listPath, headers)),
  );
  const vehicleLabels = vehicles.flatMap((vehicle) => [
    String(vehicle.registration_number ?? ''),
    // The full label as the list shows it: "Scania #004 (BC8995RJ)".
    vehicle.board_names ? `${String(vehicle.board_names)} (${String(vehicle.registration_number)})` : '',
  ]);
  const labels = {
    companies: unique(companies.map((company) => String(company.name ?? ''))),
    vehicles: unique(vehicleLabels),
    trailers: unique(trailers.map((trailer) => String(trailer.register_number ?? ''))),
    drivers: unique(employees.map((employee) => `${String(employee.name ?? '')} ${String(employee.last_name ?? '')}`.trim())),
  };
  for (const [name, list] of Object.entries(labels)) if (list.length === 0) throw new Error(`the import tenant has no ${name} to refer to`);
  return labels;
}

type English = Record<string, Record<string, Record<string, string>>>;
const english = (): English => JSON.parse(fs.readFileSync(path.join(ROOT, 'locales/en/translation.json'), 'utf8')) as English;

/** Field labels in English, from the locales the web app uses. */
function fieldLabels(resource: string): Record<string, string> {
  return english()[resource].fields;
}

/** A fixed sequence, so every run sends the same file. */
function sequence(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return { next, pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)] };
}

const isoDay = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const dottedDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const CUSTOMERS = ['Danube Steel', 'Baltic Timber', 'Rhine Chemicals', 'Adriatic Paper', 'Carpathian Foods', 'Alpine Glass'];
const FORMS = ['GmbH', 'S.r.l.', 'a.s.', 'B.V.', 'Sp. z o.o.'];
const CITIES = ['Hamburg', 'Linz', 'Wrocław', 'Brno', 'Milano', 'Thessaloniki', 'Kyiv', 'València'];

export function ordersCsv(rows: number, labels: TenantLabels): string {
  const field = fieldLabels('orders');
  const { next, pick } = sequence(15_000_001);
  const heading = [
    field.cargo_number,
    field.customer,
    field.dispatcher,
    field.loading_date,
    field.unloading_date,
    field.loading_address,
    field.unloading_address,
    field.transport_id,
    field.trailer_id,
    field.primary_driver_id,
    field.secondary_driver_id,
    field.price,
    field.dangerous_cargo,
    field.notes,
  ];
  const records: string[][] = [heading];
  for (let index = 1; index <= rows; index += 1) {
    const start = Math.floor(next() * 330);
    const loading = isoDay(start);
    const unloading = isoDay(start + 1 + Math.floor(next() * 6));
    const price = (500 + next() * 4500).toFixed(2);
    const primary = pick(labels.drivers);
    const [first, ...last] = primary.split(' ');
    records.push([
      `BIMP-${String(index).padStart(6, '0')}`,
      `${pick(CUSTOMERS)} ${pick(FORMS)}`,
      'Bench Dispatcher',
      // Most as ISO dates, one in four as a German spreadsheet writes them.
      index % 4 === 0 ? dottedDay(loading) : loading,
      unloading,
      `${pick(CITIES)}, Hafenstraße ${1 + Math.floor(next() * 200)}`,
      `${pick(CITIES)}, Industriestraße ${1 + Math.floor(next() * 200)}`,
      pick(labels.vehicles),
      next() < 0.8 ? pick(labels.trailers) : '',
      // A driver by full name in either order.
      index % 5 === 0 && last.length > 0 ? `${last.join(' ')} ${first}` : primary,
      next() < 0.3 ? pick(labels.drivers.filter((driver) => driver !== primary)) : '',
      index % 3 === 0 ? price.replace('.', ',') : price,
      next() < 0.1 ? 'yes' : 'no',
      MARK,
    ]);
  }
  return stringify(records);
}

const FIRST_NAMES = ['Anna', 'Oleksandr', 'Maria', 'Giorgos', 'Lukas', 'Sofia', 'Marco', 'Iryna', 'Jan', 'Elena', 'Pablo', 'Katarzyna'];
const LAST_NAMES = ['Schneider', 'Kovalenko', 'Rossi', 'Papadopoulos', 'Novak', 'García', 'Müller', 'Shevchenko', 'Horvat', 'Ionescu'];

export function employeesCsv(rows: number, labels: TenantLabels): string {
  const field = fieldLabels('employees');
  const category = english().enums.employeeCategory;
  const { next, pick } = sequence(15_000_002);
  const heading = [
    field.company_id,
    field.category,
    field.name,
    field.last_name,
    field.email,
    field.phone,
    field.date_of_birth,
    field.contract_end_date,
    field.notes,
  ];
  const records: string[][] = [heading];
  for (let index = 1; index <= rows; index += 1) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const birth = isoDay(-365 * 25 - Math.floor(next() * 365 * 30));
    records.push([
      pick(labels.companies),
      // The category by its label, as the list's tabs name it.
      next() < 0.8 ? category.staff : category.contractors,
      first,
      last,
      `bench.import.${index}@fleetdesk.example`,
      `+49 30 555${String(index % 10_000).padStart(4, '0')}`,
      dottedDay(birth),
      next() < 0.5 ? isoDay(200 + Math.floor(next() * 900)) : '',
      MARK,
    ]);
  }
  return stringify(records);
}
