/**
 * `POST <list>/import` (docs/import-export.md): a dry run finds every row's errors in the member's language and
 * writes nothing; `all` writes nothing when a row fails; `valid` writes the good rows; references by label
 * within the tenant only; enums by label in any language; mappings chosen, saved and used again; the audit
 * trail names the import; a file that is not what it says is refused.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { multipart } from '../test-support/files';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

interface Outcome {
  dry_run: boolean;
  rows: number;
  valid: number;
  created: number;
  columns: Array<{ column: string; field: string | null }>;
  fields: Array<{ field: string; label: string; required: boolean }>;
  errors: Array<{ row: number; column?: string; field: string; message: string }>;
  match_field?: string;
  existing?: number;
  existing_rows?: number[];
  skipped?: number;
}

interface ImportOptions {
  dryRun?: boolean;
  mode?: 'all' | 'valid';
  existing?: 'create' | 'skip';
  mapping?: object;
  token?: string;
  language?: string;
  fileName?: string;
}

describe.each(databases)('import on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const send = (url: string, file: Buffer | string, options: ImportOptions = {}) => {
    const parts = [{ field: 'file', fileName: options.fileName ?? 'import.csv', contentType: 'text/csv', content: file }];
    if (options.dryRun !== undefined) parts.push({ field: 'dry_run', content: String(options.dryRun) } as (typeof parts)[number]);
    if (options.mode) parts.push({ field: 'mode', content: options.mode } as (typeof parts)[number]);
    if (options.existing) parts.push({ field: 'existing', content: options.existing } as (typeof parts)[number]);
    if (options.mapping) parts.push({ field: 'mapping', content: JSON.stringify(options.mapping) } as (typeof parts)[number]);
    const { payload, contentType } = multipart(parts);
    return test.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        ...CSRF,
        'content-type': contentType,
        authorization: `Bearer ${options.token ?? owner.token}`,
        'accept-language': options.language ?? 'en',
      },
    });
  };
  const imported = async (url: string, file: Buffer | string, options: ImportOptions = {}) => {
    const response = await send(url, file, options);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ message: string; data: Outcome }>().data;
  };
  const registerNumbers = async (token = owner.token) => {
    const response = await call(test.app, 'GET', '/api/trailers?perPage=100&sort=register_number&order=asc', undefined, { token });
    return response.json<{ data: Array<{ register_number: string }> }>().data.map((trailer) => trailer.register_number);
  };
  const post = async (url: string, body: object, token = owner.token) => {
    const response = await call(test.app, 'POST', url, body, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Record<string, unknown> }>().data;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    await post('/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR-001' });
    await post('/api/transport/store', { board_names: 'Their truck', registration_number: 'XX-777' }, stranger.token);
  });
  afterAll(async () => test?.close());

  const trailersFile = [
    'Registration number,Brand,Type,Tractor',
    'IMP-001,Krone,Semi-trailer,TR-001',
    'X,Schmitz,Drawbar trailer,',
    'IMP-003,Kögel,Unknown kind,',
  ].join('\n');

  it('checks every row in a dry run, with errors per row and field in the member language, and writes nothing', async () => {
    const before = await registerNumbers();
    const english = await imported('/api/trailers/import', trailersFile);
    expect(english).toMatchObject({ dry_run: true, rows: 3, valid: 1, created: 0 });
    expect(english.columns).toEqual([
      { column: 'Registration number', field: 'register_number' },
      { column: 'Brand', field: 'brand' },
      { column: 'Type', field: 'type' },
      { column: 'Tractor', field: 'truck_id' },
    ]);
    expect(english.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'Registration number', field: 'register_number', message: expect.stringMatching(/3/) as string }),
      { row: 4, column: 'Type', field: 'type', message: '"Unknown kind" is not one of the offered values' },
    ]);
    const german = await imported('/api/trailers/import', trailersFile, { language: 'de' });
    expect(german.errors[1].message).toBe('„Unknown kind“ ist keiner der angebotenen Werte');
    expect(german.fields.find((field) => field.field === 'register_number')).toEqual({ field: 'register_number', label: 'Kennzeichen', required: true });
    expect(await registerNumbers()).toEqual(before);
  });

  it('reports every problem of a row at once: a value it cannot read and what the schema says of the others', async () => {
    const file = ['Registration number,Brand,Type,Tractor', 'X,Schmitz,Unknown kind,'].join('\n');
    const checked = await imported('/api/trailers/import', file);
    expect(checked.errors.map((error) => error.field).sort()).toEqual(['register_number', 'type']);
  });

  it('writes nothing at all when a row fails and the mode is all or nothing', async () => {
    const outcome = await imported('/api/trailers/import', trailersFile, { dryRun: false });
    expect(outcome).toMatchObject({ rows: 3, valid: 1, created: 0 });
    expect(await registerNumbers()).not.toContain('IMP-001');
  });

  it('writes the valid rows only when asked, with the tractor found by its label and the import in the audit trail', async () => {
    const outcome = await imported('/api/trailers/import', trailersFile, { dryRun: false, mode: 'valid' });
    expect(outcome).toMatchObject({ rows: 3, valid: 1, created: 1 });
    const list = await call(test.app, 'GET', '/api/trailers?search=IMP-001', undefined, { token: owner.token });
    const [trailer] = list.json<{ data: Array<{ id: number; type: number; truck_id: number; brand: string }> }>().data;
    expect(trailer).toMatchObject({ type: 1, brand: 'Krone' });
    expect(trailer.truck_id).toEqual(expect.any(Number));
    const audit = await test.database.pool.query<{ action: string; user_id: number }>(
      `SELECT action, user_id FROM audit_log WHERE resource = 'trailers' AND record_id = $1`,
      [trailer.id],
    );
    expect(audit.rows).toEqual([{ action: 'import', user_id: owner.user.id }]);
  });

  it('imports all rows of a good file in one go, enums by their label in another language', async () => {
    const file = ['Kennzeichen;Marke;Art', 'IMP-010;Krone;Deichselanhänger', 'IMP-011;Schmitz;Zentralachsanhänger'].join('\r\n');
    const outcome = await imported('/api/trailers/import', file, { dryRun: false });
    expect(outcome).toMatchObject({ rows: 2, valid: 2, created: 2, errors: [] });
    const list = await call(test.app, 'GET', '/api/trailers?search=IMP-01&sort=register_number&order=asc', undefined, { token: owner.token });
    expect(list.json<{ data: Array<{ type: number }> }>().data.map((trailer) => trailer.type)).toEqual([2, 3]);
  });

  it("never matches another tenant's record as a reference", async () => {
    const outcome = await imported('/api/trailers/import', 'Registration number,Tractor\nIMP-020,XX-777');
    expect(outcome.errors).toEqual([{ row: 2, column: 'Tractor', field: 'truck_id', message: 'No record is called "XX-777"' }]);
    const theirs = await imported('/api/trailers/import', 'Registration number,Tractor\nIMP-020,TR-001', { token: stranger.token });
    expect(theirs.errors).toEqual([{ row: 2, column: 'Tractor', field: 'truck_id', message: 'No record is called "TR-001"' }]);
  });

  it('reads the columns as the member maps them, and saves the mapping of a real import for the next file', async () => {
    const file = 'Plate,Maker,Remarks\nIMP-030,Krone,first';
    const unmapped = await imported('/api/trailers/import', file);
    expect(unmapped.columns.map((column) => column.field)).toEqual([null, null, null]);
    expect(unmapped.errors[0]).toMatchObject({ row: 2, field: 'register_number' });
    const mapping = { Plate: 'register_number', Maker: 'brand', Remarks: null };
    const outcome = await imported('/api/trailers/import', file, { mapping, dryRun: false });
    expect(outcome).toMatchObject({ created: 1, errors: [] });
    const next = await imported('/api/trailers/import', 'Plate,Maker,Remarks\nIMP-031,Krone,second');
    expect(next.columns.map((column) => column.field)).toEqual(['register_number', 'brand', null]);
    expect(next).toMatchObject({ valid: 1, errors: [] });
    const theirs = await imported('/api/trailers/import', 'Plate,Maker\nIMP-032,Krone', { token: stranger.token });
    expect(theirs.columns.map((column) => column.field)).toEqual([null, null]);
  });

  it('refuses a mapping to a field the file cannot fill, or to one field twice', async () => {
    const unknown = await send('/api/trailers/import', trailersFile, { mapping: { Brand: 'id' } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json<{ errors: object }>().errors)).toEqual(['mapping']);
    const twice = await send('/api/trailers/import', trailersFile, { mapping: { Brand: 'brand', Type: 'brand' } });
    expect(twice.statusCode).toBe(422);
  });

  it('reads references to people by full name and dates from XLSX date cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Employees');
    sheet.addRow(['First name', 'Last name', 'Company', 'Contract end date', 'Citizenship']);
    sheet.addRow(['Ivan', 'Petrenko', owner.user.company.name, new Date(Date.UTC(2027, 5, 30)), 'Ukraine']);
    sheet.addRow(['Anna', 'Koval', owner.user.company.name, '31.12.2027', 'DE']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const outcome = await imported('/api/employees/import', bytes, { dryRun: false, fileName: 'people.xlsx' });
    expect(outcome).toMatchObject({ rows: 2, created: 2, errors: [] });
    const people = await call(test.app, 'GET', '/api/employees?search=Petrenko', undefined, { token: owner.token });
    expect(people.json<{ data: Array<Record<string, unknown>> }>().data[0]).toMatchObject({ contract_end_date: '2027-06-30', citizenship: 'UA' });
    const order = await imported('/api/orders/import', 'Cargo number,Customer,Primary driver,Transport\nC-1,Danube Steel,Petrenko Ivan,TR-001', {
      dryRun: false,
    });
    expect(order).toMatchObject({ created: 1, errors: [] });
    expect(order.columns.map((column) => column.field)).toEqual(['cargo_number', 'customer', 'primary_driver_id', 'transport_id']);
    const orders = await call(test.app, 'GET', '/api/orders?search=C-1', undefined, { token: owner.token });
    const [stored] = orders.json<{ data: Array<{ primary_driver_id: number; transport_id: number }> }>().data;
    expect(stored).toMatchObject({ primary_driver_id: expect.any(Number) as number, transport_id: expect.any(Number) as number });
  });

  it('reads reference list items by their names in any language or by id, and refuses a name the list lacks', async () => {
    const file = [
      'Board name,Registration number,Car model,Tracking system',
      'Import 1,IMP-LK1,DAF XF,Webfleet',
      'Import 2,IMP-LK2,3,2',
      'Import 3,IMP-LK3,Trabant 601,',
    ].join('\n');
    const checked = await imported('/api/transport/import', file, { language: 'de' });
    expect(checked.errors).toEqual([{ row: 4, column: 'Car model', field: 'car_model_id', message: expect.stringContaining('Trabant 601') as string }]);
    expect((await imported('/api/transport/import', file, { dryRun: false, mode: 'valid' })).created).toBe(2);
    const list = await call(test.app, 'GET', '/api/transport?search=IMP-LK&sort=registration_number&order=asc', undefined, { token: owner.token });
    const vehicles = list.json<{ data: Array<{ car_model_id: number; tracking_system_id: number }> }>().data;
    expect(vehicles.map((vehicle) => [vehicle.car_model_id, vehicle.tracking_system_id])).toEqual([
      [1, 1],
      [3, 2],
    ]);
    const people = await imported('/api/employees/import', `First name,Last name,Company,Contract type\nOlga,Koval,${owner.user.company.name},Arbeitsvertrag`, {
      dryRun: false,
    });
    expect(people).toMatchObject({ created: 1, errors: [] });
    const olga = await call(test.app, 'GET', '/api/employees?search=Koval', undefined, { token: owner.token });
    expect(olga.json<{ data: Array<{ contract_type: string }> }>().data.map((employee) => employee.contract_type)).toContain('1');
  });

  it('imports its own export again: a phone number the export kept from spreadsheets as a formula comes back as it was', async () => {
    await post('/api/companies/store', { name: 'Roundtrip Haulage', phone: '+49 30 1234567' });
    const exported = await call(test.app, 'GET', '/api/companies/export?format=csv&search=Roundtrip', undefined, { token: owner.token });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain("'+49 30 1234567");
    const other = await registerUser(test.app);
    const outcome = await imported('/api/companies/import', exported.rawPayload, { dryRun: false, token: other.token });
    expect(outcome).toMatchObject({ created: 1, errors: [] });
    const list = await call(test.app, 'GET', '/api/companies?search=Roundtrip', undefined, { token: other.token });
    expect(list.json<{ data: Array<{ phone: string }> }>().data.map((company) => company.phone)).toEqual(['+49 30 1234567']);
  });

  it('imports a vehicle list exported in German again: "Gewicht (t)" is the weight, in the tonnes the file holds, "26,5" in cells split at ";"', async () => {
    await post('/api/transport/store', { board_names: 'Unit Roundtrip', registration_number: 'UR-001', weight: 26.5 });
    const exported = await call(test.app, 'GET', '/api/transport/export?format=csv&search=UR-001', undefined, { token: owner.token, language: 'de' });
    expect(exported.statusCode, exported.body).toBe(200);
    const [headings, row] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .map((line) => line.split(';'));
    // As a German Excel reads a CSV file: cells split at ";", decimals after a comma.
    expect(row[headings.indexOf('Gewicht (t)')]).toBe('26,5');
    const other = await registerUser(test.app);
    const outcome = await imported('/api/transport/import', exported.rawPayload, { dryRun: false, token: other.token, language: 'uk' });
    expect(outcome.columns.find((column) => column.column === 'Gewicht (t)')?.field).toBe('weight');
    expect(outcome).toMatchObject({ created: 1, errors: [] });
    const list = await call(test.app, 'GET', '/api/transport?search=UR-001', undefined, { token: other.token });
    expect(list.json<{ data: Array<{ weight: number }> }>().data.map((vehicle) => vehicle.weight)).toEqual([26.5]);
  });

  it('imports the employee list’s own export again: first and last name, not the full name the list shows', async () => {
    await post(`/api/employees/${owner.user.company.id}/store`, {
      company_id: owner.user.company.id,
      name: 'Roundtrip',
      last_name: 'Kovalenko',
      citizenship: 'UA',
      contract_end_date: '2027-03-31',
      phone: '+380 44 123 4567',
    });
    const exported = await call(test.app, 'GET', '/api/employees/export?format=csv&search=Kovalenko', undefined, { token: owner.token });
    expect(exported.statusCode, exported.body).toBe(200);
    const outcome = await imported('/api/employees/import', exported.rawPayload, { dryRun: false });
    expect(outcome).toMatchObject({ rows: 1, created: 1, errors: [] });
    expect(outcome.columns.map((column) => column.field)).toEqual(expect.arrayContaining(['name', 'last_name', 'company_id', 'citizenship']));
    const list = await call(test.app, 'GET', '/api/employees?search=Kovalenko&sort=id&order=asc', undefined, { token: owner.token });
    const [original, copy] = list.json<{ data: Array<Record<string, unknown>> }>().data;
    for (const field of ['name', 'last_name', 'company_id', 'citizenship', 'contract_end_date', 'phone']) expect(copy[field], field).toEqual(original[field]);
  });

  it('imports an order export naming one of two drivers of one name: the export writes "Marta Shevchuk (#id)", the import finds that one', async () => {
    const driver = (name: string, lastName: string) =>
      post(`/api/employees/${owner.user.company.id}/store`, {
        company_id: owner.user.company.id,
        name,
        last_name: lastName,
        citizenship: 'UA',
        contract_end_date: '2027-03-31',
      });
    await driver('Marta', 'Shevchuk');
    const [second, alone] = [await driver('MARTA', 'Shevchuk'), await driver('Ostap', 'Solo')];
    await post('/api/orders/store', { cargo_number: 'TWIN-1A', customer: 'Twin Haulage', primary_driver_id: second.id });
    await post('/api/orders/store', { cargo_number: 'TWIN-1B', customer: 'Twin Haulage', primary_driver_id: alone.id });
    const exported = await call(test.app, 'GET', '/api/orders/export?format=csv&search=TWIN-1', undefined, { token: owner.token });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(`MARTA Shevchuk (#${String(second.id)})`);
    // A name no other record holds is written as it is.
    expect(exported.body).toContain(',Ostap Solo,');
    const outcome = await imported('/api/orders/import', exported.rawPayload.toString().replaceAll('TWIN-1', 'TWIN-2'), { dryRun: false });
    expect(outcome).toMatchObject({ created: 2, errors: [] });
    const list = await call(test.app, 'GET', '/api/orders?search=TWIN-2&sort=cargo_number&order=asc', undefined, { token: owner.token });
    expect(list.json<{ data: Array<Record<string, unknown>> }>().data.map((order) => order.primary_driver_id)).toEqual([second.id, alone.id]);
    // A number that is not the named person's, or the name alone, is still a row's error, never a guess.
    const wrong = await imported(
      '/api/orders/import',
      `Cargo number,Customer,Primary driver\nTWIN-3,Twin,Marta Shevchuk (#${String(alone.id)})\nTWIN-4,Twin,Marta Shevchuk`,
    );
    expect(wrong.errors.map((error) => [error.row, error.field])).toEqual([
      [2, 'primary_driver_id'],
      [3, 'primary_driver_id'],
    ]);
  });

  it('writes money with its two decimals as the language writes them, and reads numbers back as the language writes them', async () => {
    await post('/api/orders/store', { cargo_number: 'PRICE-1', customer: 'Danube Steel', price: 1234.5 });
    const exported = await call(test.app, 'GET', '/api/orders/export?format=csv&search=PRICE-1', undefined, { token: owner.token, language: 'de' });
    expect(exported.statusCode, exported.body).toBe(200);
    const text = exported.rawPayload.toString();
    expect(text).toContain(';1234,50;');
    // Back in German, a price of two and a half thousand written with its thousands point: 2500, not 2.5.
    const outcome = await imported('/api/orders/import', text.replaceAll('PRICE-1', 'PRICE-2').replace('1234,50', '2.500'), { dryRun: false, language: 'de' });
    expect(outcome).toMatchObject({ created: 1, errors: [] });
    const list = await call(test.app, 'GET', '/api/orders?search=PRICE-2', undefined, { token: owner.token });
    expect(list.json<{ data: Array<{ price: number }> }>().data.map((order) => order.price)).toEqual([2500]);
    // In English a date that fits day/month and month/day is refused, named, not guessed.
    const ambiguous = await imported('/api/orders/import', 'Cargo number,Customer,Loading date\nPRICE-3,Danube Steel,1/5/2027', { language: 'en' });
    expect(ambiguous.errors).toEqual([expect.objectContaining({ row: 2, field: 'loading_date' })]);
  });

  it('counts orders already there by cargo number, and skips them when asked, so a file brought in twice is not made twice', async () => {
    await post('/api/orders/store', { cargo_number: 'AGAIN-1', customer: 'Danube Steel' });
    // The other tenant's order of the same number is not "already there" for this one.
    await post('/api/orders/store', { cargo_number: 'AGAIN-2', customer: 'Danube Steel' }, stranger.token);
    const file = ['Cargo number,Customer', ' AGAIN-1 ,Danube Steel', 'AGAIN-2,Danube Steel', 'AGAIN-3,Danube Steel', 'AGAIN-2,Danube Steel'].join('\n');
    const count = async () =>
      (await call(test.app, 'GET', '/api/orders?search=AGAIN-&perPage=50', undefined, { token: owner.token })).json<{ pagination: { total: number } }>()
        .pagination.total;

    // Row 2 is there already (blanks around it as the import drops them), row 5 repeats row 3.
    const checked = await imported('/api/orders/import', file);
    expect(checked).toMatchObject({ match_field: 'cargo_number', existing: 2, existing_rows: [2, 5], skipped: 0, valid: 4 });
    const skipped = await imported('/api/orders/import', file, { dryRun: false, existing: 'skip' });
    expect(skipped).toMatchObject({ existing: 2, skipped: 2, valid: 2, created: 2, errors: [] });
    expect(await count()).toBe(3);
    // Brought in a second time: every row is there now.
    const again = await imported('/api/orders/import', file, { dryRun: false, existing: 'skip' });
    expect(again).toMatchObject({ existing: 4, skipped: 4, created: 0 });
    expect(await count()).toBe(3);
    // Asked to create them all the same, it does.
    expect(await imported('/api/orders/import', file, { dryRun: false })).toMatchObject({ existing: 4, skipped: 0, created: 4 });
    expect(await count()).toBe(7);
    // A resource without a match field says nothing of it; an unknown choice is refused.
    expect(await imported('/api/trailers/import', 'Registration number,Brand\nMATCH-1,Krone')).not.toHaveProperty('existing');
    expect((await send('/api/orders/import', file, { existing: 'merge' as 'skip' })).statusCode).toBe(422);
  });

  it('reads a list in one cell: enum labels and records with one text', async () => {
    const file = 'Name;Short name;Statuses;Required for\nDriving licence;DLC;Valid, Expired;Employees, Contractors';
    const outcome = await imported('/api/documents/import', file, { dryRun: false });
    expect(outcome).toMatchObject({ created: 1, errors: [] });
    const types = await call(test.app, 'GET', '/api/documents?search=Driving', undefined, { token: owner.token });
    const [type] = types.json<{ data: Array<{ statuses: Array<{ name: string }>; required_for: string[] }> }>().data;
    expect(type.statuses.map((status) => status.name)).toEqual(['Valid', 'Expired']);
    expect(type.required_for).toEqual(['staff', 'contractors']);
  });

  it('refuses a file that is not CSV or XLSX, whatever its name', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    const response = await send('/api/trailers/import', elf, { fileName: 'trailers.csv' });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ errors: object }>().errors).toHaveProperty('file');
  });

  it('refuses a file over 20 MB with a 413', async () => {
    const response = await send('/api/trailers/import', Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(response.statusCode).toBe(413);
  });

  it('needs the right to create records of the list', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['trailers.view'] });
    expect((await send('/api/trailers/import', trailersFile, { token: member.token })).statusCode).toBe(403);
  });
});
