/** Repair reports with files: multipart store and update, file removal, files gone with the report. */
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../plugins/multipart';
import { call, CSRF, expectErrorShape, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { multipart, PNG, pngOfSize } from '../../test-support/files';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

interface Repair {
  repair_id: number;
  transport_id: number;
  type: string;
  cost?: number;
  periodicity?: string;
  files: Array<{ file_id: number; file_name: string }>;
  version: number;
}
type Parts = Parameters<typeof multipart>[0];

describe.each(databases)('repairs with files on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let truck: number;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const snapshot = async () => ({
    repairs: await query('SELECT id, data, version FROM r_repairs ORDER BY id'),
    files: await query('SELECT id, owner_kind, owner_id FROM files ORDER BY id'),
  });
  const send = (url: string, parts: Parts, token = owner.token) => {
    const { payload, contentType } = multipart(parts);
    return test.app.inject({ method: 'POST', url, headers: { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  };
  const store = async (parts: Parts) => {
    const response = await send(`/api/transport/repairs/store/${truck}`, parts);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Repair }>().data;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    const response = await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR-001' }, { token: owner.token });
    truck = response.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => test?.close());

  it('creates a report from the form fields and its files', async () => {
    const response = await send(`/api/transport/repairs/store/${truck}`, [
      { field: 'type', content: 'repair' },
      { field: 'date', content: '2024-03-01' },
      { field: 'cost', content: '120.5' },
      { field: 'periodicity', content: '' },
      { field: 'repair_files[0]', fileName: 'invoice.pdf', content: PDF },
      { field: 'repair_files[1]', fileName: 'photo.png', content: PNG },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: Repair }>();
    expect(body.message).toBe('Created successfully!');
    expect(body.data).toMatchObject({ transport_id: truck, type: 'repair', cost: 120.5, date: '2024-03-01' });
    expect(body.data).not.toHaveProperty('periodicity');
    expect(body.data.files.map((file) => file.file_name)).toEqual(['invoice.pdf', 'photo.png']);
    const list = (await call(test.app, 'GET', '/api/transport/repairs', undefined, { token: owner.token })).json<{ data: Repair[] }>();
    expect(list.data.find((repair) => repair.repair_id === body.data.repair_id)?.files).toEqual(body.data.files);
    const file = await call(test.app, 'GET', `/api/files/${body.data.files[0].file_id}`, undefined, { token: owner.token });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await call(test.app, 'GET', `/api/files/${body.data.files[0].file_id}`, undefined, { token: stranger.token })).statusCode).toBe(404);
  });

  it.each([
    ['a missing type', [{ field: 'date', content: '2024-03-01' }], 422, 'type'],
    ['an unknown type', [{ field: 'type', content: 'washing' }], 422, 'type'],
    [
      'a cost that is not a number',
      [
        { field: 'type', content: 'repair' },
        { field: 'cost', content: 'a lot' },
      ],
      422,
      'cost',
    ],
    [
      'an unknown field',
      [
        { field: 'type', content: 'repair' },
        { field: 'colour', content: 'red' },
      ],
      422,
      'colour',
    ],
    [
      'a text file named .png',
      [
        { field: 'type', content: 'repair' },
        { field: 'repair_files[0]', fileName: 'fake.png', contentType: 'image/png', content: 'plain text' },
      ],
      422,
      'repair_files[0]',
    ],
    [
      'a file over 5 MB',
      [
        { field: 'type', content: 'repair' },
        { field: 'repair_files', fileName: 'big.png', content: pngOfSize(MAX_FILE_BYTES + 1) },
      ],
      413,
      null,
    ],
  ] as const)('refuses %s, storing nothing', async (_label, parts, status, field) => {
    const before = await snapshot();
    const response = await send(`/api/transport/repairs/store/${truck}`, [...parts]);
    expect(response.statusCode, response.body).toBe(status);
    const error = expectErrorShape(response);
    if (field) expect(Object.keys(error.errors ?? {})).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('updates the fields it is sent, keeps the others, adds files, and checks a sent version', async () => {
    const repair = await store([
      { field: 'type', content: 'repair' },
      { field: 'cost', content: '10' },
      { field: 'repair_files', fileName: 'a.png', content: PNG },
    ]);
    const response = await send(`/api/transport/repairs/update/${repair.repair_id}`, [
      { field: 'type', content: 'maintenance' },
      { field: 'cost', content: '' },
      { field: 'version', content: String(repair.version) },
      { field: 'repair_files[]', fileName: 'b.pdf', content: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: Repair }>();
    expect(body.message).toBe('Updated successfully!');
    expect(body.data).toMatchObject({ type: 'maintenance', transport_id: truck });
    expect(body.data).not.toHaveProperty('cost');
    expect(body.data.files.map((file) => file.file_name)).toEqual(['a.png', 'b.pdf']);
    const stale = await send(`/api/transport/repairs/update/${repair.repair_id}`, [
      { field: 'type', content: 'repair' },
      { field: 'version', content: String(repair.version) },
    ]);
    expect(stale.statusCode).toBe(409);
  });

  it('answers 404 for another tenant’s vehicle, report or file, changing nothing', async () => {
    const repair = await store([
      { field: 'type', content: 'repair' },
      { field: 'repair_files', fileName: 'a.png', content: PNG },
    ]);
    const before = await snapshot();
    expect((await send(`/api/transport/repairs/store/${truck}`, [{ field: 'type', content: 'repair' }], stranger.token)).statusCode).toBe(404);
    expect((await send(`/api/transport/repairs/update/${repair.repair_id}`, [{ field: 'type', content: 'maintenance' }], stranger.token)).statusCode).toBe(404);
    expect(
      (await call(test.app, 'DELETE', `/api/transport/repairs/destroy-file/${repair.files[0].file_id}`, undefined, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect((await send('/api/transport/repairs/store/0', [{ field: 'type', content: 'repair' }])).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('removes one file from its report, and every file with the report', async () => {
    const repair = await store([
      { field: 'type', content: 'repair' },
      { field: 'repair_files[0]', fileName: 'a.png', content: PNG },
      { field: 'repair_files[1]', fileName: 'b.pdf', content: PDF },
    ]);
    const [gone, kept] = repair.files;
    const response = await call(test.app, 'DELETE', `/api/transport/repairs/destroy-file/${gone.file_id}`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Deleted successfully!');
    expect(response.json<{ data: Repair }>().data.files).toEqual([kept]);
    expect(await query('SELECT id FROM files WHERE id = $1', [gone.file_id])).toEqual([]);
    expect((await call(test.app, 'DELETE', `/api/transport/repairs/destroy/${repair.repair_id}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect(await query('SELECT id FROM files WHERE id = $1', [kept.file_id])).toEqual([]);
  });
});
