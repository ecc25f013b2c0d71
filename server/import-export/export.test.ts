/**
 * `GET <list>/export` (docs/import-export.md): the list's columns under their labels in the member's language,
 * values as the list shows them, the list's own filters, search and sort, dates as dates in XLSX, sensitive
 * fields masked for a member without the right, formulas neutralised, and nothing of another tenant.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantOf } from '../test-support/direct-records';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { parseListQuery } from '../engine/list-query';
import type { EngineResource } from '../engine/model';
import { EngineStore } from '../engine/store';
import { exportColumns } from './export-route';
import { exportRows } from './export-rows';

/** `delimiter`: `;` in a language whose decimal mark is a comma (table-writers.ts). */
const csvRows = (response: LightMyRequestResponse, delimiter = ','): string[][] => parse(response.rawPayload.toString('utf8'), { bom: true, delimiter });

async function xlsxRows(response: LightMyRequestResponse): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(databases)('export on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let employeeId: number;

  const post = async (url: string, body: object, token = owner.token) => {
    const response = await call(test.app, 'POST', url, body, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Record<string, unknown> }>().data;
  };
  const exportOf = (url: string, token = owner.token, language = 'en') => call(test.app, 'GET', url, undefined, { token, language });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    const truck = await post('/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR-001' });
    await post('/api/trailers/store', { register_number: 'TRL-001', brand: 'Krone', type: 1, truck_id: truck.id, weight: 7500 });
    await post('/api/trailers/store', { register_number: 'TRL-002', brand: 'Schmitz', type: 2 });
    await post('/api/trailers/store', { register_number: 'TRL-003', brand: '=HYPERLINK("http://evil.example","x")', type: 3 });
    await post('/api/trailers/store', { register_number: 'TRL-999', brand: 'Stranger' }, stranger.token);
    const employee = await post(`/api/employees/${owner.user.company.id}/store`, {
      company_id: owner.user.company.id,
      name: 'Olga',
      last_name: 'Shevchenko',
      citizenship: 'UA',
      contract_end_date: '2027-03-31',
    });
    employeeId = employee.id as number;
    await post(`/api/employees/${employeeId}/banks/store`, { number: 'DE89370400440532013000' });
  });
  afterAll(async () => test?.close());

  it('writes the list as CSV: labels as headings, references and enums as labels, a header with the count', async () => {
    const response = await exportOf('/api/trailers/export?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-export-rows']).toBe('3');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="trailers-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''Trailers-/);
    const [headings, ...rows] = csvRows(response);
    expect(headings).toEqual(expect.arrayContaining(['Registration number', 'Brand', 'Type', 'Tractor', 'Weight (kg)']));
    const column = (name: string) => headings.indexOf(name);
    const first = rows.find((row) => row[column('Registration number')] === 'TRL-001') as string[];
    expect(first[column('Type')]).toBe('Semi-trailer');
    expect(first[column('Tractor')]).toBe('Truck 01 (TR-001)');
    expect(first[column('Weight (kg)')]).toBe('7500');
    expect(rows.map((row) => row[column('Registration number')])).toEqual(['TRL-001', 'TRL-002', 'TRL-003']);
  });

  it('escapes a cell that a spreadsheet would run as a formula in CSV, and writes it in XLSX as a text cell, as it is', async () => {
    const csv = csvRows(await exportOf('/api/trailers/export?format=csv&search=TRL-003'));
    expect(csv[1]).toContain(`'=HYPERLINK("http://evil.example","x")`);
    const response = await exportOf('/api/trailers/export?format=xlsx&search=TRL-003');
    const xlsx = await xlsxRows(response);
    expect(xlsx[1]).toContain(`=HYPERLINK("http://evil.example","x")`);
    expect(xlsx[1].some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    workbook.worksheets[0].getRow(2).eachCell((cell) => cells.push(cell));
    const formulaLike = cells.find((cell) => cell.value === `=HYPERLINK("http://evil.example","x")`);
    expect(formulaLike?.type).toBe(ExcelJS.ValueType.String);
    expect(formulaLike?.numFmt).toBe('@');
  });

  it("takes the list's own filters, search and sort, and ignores its paging", async () => {
    const sorted = csvRows(await exportOf('/api/trailers/export?format=csv&sort=register_number&order=desc&page=2&perPage=1'));
    expect(sorted.slice(1).map((row) => row[sorted[0].indexOf('Registration number')])).toEqual(['TRL-003', 'TRL-002', 'TRL-001']);
    const filtered = csvRows(await exportOf('/api/trailers/export?format=csv&type=2'));
    expect(filtered.slice(1).map((row) => row[filtered[0].indexOf('Registration number')])).toEqual(['TRL-002']);
    const searched = await exportOf('/api/trailers/export?format=csv&search=krone');
    expect(searched.headers['x-export-rows']).toBe('1');
  });

  it("writes XLSX in the member's language with dates as dates and countries by name", async () => {
    const response = await exportOf('/api/employees/export?format=xlsx', owner.token, 'de');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [headings, row] = await xlsxRows(response);
    expect(headings).toEqual(expect.arrayContaining(['Vertragsende']));
    const end = row[headings.indexOf('Vertragsende')];
    expect(end).toBeInstanceOf(Date);
    expect((end as Date).toISOString().slice(0, 10)).toBe('2027-03-31');
    expect(String(row[headings.indexOf('Staatsangehörigkeit')])).toMatch(/\(UA\)$/);
  });

  it('masks sensitive fields exactly as the list does for a member without the right', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    const masked = csvRows(await exportOf(`/api/employees/${employeeId}/banks/export?format=csv`, member.token));
    const list = await call(test.app, 'GET', `/api/employees/${employeeId}/banks`, undefined, { token: member.token });
    const shown = list.json<{ data: Array<{ number: string }> }>().data[0].number;
    expect(shown).toMatch(/^•+3000$/);
    expect(masked[1]).toContain(shown);
    const full = csvRows(await exportOf(`/api/employees/${employeeId}/banks/export?format=csv`));
    expect(full[1]).toContain('DE89370400440532013000');
  });

  it("never shows another tenant's records, and answers 404 for another tenant's parent", async () => {
    const theirs = csvRows(await exportOf('/api/trailers/export?format=csv', stranger.token));
    expect(theirs.slice(1).map((row) => row[theirs[0].indexOf('Registration number')])).toEqual(['TRL-999']);
    const parent = await exportOf(`/api/employees/${employeeId}/banks/export?format=csv`, stranger.token);
    expect(parent.statusCode).toBe(404);
  });

  it('stops reading when the download is cancelled half-way, and goes on serving', async () => {
    const tenant = await tenantOf(test.database.pool, stranger.user.id);
    await test.database.pool.query(
      `INSERT INTO r_orders (tenant_id, data) SELECT $1, jsonb_build_object('cargo_number', 'C-' || n, 'customer', 'Customer ' || n) FROM generate_series(1, 20000) AS n`,
      [tenant],
    );
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/orders/export?format=csv', headers: { authorization: `Bearer ${stranger.token}` } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    });
    expect(received).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The export's connection is back in the pool and the server answers as before.
    const after = await exportOf('/api/orders/export?format=csv&search=C-19999', stranger.token);
    expect(after.statusCode).toBe(200);
    expect(csvRows(after).length).toBe(2);
    expect(test.database.pool.waitingCount).toBe(0);
  });

  it.runIf(kind === 'postgres')('announces the number of rows it writes, counted in the snapshot the rows are read from', async () => {
    const tenant = await tenantOf(test.database.pool, owner.user.id);
    const trailers = test.app.engine.byName.get('trailers') as EngineResource;
    const store = new EngineStore(test.database.pool, tenant);
    const exported = await exportRows(test.database, store, trailers, {}, parseListQuery(trailers, {}), exportColumns(trailers, []));
    // Written after the count, before the first row is read: in the export's snapshot neither or both.
    await test.database.pool.query(
      `INSERT INTO r_trailers (tenant_id, data) SELECT $1, jsonb_build_object('register_number', 'LATE-' || n) FROM generate_series(1, 5) AS n`,
      [tenant],
    );
    let written = 0;
    for await (const rows of exported.batches) written += rows.length;
    expect(written).toBe(exported.total);
    await test.database.pool.query(`DELETE FROM r_trailers WHERE tenant_id = $1 AND data->>'register_number' LIKE 'LATE-%'`, [tenant]);
  });

  it('needs the right to view the list', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    expect((await exportOf('/api/trailers/export?format=csv', member.token)).statusCode).toBe(403);
    expect((await call(test.app, 'GET', '/api/trailers/export?format=csv')).statusCode).toBe(401);
  });

  it("writes the compliance page with its filters, and only the tenant's own items", async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await post(`/api/employees/${owner.user.company.id}/store`, {
      company_id: owner.user.company.id,
      name: 'Petro',
      last_name: 'Soonend',
      contract_end_date: soon,
    });
    const response = await exportOf('/api/compliance/export?format=csv&kind=contract&state=expiring');
    expect(response.statusCode, response.body).toBe(200);
    const [headings, ...rows] = csvRows(response);
    expect(headings).toEqual(['Subject type', 'Subject', 'Obligation', 'Valid until', 'Days left', 'State']);
    expect(rows).toEqual([['Employee', 'Petro Soonend', 'Contract end', soon, '10', 'Expiring soon']]);
    // A passport's type is a code of an enumeration: the file names it in the member's language, as the page does.
    const employee = await post(`/api/employees/${owner.user.company.id}/store`, { company_id: owner.user.company.id, name: 'Olga', last_name: 'Passholder' });
    await post(`/api/employees/${String(employee.id)}/passports/store`, { number: 'PA12345', type: 'biometric', expiration_date: soon });
    const german = csvRows(await exportOf('/api/compliance/export?format=csv&kind=passport', owner.token, 'de'), ';');
    expect(german.slice(1).map((row) => row[2])).toEqual(['Reisepass: Biometrisch']);
    const theirs = csvRows(await exportOf('/api/compliance/export?format=csv&kind=contract', stranger.token));
    expect(theirs.slice(1)).toEqual([]);
    expect((await exportOf('/api/compliance/export?format=csv&colour=red')).statusCode).toBe(422);
  });

  it('refuses an unknown format or parameter with a 422 naming it', async () => {
    const format = await exportOf('/api/trailers/export?format=pdf');
    expect(format.statusCode).toBe(422);
    expect(Object.keys(format.json<{ errors: object }>().errors)).toEqual(['format']);
    const unknown = await exportOf('/api/trailers/export?format=csv&colour=red');
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json<{ errors: object }>().errors)).toEqual(['colour']);
  });
});
