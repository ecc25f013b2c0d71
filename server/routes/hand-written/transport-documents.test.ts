/** The transport documents table: listing, show-start-date toggle, dates and files of a cell, file removal. */
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../plugins/multipart';
import { call, CSRF, expectErrorShape, registerUser, registrationBody, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { createMember } from '../../test-support/members';
import { multipart, PNG, pngOfSize } from '../../test-support/files';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { en } from '../../test-support/locale-text';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

interface Cell {
  doc_id: number;
  start_date: string | null;
  end_date: string | null;
  files: Array<{ file_id: number; file_name: string; url: string }>;
  state?: string;
}
interface Vehicle {
  id: number;
  board_names: string;
  groups: Array<{ id: number; name: string; show_document_start_date: boolean; warning_days: number; documents: Cell[] }>;
}

describe.each(databases)('transport documents on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const snapshot = async () => ({
    documents: await query('SELECT id, data, version FROM r_vehicle_documents ORDER BY id'),
    groups: await query('SELECT id, data, version FROM r_transport_document_groups ORDER BY id'),
    files: await query('SELECT id, owner_kind, owner_id, file_name, size FROM files ORDER BY id'),
  });

  const create = async (url: string, body: unknown, token = owner.token) => {
    const response = await call(test.app, 'POST', url, body, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const list = async (token = owner.token, search = '') => {
    const response = await call(test.app, 'GET', `/api/transport/documents${search}`, undefined, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Vehicle[]; pagination: { total: number } }>();
  };
  /** Sends a cell's form; with the cell's current version unless the parts carry one (`version: null`: none at all). */
  const upload = async (docId: number | string, parts: Parameters<typeof multipart>[0], token = owner.token, version?: number | null) => {
    const stored = /^\d+$/.test(String(docId))
      ? (await query<{ version: number }>('SELECT version FROM r_vehicle_documents WHERE id = $1', [Number(docId)]))[0]?.version
      : undefined;
    const sent = version === undefined ? stored : version;
    const { payload, contentType } = multipart(sent === null || sent === undefined ? parts : [...parts, { field: 'version', content: String(sent) }]);
    return test.app.inject({
      method: 'POST',
      url: `/api/transport/documents/update/${docId}`,
      headers: { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
  };
  const firstCell = async (vehicleId: number) => {
    const vehicle = (await list()).data.find((candidate) => candidate.id === vehicleId) as Vehicle;
    return vehicle.groups[0]?.documents[0];
  };

  let truck: number;
  let van: number;
  let inspection: number;
  /** The document columns of a member's tenant, in the order they were made. */
  const columnsOf = (userId: number) =>
    query<{ id: string; name: string }>(
      "SELECT id, data->>'name' AS name FROM r_transport_document_groups WHERE tenant_id = (SELECT tenant_id FROM users WHERE id = $1) ORDER BY id",
      [userId],
    );

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    // The tests below make their own columns: the owner's default ones go first (their own test is below).
    for (const column of await columnsOf(owner.user.id))
      expect((await call(test.app, 'DELETE', `/api/transport/documents/group/destroy/${column.id}`, undefined, { token: owner.token })).statusCode).toBe(200);
    truck = await create('/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR-001' });
    van = await create('/api/transport/store', { board_names: 'Van 02', registration_number: 'VN-002' });
    inspection = await create('/api/transport/documents/group/store', { name: 'Inspection' });
    await create('/api/transport/documents/group/store', { name: 'Insurance' });
    await create('/api/transport/store', { board_names: 'Alien 03', registration_number: 'AL-003' }, stranger.token);
    await create('/api/transport/documents/group/store', { name: 'Alien column' }, stranger.token);
  });
  afterAll(async () => test?.close());

  it('gives a new tenant the default columns of SPEC §3, named in the registering member’s language', async () => {
    expect((await columnsOf(stranger.user.id)).map((column) => column.name)).toEqual(['Inspection', 'Insurance', 'CMR insurance', 'Alien column']);
    const ukrainian = await call(test.app, 'POST', '/api/register', registrationBody(), { language: 'uk' });
    expect(ukrainian.statusCode, ukrainian.body).toBe(200);
    const userId = ukrainian.json<{ data: { user: { id: number } } }>().data.user.id;
    expect((await columnsOf(userId)).map((column) => column.name)).toEqual(['Техогляд', 'Страховка', 'Страховка CMR']);
  });

  it('lists every vehicle of the tenant with every column and one document per cell, stable across reads', async () => {
    const first = await list();
    expect(first.pagination).toEqual({ total: 2, currentPage: 1, perPage: 10, lastPage: 1 });
    expect(first.data.map((vehicle) => vehicle.board_names)).toEqual(['Truck 01', 'Van 02']);
    for (const vehicle of first.data) {
      expect(vehicle.groups.map((group) => group.name)).toEqual(['Inspection', 'Insurance']);
      for (const group of vehicle.groups) expect(group.documents).toEqual([expect.objectContaining({ start_date: null, end_date: null, files: [] })]);
    }
    const again = await list();
    expect(again.data.flatMap((vehicle) => vehicle.groups.map((group) => group.documents[0]?.doc_id))).toEqual(
      first.data.flatMap((vehicle) => vehicle.groups.map((group) => group.documents[0]?.doc_id)),
    );
    expect(await query('SELECT id FROM r_vehicle_documents WHERE tenant_id = (SELECT tenant_id FROM users WHERE id = $1)', [owner.user.id])).toHaveLength(4);
    expect((await list(owner.token, '?search=van')).data.map((vehicle) => vehicle.id)).toEqual([van]);
  });

  it('lists only the vehicles asked for by transport_id, never those of another tenant, with the warning days of each column', async () => {
    const one = await list(owner.token, `?transport_id=${van}`);
    expect(one.data.map((vehicle) => vehicle.id)).toEqual([van]);
    expect(one.pagination.total).toBe(1);
    expect(one.data[0]?.groups.map((group) => group.warning_days)).toEqual([30, 30]);
    const both = await list(owner.token, `?transport_id=${van},${truck}`);
    expect(both.data.map((vehicle) => vehicle.id)).toEqual([truck, van]);
    const theirs = await list(stranger.token, `?transport_id=${van},${truck}`);
    expect(theirs.data).toEqual([]);
    const bad = await call(test.app, 'GET', '/api/transport/documents?transport_id=1;drop', undefined, { token: owner.token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(expectErrorShape(bad).errors ?? {})).toEqual(['transport_id']);
  });

  it('refuses unknown or bad list parameters with a 422', async () => {
    const response = await call(test.app, 'GET', '/api/transport/documents?perPage=1000&colour=red', undefined, { token: owner.token });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(expectErrorShape(response).errors ?? {}).sort()).toEqual(['colour', 'perPage']);
  });

  it('sets show_document_start_date on every column of the tenant only', async () => {
    const response = await call(test.app, 'POST', '/api/transport/documents/show-document-start-date', { status: true }, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Updated successfully!');
    expect((await list()).data[0]?.groups.every((group) => group.show_document_start_date)).toBe(true);
    const strangers = await query(`SELECT data FROM r_transport_document_groups WHERE data->>'name' = 'Alien column'`);
    expect(strangers[0].data.show_document_start_date).not.toBe(true);
    await call(test.app, 'POST', '/api/transport/documents/show-document-start-date', { status: false }, { token: owner.token });
    expect((await list()).data[0]?.groups.some((group) => group.show_document_start_date)).toBe(false);
  });

  it.each([[{}], [{ status: 'yes' }], [{ status: true, other: 1 }]])('refuses %j for the start-date toggle with a 422', async (body) => {
    const before = await snapshot();
    const response = await call(test.app, 'POST', '/api/transport/documents/show-document-start-date', body, { token: owner.token });
    expect(response.statusCode).toBe(422);
    expectErrorShape(response);
    expect(await snapshot()).toEqual(before);
  });

  it('stores the dates and files of a document, served only to the tenant', async () => {
    const cell = await firstCell(truck);
    const response = await upload(cell.doc_id, [
      { field: 'start_date', content: '2024-01-01' },
      { field: 'end_date', content: '2025-01-01' },
      { field: 'file[0]', fileName: 'inspection.png', contentType: 'image/png', content: PNG },
      { field: 'file[1]', fileName: 'inspection.pdf', contentType: 'application/pdf', content: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: Cell }>();
    expect(body.message).toBe('Updated successfully!');
    expect(body.data).toMatchObject({ doc_id: cell.doc_id, start_date: '2024-01-01', end_date: '2025-01-01' });
    expect(body.data.files.map((file) => file.file_name)).toEqual(['inspection.png', 'inspection.pdf']);
    // Judged by the compliance engine: an end date in the past is expired; a cell without one is missing.
    expect(await firstCell(truck)).toMatchObject({ start_date: '2024-01-01', files: body.data.files, state: 'expired' });
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const renewed = await upload(cell.doc_id, [{ field: 'end_date', content: soon }]);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await firstCell(truck)).toMatchObject({ end_date: soon, state: 'expiring' });
    expect((await firstCell(van)).state).toBe('missing');
    const png = await call(test.app, 'GET', body.data.files[0].url, undefined, { token: owner.token });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await call(test.app, 'GET', body.data.files[1].url, undefined, { token: stranger.token })).statusCode).toBe(404);
  });

  it('refuses an end date before the start date with a 422 on end_date, storing nothing', async () => {
    const cell = await firstCell(van);
    const before = await snapshot();
    const response = await upload(cell.doc_id, [
      { field: 'start_date', content: '2024-05-01' },
      { field: 'end_date', content: '2024-04-30' },
      { field: 'file[0]', fileName: 'a.png', content: PNG },
    ]);
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).errors?.end_date).toBeDefined();
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a text file named .png', [{ field: 'file[0]', fileName: 'fake.png', contentType: 'image/png', content: 'just some text' }], 422],
    ['a file over 5 MB', [{ field: 'file[0]', fileName: 'big.png', contentType: 'image/png', content: pngOfSize(MAX_FILE_BYTES + 1) }], 413],
    ['a date that is not a date', [{ field: 'start_date', content: 'yesterday' }], 422],
    ['an unknown field', [{ field: 'colour', content: 'red' }], 422],
  ] as const)('refuses %s (%i), storing nothing', async (_label, parts, status) => {
    const cell = await firstCell(van);
    const before = await snapshot();
    const response = await upload(cell.doc_id, [...parts]);
    expect(response.statusCode, response.body).toBe(status);
    expectErrorShape(response);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 to the second of two people saving the same cell, and 422 to a save without a version, storing nothing', async () => {
    const cell = await firstCell(van);
    const seen = (await query<{ version: number }>('SELECT version FROM r_vehicle_documents WHERE id = $1', [cell.doc_id]))[0].version;
    const first = await upload(cell.doc_id, [{ field: 'end_date', content: '2027-01-01' }], owner.token, seen);
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot();
    const second = await upload(cell.doc_id, [{ field: 'end_date', content: '2028-01-01' }], owner.token, seen);
    expect(second.statusCode, second.body).toBe(409);
    expectErrorShape(second);
    const none = await upload(cell.doc_id, [{ field: 'end_date', content: '2028-01-01' }], owner.token, null);
    expect(none.statusCode).toBe(422);
    expect(expectErrorShape(none).errors?.version).toBeDefined();
    expect(await snapshot()).toEqual(before);
    expect((await firstCell(van)).end_date).toBe('2027-01-01');
  });

  it('answers 415 to a JSON body', async () => {
    const cell = await firstCell(van);
    expect(
      (await call(test.app, 'POST', `/api/transport/documents/update/${cell.doc_id}`, { start_date: '2024-01-01' }, { token: owner.token })).statusCode,
    ).toBe(415);
  });

  it('answers 404 to another tenant’s document or file, changing nothing', async () => {
    const cell = await firstCell(truck);
    const before = await snapshot();
    expect(
      (
        await upload(
          cell.doc_id,
          [
            { field: 'start_date', content: '2020-01-01' },
            { field: 'file[0]', fileName: 'x.png', content: PNG },
          ],
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await upload('abc', [{ field: 'start_date', content: '2020-01-01' }])).statusCode).toBe(404);
    expect(
      (await call(test.app, 'DELETE', `/api/transport/documents/destroy/file/${cell.files[0]?.file_id}`, undefined, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('removes one file from its document', async () => {
    const cell = await firstCell(truck);
    const [gone, kept] = cell.files;
    const response = await call(test.app, 'DELETE', `/api/transport/documents/destroy/file/${gone.file_id}`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Deleted successfully!');
    expect(response.json<{ data: Cell }>().data.files).toEqual([kept]);
    expect(await query('SELECT id FROM files WHERE id = $1', [gone.file_id])).toEqual([]);
    expect((await call(test.app, 'DELETE', `/api/transport/documents/destroy/file/${gone.file_id}`, undefined, { token: owner.token })).statusCode).toBe(404);
  });

  it('lists the tenant’s columns on their own, in the order they were made, with their versions, to members who may view transport', async () => {
    const response = await call(test.app, 'GET', '/api/transport/documents/groups?perPage=100&sort=id&order=asc', undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const columns = response.json<{ data: Array<{ id: number; name: string; warning_days: number; version: number }> }>().data;
    expect(columns.map((column) => column.name)).toEqual(['Inspection', 'Insurance']);
    // A column made without warning days has none stored: the web app reads that as the default, 30.
    expect(columns.every((column) => column.warning_days === undefined && Number.isInteger(column.version))).toBe(true);
    const theirs = (await call(test.app, 'GET', '/api/transport/documents/groups?sort=id&order=asc', undefined, { token: stranger.token })).json<{
      data: Array<{ id: number; name: string }>;
    }>();
    expect(theirs.data.map((column) => column.name)).toEqual(['Inspection', 'Insurance', 'CMR insurance', 'Alien column']);
    expect(theirs.data.some((column) => columns.some((mine) => mine.id === column.id))).toBe(false);
    const dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await call(test.app, 'GET', '/api/transport/documents/groups', undefined, { token: dispatcher.token })).statusCode).toBe(403);
    const viewer = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    expect((await call(test.app, 'GET', '/api/transport/documents/groups', undefined, { token: viewer.token })).statusCode).toBe(200);
  });

  it('renames a column and changes its warning days with its version, refusing a stale one and a short name', async () => {
    const column = await create('/api/transport/documents/group/store', { name: 'Tachograph', warning_days: 14 });
    const [stored] = await query<{ version: number }>('SELECT version FROM r_transport_document_groups WHERE id = $1', [column]);
    const renamed = await call(
      test.app,
      'POST',
      `/api/transport/documents/group/update/${column}`,
      { name: 'Tacho check', warning_days: 7, version: stored.version },
      { token: owner.token },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: { name: string; warning_days: number } }>().data).toMatchObject({ name: 'Tacho check', warning_days: 7 });
    const stale = await call(
      test.app,
      'POST',
      `/api/transport/documents/group/update/${column}`,
      { name: 'Tacho late', version: stored.version },
      { token: owner.token },
    );
    expect(stale.statusCode).toBe(409);
    const short = await call(test.app, 'POST', '/api/transport/documents/group/store', { name: 'ab' }, { token: owner.token, language: 'de' });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['name']);
    // A second column of a name the tenant has (x-unique) would be a second "Inspection" the compliance page
    // calls missing; another tenant's names are its own.
    const weighbridge = await create('/api/transport/documents/group/store', { name: 'Weighbridge' });
    const twice = await call(test.app, 'POST', '/api/transport/documents/group/store', { name: 'Weighbridge' }, { token: owner.token });
    expect(twice.statusCode, twice.body).toBe(422);
    expect(twice.json<{ errors: Record<string, string[]> }>().errors.name).toEqual([en('validation.unique')]);
    const theirs = await create('/api/transport/documents/group/store', { name: 'Weighbridge' }, stranger.token);
    expect((await call(test.app, 'DELETE', `/api/transport/documents/group/destroy/${weighbridge}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect((await call(test.app, 'DELETE', `/api/transport/documents/group/destroy/${theirs}`, undefined, { token: stranger.token })).statusCode).toBe(200);
    expect((await call(test.app, 'DELETE', `/api/transport/documents/group/destroy/${column}`, undefined, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(test.app, 'DELETE', `/api/transport/documents/group/destroy/${column}`, undefined, { token: owner.token })).statusCode).toBe(200);
  });

  it('deletes documents and their files with their column and with their vehicle', async () => {
    const cell = await firstCell(van);
    const uploaded = (await upload(cell.doc_id, [{ field: 'file[0]', fileName: 'v.png', content: PNG }])).json<{ data: Cell }>();
    const fileId = uploaded.data.files[0].file_id;
    const column = await create('/api/transport/documents/group/store', { name: 'CMR insurance' });
    const cmrCell = ((await list()).data.find((vehicle) => vehicle.id === truck) as Vehicle).groups.find((group) => group.id === column)!.documents[0];
    const cmrFile = (await upload(cmrCell.doc_id, [{ field: 'file[0]', fileName: 'c.pdf', content: PDF }])).json<{ data: Cell }>().data.files[0].file_id;

    expect((await call(test.app, 'DELETE', `/api/transport/documents/group/destroy/${column}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect(await query('SELECT id FROM r_vehicle_documents WHERE id = $1', [cmrCell.doc_id])).toEqual([]);
    expect(await query('SELECT id FROM files WHERE id = $1', [cmrFile])).toEqual([]);

    expect((await call(test.app, 'DELETE', `/api/transport/destroy/${van}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect(await query('SELECT id FROM r_vehicle_documents WHERE id = $1', [cell.doc_id])).toEqual([]);
    expect(await query('SELECT id FROM files WHERE id = $1', [fileId])).toEqual([]);
    expect(inspection).toBeGreaterThan(0);
  });
});
