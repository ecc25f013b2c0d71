/** Statuses of an HR document type: store, update, destroy (with the employee documents that use it). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { model, RecordMaker } from '../../test-support/engine-records';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { en } from '../../test-support/locale-text';
import { MIGRATIONS_DIR } from '../../db/migrate';
import type { EngineResource } from '../../engine/model';

interface DocumentType {
  id: number;
  statuses: Array<{ id?: number; name: string }>;
  doc_statuses_amount: number;
  version: number;
}

describe.each(databases)('HR document statuses on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let ownerTenant: number;
  let employeeId: number;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;

  const createType = async (statuses: string[], token = owner.token) => {
    const response = await call(
      test.app,
      'POST',
      '/api/documents/store',
      { name: `Licence ${Math.random().toString(36).slice(2, 8)}`, short_name: 'LIC', statuses: statuses.map((name) => ({ name })) },
      { token },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: DocumentType }>().data;
  };

  /** An employee document with one status row using `statusId` (rows the hand-written employee routes would make). */
  const employeeDocument = async (typeId: number, statusId: number) => {
    const [document] = await query(
      `INSERT INTO r_employee_documents (tenant_id, parent_id, data, created_by, updated_by) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
      [ownerTenant, employeeId, JSON.stringify({ document_type_id: typeId }), owner.user.id],
    );
    await query(`INSERT INTO r_employee_document_statuses (tenant_id, parent_id, data, created_by, updated_by) VALUES ($1, $2, $3, $4, $4)`, [
      ownerTenant,
      document.id,
      JSON.stringify({ status: statusId, dateFrom: '2024-01-01' }),
      owner.user.id,
    ]);
    return Number(document.id);
  };

  const snapshot = async () => ({
    types: await query(`SELECT id, data, version FROM r_hr_document_types ORDER BY id`),
    statuses: await query(`SELECT id, parent_id, data, version FROM r_hr_document_statuses ORDER BY id`),
    documents: await query(`SELECT id FROM r_employee_documents ORDER BY id`),
    rows: await query(`SELECT id FROM r_employee_document_statuses ORDER BY id`),
  });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    ownerTenant = Number((await query('SELECT tenant_id FROM users WHERE id = $1', [owner.user.id]))[0].tenant_id);
    employeeId = (await new RecordMaker(test.app, owner.token).make(model.byName.get('employees') as EngineResource)).id;
  });
  afterAll(async () => test?.close());

  it('adds statuses to a type, giving every status an id, and counts them', async () => {
    const type = await createType(['Valid']);
    const response = await call(
      test.app,
      'POST',
      `/api/documents/${type.id}/status/store`,
      { statuses: [{ name: 'Expired' }, { name: 'Pending' }] },
      { token: owner.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: DocumentType }>();
    expect(body.message).toBe('Created successfully!');
    expect(body.data.statuses.map((status) => status.name)).toEqual(['Valid', 'Expired', 'Pending']);
    expect(body.data.statuses.every((status) => Number.isInteger(status.id))).toBe(true);
    expect(body.data.doc_statuses_amount).toBe(3);
    const rows = await query<{ id: number; name: string }>(`SELECT id, data->>'name' AS name FROM r_hr_document_statuses WHERE parent_id = $1 ORDER BY id`, [
      type.id,
    ]);
    expect(rows.map((row) => [Number(row.id), row.name])).toEqual(body.data.statuses.map((status) => [status.id, status.name]));
  });

  it.each([
    ['no body field', {}, 'statuses'],
    ['an empty list', { statuses: [] }, 'statuses'],
    ['a blank name', { statuses: [{ name: '   ' }] }, 'statuses.0.name'],
    ['a name of 31 characters', { statuses: [{ name: 'x'.repeat(31) }] }, 'statuses.0.name'],
    ['an unknown field', { statuses: [{ name: 'Fine' }], other: 1 }, 'other'],
    ['a list that is not a list', { statuses: 'Valid' }, 'statuses'],
  ])('refuses %s with a 422 and stores nothing', async (_label, body, field) => {
    const type = await createType(['Valid']);
    const before = await snapshot();
    const response = await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, body, { token: owner.token });
    expect(response.statusCode, response.body).toBe(422);
    const error = expectErrorShape(response);
    expect(Object.keys(error.errors ?? {})).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('renames a status, in its record and in the type’s list', async () => {
    const type = await createType(['Valid', 'Expired']);
    const stored = (await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Pending' }] }, { token: owner.token })).json<{
      data: DocumentType;
    }>();
    const expired = stored.data.statuses[1] as { id: number };
    const response = await call(test.app, 'PUT', `/api/documents/${type.id}/status/update/${expired.id}`, { name: 'Lapsed' }, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: DocumentType }>();
    expect(body.message).toBe('Updated successfully!');
    expect(body.data.statuses.map((status) => status.name)).toEqual(['Valid', 'Lapsed', 'Pending']);
    expect((await query(`SELECT data->>'name' AS name FROM r_hr_document_statuses WHERE id = $1`, [expired.id]))[0].name).toBe('Lapsed');
  });

  it('refuses a rename sent with the type’s version as read once someone else changed the type: 409, nothing overwritten', async () => {
    const type = await createType(['Valid', 'Expired']);
    const [valid, expired] = type.statuses as Array<{ id: number }>;
    const read = type.version;
    const first = await call(
      test.app,
      'PUT',
      `/api/documents/${type.id}/status/update/${valid.id}`,
      { name: 'Current', version: read },
      { token: owner.token },
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(
      test.app,
      'PUT',
      `/api/documents/${type.id}/status/update/${expired.id}`,
      { name: 'Lapsed', version: read },
      { token: owner.token },
    );
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(en('errors.stale'));
    expect((await query(`SELECT data->>'name' AS name FROM r_hr_document_statuses WHERE id = $1`, [expired.id]))[0].name).toBe('Expired');
    // With the version now shown, it goes through.
    const now = first.json<{ data: DocumentType }>().data.version;
    const third = await call(
      test.app,
      'PUT',
      `/api/documents/${type.id}/status/update/${expired.id}`,
      { name: 'Lapsed', version: now },
      { token: owner.token },
    );
    expect(third.statusCode, third.body).toBe(200);
  });

  it('refuses a blank new name with a 422 on name', async () => {
    const type = await createType(['Valid']);
    const stored = (await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Other' }] }, { token: owner.token })).json<{
      data: DocumentType;
    }>();
    const before = await snapshot();
    const response = await call(
      test.app,
      'PUT',
      `/api/documents/${type.id}/status/update/${stored.data.statuses[1]?.id}`,
      { name: '' },
      { token: owner.token },
    );
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).errors?.name).toEqual(['This field is required']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a status name the type already has, by any route, with a 422 on it, changing nothing', async () => {
    const type = await createType(['Valid', 'Expired']);
    const before = await snapshot();
    const added = await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: ' valid ' }] }, { token: owner.token });
    expect(added.statusCode, added.body).toBe(422);
    expect(expectErrorShape(added).errors?.statuses).toEqual([en('validation.uniqueItems')]);
    const renamed = await call(
      test.app,
      'PUT',
      `/api/documents/${type.id}/status/update/${type.statuses[1].id ?? 0}`,
      { name: 'VALID' },
      { token: owner.token },
    );
    expect(renamed.statusCode, renamed.body).toBe(422);
    expect(expectErrorShape(renamed).errors?.name).toEqual([en('validation.uniqueItems')]);
    expect(await snapshot()).toEqual(before);
    const twiceAtCreation = await call(
      test.app,
      'POST',
      '/api/documents/store',
      { name: 'Permit', short_name: 'PRM', statuses: [{ name: 'Valid' }, { name: 'Valid' }] },
      { token: owner.token },
    );
    expect(twiceAtCreation.statusCode, twiceAtCreation.body).toBe(422);
    expect(expectErrorShape(twiceAtCreation).errors?.['statuses.1.name']).toEqual([en('validation.uniqueItems')]);
    // More than fifty statuses for one type: the schema's maxItems.
    const many = Array.from({ length: 51 }, (_, index) => ({ name: `S${index}` }));
    const tooMany = await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: many }, { token: owner.token });
    expect(tooMany.statusCode, tooMany.body).toBe(422);
  });

  it('deletes a status with the employee documents that have it, and keeps the others', async () => {
    const type = await createType(['Valid', 'Expired']);
    const stored = (await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Pending' }] }, { token: owner.token })).json<{
      data: DocumentType;
    }>();
    const [valid, expired] = stored.data.statuses as Array<{ id: number }>;
    const goes = await employeeDocument(type.id, expired.id);
    const stays = await employeeDocument(type.id, valid.id);
    const response = await call(test.app, 'DELETE', `/api/documents/${type.id}/status/destroy/${expired.id}`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: DocumentType }>();
    expect(body.message).toBe('Deleted successfully!');
    expect(body.data.statuses.map((status) => status.name)).toEqual(['Valid', 'Pending']);
    expect(body.data.doc_statuses_amount).toBe(2);
    expect(await query('SELECT id FROM r_hr_document_statuses WHERE id = $1', [expired.id])).toEqual([]);
    expect(await query('SELECT id FROM r_employee_documents WHERE id = $1', [goes])).toEqual([]);
    expect(await query('SELECT id FROM r_employee_document_statuses WHERE parent_id = $1', [goes])).toEqual([]);
    expect(await query('SELECT id FROM r_employee_documents WHERE id = $1', [stays])).toHaveLength(1);
  });

  it('refuses to delete the last status of a type (422), leaving everything as it was', async () => {
    const type = await createType(['Only']);
    const stored = await call(test.app, 'PUT', `/api/documents/${type.id}/status/update/999999`, { name: 'x' }, { token: owner.token });
    expect(stored.statusCode).toBe(404);
    const materialized = (
      await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Second' }] }, { token: owner.token })
    ).json<{ data: DocumentType }>();
    const [first, second] = materialized.data.statuses as Array<{ id: number }>;
    expect((await call(test.app, 'DELETE', `/api/documents/${type.id}/status/destroy/${first.id}`, undefined, { token: owner.token })).statusCode).toBe(200);
    const before = await snapshot();
    const response = await call(test.app, 'DELETE', `/api/documents/${type.id}/status/destroy/${second.id}`, undefined, { token: owner.token });
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response).errors?.statuses).toEqual(['A document type must keep at least one status']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for another tenant’s type or status, and for a status of another type, changing nothing', async () => {
    const type = await createType(['Valid']);
    const other = await createType(['Other']);
    const stored = (await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Two' }] }, { token: owner.token })).json<{
      data: DocumentType;
    }>();
    const otherStored = (
      await call(test.app, 'POST', `/api/documents/${other.id}/status/store`, { statuses: [{ name: 'Three' }] }, { token: owner.token })
    ).json<{ data: DocumentType }>();
    const statusId = stored.data.statuses[0]?.id as number;
    const before = await snapshot();
    const attempts: Array<[string, 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['stranger store', 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'Mine' }] }],
      ['stranger update', 'PUT', `/api/documents/${type.id}/status/update/${statusId}`, { name: 'Mine' }],
      ['stranger delete', 'DELETE', `/api/documents/${type.id}/status/destroy/${statusId}`, undefined],
    ];
    for (const [label, method, url, body] of attempts) {
      const response = await call(test.app, method, url, body, { token: stranger.token });
      expect(response.statusCode, label).toBe(404);
    }
    const crossType = otherStored.data.statuses[1]?.id as number;
    expect((await call(test.app, 'PUT', `/api/documents/${type.id}/status/update/${crossType}`, { name: 'Mine' }, { token: owner.token })).statusCode).toBe(
      404,
    );
    expect((await call(test.app, 'DELETE', `/api/documents/${type.id}/status/destroy/${crossType}`, undefined, { token: owner.token })).statusCode).toBe(404);
    expect((await call(test.app, 'DELETE', `/api/documents/abc/status/destroy/${statusId}`, undefined, { token: owner.token })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('gives the statuses sent with a new type their ids at once, each a status record of the type', async () => {
    const type = await createType(['Valid', 'Expired']);
    expect(type.statuses.map((status) => typeof status.id)).toEqual(['number', 'number']);
    const records = await query(`SELECT id, parent_id, data FROM r_hr_document_statuses WHERE parent_id = $1 ORDER BY id`, [type.id]);
    expect(records.map((row) => [Number(row.id), (row.data as { name: string }).name])).toEqual(type.statuses.map((status) => [status.id, status.name]));
  });

  it('follows an edit of the type through the generic route: new statuses get records, renamed ones are renamed, dropped ones go with their documents', async () => {
    const type = await createType(['Valid', 'Expired', 'Pending']);
    const [valid, expired, pending] = type.statuses as Array<{ id: number; name: string }>;
    const goes = await employeeDocument(type.id, pending.id);
    const stays = await employeeDocument(type.id, valid.id);
    const response = await call(
      test.app,
      'PUT',
      `/api/documents/update/${type.id}`,
      { version: type.version, statuses: [{ id: valid.id, name: 'In force' }, { id: expired.id, name: 'Expired' }, { name: 'Suspended' }] },
      { token: owner.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: DocumentType }>().data;
    expect(updated.statuses.map((status) => status.name)).toEqual(['In force', 'Expired', 'Suspended']);
    expect(updated.statuses.every((status) => typeof status.id === 'number')).toBe(true);
    const records = await query(`SELECT id, data FROM r_hr_document_statuses WHERE parent_id = $1 ORDER BY id`, [type.id]);
    expect(records.map((row) => (row.data as { name: string }).name)).toEqual(['In force', 'Expired', 'Suspended']);
    expect(await query('SELECT id FROM r_employee_documents WHERE id = $1', [goes])).toEqual([]);
    expect(await query('SELECT id FROM r_employee_documents WHERE id = $1', [stays])).toHaveLength(1);
  });

  it('keeps every status and employee document when an edit of the type leaves the statuses out, as its edit form does', async () => {
    const type = await createType(['Valid', 'Expired']);
    const [valid, expired] = type.statuses as Array<{ id: number; name: string }>;
    const documents = [await employeeDocument(type.id, valid.id), await employeeDocument(type.id, expired.id)];
    const response = await call(
      test.app,
      'PUT',
      `/api/documents/update/${type.id}`,
      { version: type.version, name: 'Driving licence' },
      { token: owner.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: DocumentType }>().data;
    expect(updated.statuses).toEqual(type.statuses);
    const records = await query(`SELECT id FROM r_hr_document_statuses WHERE parent_id = $1 ORDER BY id`, [type.id]);
    expect(records.map((row) => Number(row.id))).toEqual([valid.id, expired.id]);
    expect(await query('SELECT id FROM r_employee_documents WHERE id = ANY($1::bigint[])', [documents])).toHaveLength(2);
  });

  it('says how many employee documents deleting a type or a status would take, before anything is deleted', async () => {
    const type = await createType(['Valid', 'Expired']);
    const [valid, expired] = type.statuses as Array<{ id: number }>;
    await employeeDocument(type.id, valid.id);
    await employeeDocument(type.id, valid.id);
    await employeeDocument(type.id, expired.id);
    const usage = async (path: string, token = owner.token) => call(test.app, 'GET', `/api/documents/${path}`, undefined, { token });
    expect((await usage(`${type.id}/usage`)).json()).toEqual({ data: { employee_documents: 3 } });
    expect((await usage(`${type.id}/status/${valid.id}/usage`)).json()).toEqual({ data: { employee_documents: 2 } });
    expect((await usage(`${type.id}/status/${expired.id}/usage`)).json()).toEqual({ data: { employee_documents: 1 } });
    // Another tenant cannot learn anything of them: the same 404 as for ids that do not exist.
    for (const path of [`${type.id}/usage`, `${type.id}/status/${valid.id}/usage`, '999999/usage']) {
      const response = await usage(path, stranger.token);
      expect(response.statusCode, path).toBe(404);
    }
    const other = await createType(['Valid']);
    expect((await usage(`${other.id}/status/${valid.id}/usage`)).statusCode).toBe(404);
  });

  it('gives statuses stored without ids (before they got records at once) their records, by migration 006', async () => {
    const [type] = await query(`INSERT INTO r_hr_document_types (tenant_id, data, created_by, updated_by) VALUES ($1, $2, $3, $3) RETURNING id`, [
      ownerTenant,
      JSON.stringify({ name: 'Old licence', short_name: 'OLD', statuses: [{ name: 'Valid' }, { name: 'Expired' }] }),
      owner.user.id,
    ]);
    await query(readFileSync(join(MIGRATIONS_DIR, '006_hr_document_status_ids.sql'), 'utf8'));
    const [stored] = await query<{ data: DocumentType }>('SELECT data FROM r_hr_document_types WHERE id = $1', [type.id]);
    const records = await query(`SELECT id, data FROM r_hr_document_statuses WHERE parent_id = $1 ORDER BY id`, [type.id]);
    expect(stored.data.statuses).toEqual(records.map((row) => ({ id: Number(row.id), name: (row.data as { name: string }).name })));
    expect(stored.data.statuses.map((status) => status.name)).toEqual(['Valid', 'Expired']);
  });

  it('requires the CSRF header and a signed-in user', async () => {
    const type = await createType(['Valid']);
    const noCsrf = await test.app.inject({
      method: 'POST',
      url: `/api/documents/${type.id}/status/store`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { statuses: [{ name: 'X' }] },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: [{ name: 'X' }] })).statusCode).toBe(401);
  });
});
