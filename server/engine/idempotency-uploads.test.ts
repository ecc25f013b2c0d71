/**
 * The multipart creates take an Idempotency-Key too (an employee's attachment, a repair report with its files): an
 * upload sent again after its answer was lost answers what the first send stored, and stores no second copy of the
 * record or its files; another file under the same key is refused; a key is never another tenant's. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineResource } from './model';
import { call, CSRF, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { model, RecordMaker } from '../test-support/engine-records';
import { multipart, PNG } from '../test-support/files';
import { en } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const employees = model.byName.get('employees') as EngineResource;
type Parts = Parameters<typeof multipart>[0];

describe.each(databases)('Idempotency-Key on an upload, on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let employee: number;
  let strangerEmployee: number;
  let truck: number;
  let keyNumber = 0;
  const newKey = () => `upload-${kind}-${Date.now()}-${(keyNumber += 1)}`;

  const send = (url: string, parts: Parts, key: string | undefined, token = owner.token) => {
    const { payload, contentType } = multipart(parts);
    const headers = { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType, ...(key ? { 'idempotency-key': key } : {}) };
    return test.app.inject({ method: 'POST', url, headers, payload });
  };
  const count = async (text: string, values: unknown[]) => Number((await test.database.pool.query<{ n: string }>(text, values)).rows[0].n);
  const attachmentsOf = (employeeId: number) => count(`SELECT count(*) AS n FROM r_employee_attachments WHERE parent_id = $1`, [employeeId]);
  const storedFiles = () => count(`SELECT count(*) AS n FROM files`, []);
  const repairsOf = (truckId: number) => count(`SELECT count(*) AS n FROM r_repairs WHERE data @> $1::jsonb`, [JSON.stringify({ transport_id: truckId })]);

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    employee = (await new RecordMaker(test.app, owner.token).make(employees)).id;
    strangerEmployee = (await new RecordMaker(test.app, stranger.token).make(employees)).id;
    const made = await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 07', registration_number: 'ID-007' }, { token: owner.token });
    expect(made.statusCode, made.body).toBe(200);
    truck = made.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => test?.close());

  it('answers an attachment sent again with its key with the first one, storing one attachment and one file', async () => {
    const key = newKey();
    const [attachments, files] = [await attachmentsOf(employee), await storedFiles()];
    const parts: Parts = [{ field: 'file', fileName: 'contract.pdf', content: PDF }];
    const first = await send(`/api/employees/${employee}/attaches/store`, parts, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(`/api/employees/${employee}/attaches/store`, parts, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ data: { id: number; file_name: string } }>().data).toEqual(first.json<{ data: unknown }>().data);
    expect(again.json<{ message: string }>().message).toBe(en('crud.created'));
    expect(await attachmentsOf(employee)).toBe(attachments + 1);
    expect(await storedFiles()).toBe(files + 1);
  });

  it('refuses another file under the same key, storing nothing for it', async () => {
    const key = newKey();
    expect((await send(`/api/employees/${employee}/attaches/store`, [{ field: 'file', fileName: 'scan.png', content: PNG }], key)).statusCode).toBe(200);
    const [attachments, files] = [await attachmentsOf(employee), await storedFiles()];
    const other = await send(`/api/employees/${employee}/attaches/store`, [{ field: 'file', fileName: 'scan.png', content: PDF }], key);
    expect(other.statusCode, other.body).toBe(422);
    expect(expectErrorShape(other).message).toBe(en('errors.idempotencyKeyReused'));
    expect(await attachmentsOf(employee)).toBe(attachments);
    expect(await storedFiles()).toBe(files);
  });

  it('stores a new attachment for the same file without a key, or under a new key', async () => {
    const before = await attachmentsOf(employee);
    for (const key of [undefined, undefined, newKey(), newKey()])
      expect((await send(`/api/employees/${employee}/attaches/store`, [{ field: 'file', fileName: 'again.pdf', content: PDF }], key)).statusCode).toBe(200);
    expect(await attachmentsOf(employee)).toBe(before + 4);
  });

  it('answers 404 when the attachment the key stored was deleted since', async () => {
    const key = newKey();
    const parts: Parts = [{ field: 'file', fileName: 'gone.pdf', content: PDF }];
    const first = await send(`/api/employees/${employee}/attaches/store`, parts, key);
    const id = first.json<{ data: { id: number } }>().data.id;
    const deleted = await call(test.app, 'DELETE', `/api/employees/${employee}/attaches/${id}/destroy`, undefined, { token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const before = await attachmentsOf(employee);
    const again = await send(`/api/employees/${employee}/attaches/store`, parts, key);
    expect(again.statusCode, again.body).toBe(404);
    expect(await attachmentsOf(employee)).toBe(before);
  });

  it('never answers another tenant’s attachment for the same key', async () => {
    const key = newKey();
    const parts: Parts = [{ field: 'file', fileName: 'shared-key.pdf', content: PDF }];
    const mine = await send(`/api/employees/${employee}/attaches/store`, parts, key);
    const theirs = await send(`/api/employees/${strangerEmployee}/attaches/store`, parts, key, stranger.token);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ data: { id: number } }>().data.id).not.toBe(mine.json<{ data: { id: number } }>().data.id);
    // And the stranger's key on this tenant's employee finds nothing of theirs: it is a 404 for the employee.
    expect((await send(`/api/employees/${employee}/attaches/store`, parts, key, stranger.token)).statusCode).toBe(404);
  });

  it('answers a repair report sent again with its key with the first one, its files stored once', async () => {
    const key = newKey();
    const parts: Parts = [
      { field: 'type', content: 'repair' },
      { field: 'cost', content: '120.5' },
      { field: 'repair_files[]', fileName: 'invoice.pdf', content: PDF },
      { field: 'repair_files[]', fileName: 'photo.png', content: PNG },
    ];
    const [repairs, files] = [await repairsOf(truck), await storedFiles()];
    const first = await send(`/api/transport/repairs/store/${truck}`, parts, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(`/api/transport/repairs/store/${truck}`, parts, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const made = first.json<{ data: { repair_id: number; files: unknown[] } }>().data;
    expect(again.json<{ data: { repair_id: number; files: unknown[] } }>().data).toEqual(made);
    expect(made.files).toHaveLength(2);
    expect(await repairsOf(truck)).toBe(repairs + 1);
    expect(await storedFiles()).toBe(files + 2);

    // The same key with another cost is another request: refused, nothing stored.
    const changed = await send(
      `/api/transport/repairs/store/${truck}`,
      parts.map((part) => (part.field === 'cost' ? { ...part, content: '99' } : part)),
      key,
    );
    expect(changed.statusCode, changed.body).toBe(422);
    expect(await repairsOf(truck)).toBe(repairs + 1);
    expect(await storedFiles()).toBe(files + 2);
  });
});
