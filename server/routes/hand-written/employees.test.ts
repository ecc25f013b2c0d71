/** The employee card's hand-written routes: attachments, documents, their status rows, expiring documents. */
import { createMember } from '../../test-support/members';
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineResource } from '../../engine/model';
import { MAX_FILE_BYTES } from '../../plugins/multipart';
import { call, CSRF, expectErrorShape, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { model, RecordMaker } from '../../test-support/engine-records';
import { multipart, PNG, pngOfSize } from '../../test-support/files';
import { en } from '../../test-support/locale-text';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { EXPIRY_WARNING_DAYS } from './employees';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const employeesResource = model.byName.get('employees') as EngineResource;

interface StatusRow {
  id: number;
  status: number;
  relevant?: boolean;
  dateUpTo?: string;
  version: number;
  document_id: number;
  created_by: number;
}
interface EmployeeDocument {
  id: number;
  document_type_id: number;
  company_id?: number;
  document_type: { id: number; name: string; warning_days?: number };
  statuses: StatusRow[];
  days_left?: number;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)('employee attachments and documents on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let employee: number;
  let otherEmployee: number;
  let strangerEmployee: number;
  let typeId: number;
  let valid: number;
  let expired: number;
  let foreignStatus: number;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const snapshot = async () => ({
    attachments: await query('SELECT id, data, version FROM r_employee_attachments ORDER BY id'),
    documents: await query('SELECT id, data, version FROM r_employee_documents ORDER BY id'),
    rows: await query('SELECT id, data, version FROM r_employee_document_statuses ORDER BY id'),
    files: await query('SELECT id, owner_kind, owner_id FROM files ORDER BY id'),
  });
  const attach = (employeeId: number, parts: Parameters<typeof multipart>[0], token = owner.token) => {
    const { payload, contentType } = multipart(parts);
    return test.app.inject({
      method: 'POST',
      url: `/api/employees/${employeeId}/attaches/store`,
      headers: { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
  };
  const makeType = async (token: string, statuses: string[], name = 'Driving licence') => {
    const made = await call(test.app, 'POST', '/api/documents/store', { name, short_name: 'DRL', statuses: [{ name: statuses[0] }] }, { token });
    expect(made.statusCode, made.body).toBe(200);
    const type = made.json().data as { id: number };
    const stored = (
      await call(test.app, 'POST', `/api/documents/${type.id}/status/store`, { statuses: statuses.slice(1).map((name) => ({ name })) }, { token })
    ).json().data as { statuses: Array<{ id: number }> };
    return { id: type.id, statuses: stored.statuses.map((status) => status.id) };
  };
  const makeDocument = async (employeeId = employee, body: unknown = {}) => {
    const response = await call(test.app, 'POST', `/api/employees/${employeeId}/documents/${typeId}/store`, body, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: EmployeeDocument }>().data;
  };
  const addRow = async (documentId: number, body: Record<string, unknown>) => {
    const response = await call(test.app, 'POST', `/api/employees/${employee}/documents/${documentId}/status/store`, body, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StatusRow }>().data;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    const maker = new RecordMaker(test.app, owner.token);
    employee = (await maker.make(employeesResource)).id;
    otherEmployee = (await maker.make(employeesResource)).id;
    strangerEmployee = (await new RecordMaker(test.app, stranger.token).make(employeesResource)).id;
    const type = await makeType(owner.token, ['Valid', 'Expired']);
    typeId = type.id;
    [valid, expired] = type.statuses as [number, number];
    foreignStatus = (await makeType(owner.token, ['Other', 'Another'], 'Forklift licence')).statuses[0];
  });
  afterAll(async () => test?.close());

  describe('attachments', () => {
    it('stores a file for the employee and deletes it with its stored bytes', async () => {
      const response = await attach(employee, [{ field: 'file', fileName: 'contract.pdf', contentType: 'application/pdf', content: PDF }]);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        message: string;
        data: { id: number; file_name: string; mime_type: string; size: number; file_id: number; url: string; employee_id: number };
      }>();
      expect(body.message).toBe('Created successfully!');
      expect(body.data).toMatchObject({ file_name: 'contract.pdf', mime_type: 'application/pdf', size: PDF.length, employee_id: employee });
      const file = await call(test.app, 'GET', body.data.url, undefined, { token: owner.token });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect((await call(test.app, 'GET', body.data.url, undefined, { token: stranger.token })).statusCode).toBe(404);

      const removed = await call(test.app, 'DELETE', `/api/employees/${employee}/attaches/${body.data.id}/destroy`, undefined, { token: owner.token });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().message).toBe('Deleted successfully!');
      expect(await query('SELECT id FROM files WHERE id = $1', [body.data.file_id])).toEqual([]);
      expect(await query('SELECT id FROM r_employee_attachments WHERE id = $1', [body.data.id])).toEqual([]);
    });

    it('lists the employee’s attachments, newest first, with who uploaded them and when; nothing of other employees or tenants', async () => {
      const first = (await attach(otherEmployee, [{ field: 'file', fileName: 'first.pdf', contentType: 'application/pdf', content: PDF }])).json().data as {
        id: number;
      };
      const second = (await attach(otherEmployee, [{ field: 'file', fileName: 'second.png', content: PNG }])).json().data as { id: number };
      await attach(employee, [{ field: 'file', fileName: 'elsewhere.png', content: PNG }]);
      const response = await call(test.app, 'GET', `/api/employees/${otherEmployee}/attaches`, undefined, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      const listed = response.json<{ data: Array<Record<string, unknown>> }>().data;
      expect(listed.map((item) => item.id)).toEqual([second.id, first.id]);
      expect(listed[1]).toMatchObject({ file_name: 'first.pdf', mime_type: 'application/pdf', size: PDF.length, created_by: owner.user.id });
      expect(typeof listed[1].created_at).toBe('string');
      // The owner registered without a name: the login names them.
      expect(listed[1].created_by_name).toBe(owner.login);
      expect(String(listed[1].url)).toMatch(/^\/api\/files\//);
      // Another tenant's member cannot list them, nor list an employee of theirs through this tenant.
      expect((await call(test.app, 'GET', `/api/employees/${otherEmployee}/attaches`, undefined, { token: stranger.token })).statusCode).toBe(404);
      expect((await call(test.app, 'GET', `/api/employees/${strangerEmployee}/attaches`, undefined, { token: owner.token })).statusCode).toBe(404);
      const dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
      expect((await call(test.app, 'GET', `/api/employees/${otherEmployee}/attaches`, undefined, { token: dispatcher.token })).statusCode).toBe(403);
    });

    it.each([
      ['a text file named .png', [{ field: 'file', fileName: 'fake.png', contentType: 'image/png', content: 'hello' }], 422],
      ['a file over 5 MB', [{ field: 'file', fileName: 'big.png', content: pngOfSize(MAX_FILE_BYTES + 1) }], 413],
      ['no file', [{ field: 'note', content: 'x' }], 422],
      ['a file of no bytes', [{ field: 'file', fileName: 'scan.pdf', content: '' }], 422],
    ] as const)('refuses %s, storing nothing', async (_label, parts, status) => {
      const before = await snapshot();
      const response = await attach(employee, [...parts]);
      expect(response.statusCode, response.body).toBe(status);
      expectErrorShape(response);
      expect(await snapshot()).toEqual(before);
    });

    it('says a file of no bytes is empty, not that it is no PDF or image', async () => {
      const empty = await attach(employee, [{ field: 'file', fileName: 'scan.pdf', content: '' }]);
      expect(expectErrorShape(empty).errors?.file).toEqual([en('validation.file.empty')]);
    });

    it('answers 404 for another tenant’s employee or attachment, and for another employee’s attachment', async () => {
      const mine = (await attach(employee, [{ field: 'file', fileName: 'a.png', content: PNG }])).json().data as { id: number };
      const before = await snapshot();
      expect((await attach(employee, [{ field: 'file', fileName: 'a.png', content: PNG }], stranger.token)).statusCode).toBe(404);
      expect((await call(test.app, 'DELETE', `/api/employees/${employee}/attaches/${mine.id}/destroy`, undefined, { token: stranger.token })).statusCode).toBe(
        404,
      );
      expect(
        (await call(test.app, 'DELETE', `/api/employees/${strangerEmployee}/attaches/${mine.id}/destroy`, undefined, { token: stranger.token })).statusCode,
      ).toBe(404);
      expect(
        (await call(test.app, 'DELETE', `/api/employees/${otherEmployee}/attaches/${mine.id}/destroy`, undefined, { token: owner.token })).statusCode,
      ).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('documents and status rows', () => {
    it('makes a document from a type and lists it with its type and rows, filtered by company', async () => {
      const document = await makeDocument(employee, { company_id: owner.user.company.id });
      expect(document).toMatchObject({
        document_type_id: typeId,
        company_id: owner.user.company.id,
        document_type: { id: typeId, name: 'Driving licence' },
        statuses: [],
      });
      const row = await addRow(document.id, { status: valid, number: 'B-123', dateFrom: '2024-01-01', dateUpTo: '2034-01-01', relevant: true });
      expect(row).toMatchObject({ status: valid, relevant: true, document_id: document.id, created_by: owner.user.id });
      const list = (
        await call(test.app, 'GET', `/api/employees/${employee}/documents?company=${owner.user.company.id}`, undefined, { token: owner.token })
      ).json<{ data: EmployeeDocument[] }>();
      const listed = list.data.find((item) => item.id === document.id);
      expect(listed?.statuses.map((status) => status.id)).toEqual([row.id]);
      // Who made and last changed each row, by name (the owner registered without one: their login), and the type's threshold.
      expect(listed?.statuses[0]).toMatchObject({ created_by_name: owner.login, updated_by_name: owner.login });
      expect(listed?.document_type).toMatchObject({ warning_days: EXPIRY_WARNING_DAYS });
      const none = (await call(test.app, 'GET', `/api/employees/${employee}/documents?company=999999`, undefined, { token: owner.token })).json<{
        data: EmployeeDocument[];
      }>();
      expect(none.data).toEqual([]);
      expect((await call(test.app, 'GET', `/api/employees/${employee}/documents?company=abc`, undefined, { token: owner.token })).statusCode).toBe(422);
    });

    it('keeps one relevant row per document, updates with a version, and deletes a row', async () => {
      const document = await makeDocument();
      const first = await addRow(document.id, { status: valid, dateFrom: '2024-01-01', relevant: true });
      const second = await addRow(document.id, { status: expired, dateFrom: '2024-02-01', relevant: true });
      const rows = await query<{ id: number; data: { relevant: boolean } }>(
        'SELECT id, data FROM r_employee_document_statuses WHERE parent_id = $1 ORDER BY id',
        [document.id],
      );
      expect(rows.map((row) => row.data.relevant)).toEqual([false, true]);
      const url = `/api/employees/${employee}/documents/${document.id}/status/${first.id}/update`;
      const current = (await query('SELECT version FROM r_employee_document_statuses WHERE id = $1', [first.id]))[0].version as number;
      const updated = await call(test.app, 'PUT', url, { relevant: true, comment: 'renewed', version: current }, { token: owner.token });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toBe('Updated successfully!');
      expect((await query('SELECT data FROM r_employee_document_statuses WHERE id = $1', [second.id]))[0].data.relevant).toBe(false);
      expect((await call(test.app, 'PUT', url, { comment: 'again', version: current }, { token: owner.token })).statusCode).toBe(409);
      expect((await call(test.app, 'PUT', url, { comment: 'again' }, { token: owner.token })).statusCode).toBe(422);
      const removed = await call(test.app, 'DELETE', `/api/employees/${employee}/documents/${document.id}/status/${second.id}/destroy`, undefined, {
        token: owner.token,
      });
      expect(removed.statusCode).toBe(200);
      expect(await query('SELECT id FROM r_employee_document_statuses WHERE id = $1', [second.id])).toEqual([]);
    });

    it('clears the optional fields of a row sent as null, keeping the others', async () => {
      const document = await makeDocument();
      const row = await addRow(document.id, { status: valid, number: 'LIC-1', dateFrom: '2024-01-01', dateUpTo: '2030-01-01', comment: 'scan' });
      const [{ version }] = await query<{ version: number }>('SELECT version FROM r_employee_document_statuses WHERE id = $1', [row.id]);
      const url = `/api/employees/${employee}/documents/${document.id}/status/${row.id}/update`;
      const updated = await call(
        test.app,
        'PUT',
        url,
        { status: valid, number: null, dateFrom: '2024-01-01', dateUpTo: null, comment: null, version },
        { token: owner.token },
      );
      expect(updated.statusCode, updated.body).toBe(200);
      const [{ data }] = await query<{ data: Record<string, unknown> }>('SELECT data FROM r_employee_document_statuses WHERE id = $1', [row.id]);
      expect(data).not.toHaveProperty('number');
      expect(data).not.toHaveProperty('dateUpTo');
      expect(data).not.toHaveProperty('comment');
      expect(data).toMatchObject({ status: valid, dateFrom: '2024-01-01' });
    });

    it.each([
      ['no status', { dateFrom: '2024-01-01' }, 'status'],
      ['a status of another type', { status: 'FOREIGN', dateFrom: '2024-01-01' }, 'status'],
      ['an end before the start', { status: 'VALID', dateFrom: '2024-05-01', dateUpTo: '2024-04-01' }, 'dateUpTo'],
      ['a start in the future', { status: 'VALID', dateFrom: '2999-01-01' }, 'dateFrom'],
      ['an unknown field', { status: 'VALID', dateFrom: '2024-01-01', colour: 'red' }, 'colour'],
    ] as const)('refuses a status row with %s (422), storing nothing', async (_label, body, field) => {
      const document = await makeDocument();
      const resolved = Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, value === 'FOREIGN' ? foreignStatus : value === 'VALID' ? valid : value]),
      );
      const before = await snapshot();
      const response = await call(test.app, 'POST', `/api/employees/${employee}/documents/${document.id}/status/store`, resolved, { token: owner.token });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(expectErrorShape(response).errors ?? {})).toContain(field);
      expect(await snapshot()).toEqual(before);
    });

    it('deletes a document with its rows', async () => {
      const document = await makeDocument();
      const row = await addRow(document.id, { status: valid, dateFrom: '2024-01-01' });
      const response = await call(test.app, 'DELETE', `/api/employees/${employee}/documents/${document.id}/destroy`, undefined, { token: owner.token });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Deleted successfully!');
      expect(await query('SELECT id FROM r_employee_documents WHERE id = $1', [document.id])).toEqual([]);
      expect(await query('SELECT id FROM r_employee_document_statuses WHERE id = $1', [row.id])).toEqual([]);
    });

    it(`lists documents whose relevant row ends within ${EXPIRY_WARNING_DAYS} days, soonest first`, async () => {
      const maker = new RecordMaker(test.app, owner.token);
      const person = (await maker.make(employeesResource)).id;
      const make = async (upTo: string, relevant: boolean) => {
        const document = await makeDocument(person);
        await call(
          test.app,
          'POST',
          `/api/employees/${person}/documents/${document.id}/status/store`,
          { status: valid, dateFrom: '2024-01-01', dateUpTo: upTo, relevant },
          { token: owner.token },
        );
        return document.id;
      };
      const soon = await make(isoDay(10), true);
      const gone = await make(isoDay(-3), true);
      await make(isoDay(EXPIRY_WARNING_DAYS + 5), true);
      await make(isoDay(5), false);
      // A type warning 60 days ahead: its document ending in 45 days is listed, by its own threshold.
      const longType = (
        await call(
          test.app,
          'POST',
          '/api/documents/store',
          { name: 'Work permit', short_name: 'WPR', warning_days: 60, statuses: [{ name: 'Granted' }] },
          { token: owner.token },
        )
      ).json<{ data: { id: number; statuses: Array<{ id: number }> } }>().data;
      const permit = (await call(test.app, 'POST', `/api/employees/${person}/documents/${longType.id}/store`, {}, { token: owner.token })).json<{
        data: { id: number };
      }>().data.id;
      await call(
        test.app,
        'POST',
        `/api/employees/${person}/documents/${permit}/status/store`,
        { status: longType.statuses[0].id, dateFrom: '2024-01-01', dateUpTo: isoDay(45), relevant: true },
        { token: owner.token },
      );
      const response = await call(test.app, 'GET', `/api/employees/${person}/documents/status/expires`, undefined, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: EmployeeDocument[] }>();
      expect(body.data.map((document) => [document.id, document.days_left])).toEqual([
        [gone, -3],
        [soon, 10],
        [permit, 45],
      ]);
    });

    it('answers 404 for another tenant’s employee, type, document or row, and for another employee’s document, changing nothing', async () => {
      const document = await makeDocument();
      const row = await addRow(document.id, { status: valid, dateFrom: '2024-01-01' });
      const before = await snapshot();
      const base = `/api/employees/${employee}/documents`;
      const attempts: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
        ['list', 'GET', base, undefined],
        ['expires', 'GET', `${base}/status/expires`, undefined],
        ['store', 'POST', `${base}/${typeId}/store`, {}],
        ['destroy', 'DELETE', `${base}/${document.id}/destroy`, undefined],
        ['row store', 'POST', `${base}/${document.id}/status/store`, { status: valid, dateFrom: '2024-01-01' }],
        ['row update', 'PUT', `${base}/${document.id}/status/${row.id}/update`, { comment: 'x', version: row.version }],
        ['row destroy', 'DELETE', `${base}/${document.id}/status/${row.id}/destroy`, undefined],
      ];
      for (const [label, method, url, body] of attempts)
        expect((await call(test.app, method, url, body, { token: stranger.token })).statusCode, label).toBe(404);
      expect((await call(test.app, 'POST', `/api/employees/${strangerEmployee}/documents/${typeId}/store`, {}, { token: stranger.token })).statusCode).toBe(
        404,
      );
      expect(
        (await call(test.app, 'DELETE', `/api/employees/${otherEmployee}/documents/${document.id}/destroy`, undefined, { token: owner.token })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            test.app,
            'PUT',
            `/api/employees/${otherEmployee}/documents/${document.id}/status/${row.id}/update`,
            { comment: 'x', version: row.version },
            { token: owner.token },
          )
        ).statusCode,
      ).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });
});
