/**
 * Safe stored file names and downloads (issue 16, point 5): through the upload routes that store files
 * (avatar, employee attachment, repair files) and `GET /api/files/:id`, on both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineResource } from '../engine/model';
import { call, CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { model, RecordMaker } from '../test-support/engine-records';
import { JPEG, multipart, PNG } from '../test-support/files';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { storedFileName } from './file-names';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
type Parts = Parameters<typeof multipart>[0];

describe('the stored name of an upload', () => {
  it.each([
    ['a right-to-left override hiding .exe', 'invoice\u202Efdp.exe', 'application/pdf', 'invoicefdp.pdf'],
    ['NUL before a second extension', 'photo.png\u0000.html', 'image/png', 'photo.png'],
    ['every bidi mark, embedding and isolate', '\u200Ea\u200Fb\u202Ac\u202Bd\u202Ce\u202Df\u2066g\u2067h\u2068i\u2069.pdf', 'application/pdf', 'abcdefghi.pdf'],
    ['control characters and DEL', 'con\u0001tr\u001fol\u007f\u0085.pdf', 'application/pdf', 'control.pdf'],
    ['an extension another type claims', 'report.docx', 'application/pdf', 'report.pdf'],
    ['no extension', 'scan', 'image/jpeg', 'scan.jpg'],
    ['another extension of the same type', 'holiday.JPEG', 'image/jpeg', 'holiday.JPEG'],
    ['dots in the name that are not an extension', 'v1.2 final', 'application/pdf', 'v1.2 final.pdf'],
    ['a path', 'C:\\Users\\me\\..\\secret.pdf', 'application/pdf', 'secret.pdf'],
    ['nothing left', '\u202E..', 'image/png', 'file.png'],
    ['quotes as a browser writes them into a multipart body', 'Bericht %22final%22 <v2> & co; #1.png', 'image/png', 'Bericht "final" <v2> & co; #1.png'],
    ['CR and LF as a browser writes them', 'two%0D%0Alines.pdf', 'application/pdf', 'twolines.pdf'],
  ])('is safe given %s', (_case, name, mimeType, expected) => {
    expect(storedFileName(name, mimeType)).toBe(expected);
  });

  it('stays within 255 characters and keeps its extension', () => {
    const stored = storedFileName(`${'ä'.repeat(400)}.exe`, 'application/pdf');
    expect(Array.from(stored)).toHaveLength(255);
    expect(stored.endsWith('ä.pdf')).toBe(true);
  });
});

describe.each(databases)('stored file names and downloads on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let employee: number;
  let truck: number;

  const send = (app: FastifyInstance, url: string, parts: Parts) => {
    const { payload, contentType } = multipart(parts);
    return app.inject({ method: 'POST', url, headers: { ...CSRF, authorization: `Bearer ${owner.token}`, 'content-type': contentType }, payload });
  };
  const download = (fileId: number) => call(test.app, 'GET', `/api/files/${fileId}`, undefined, { token: owner.token });
  const storedName = async (fileId: number) =>
    (await test.database.pool.query<{ file_name: string }>('SELECT file_name FROM files WHERE id = $1', [fileId])).rows[0]?.file_name;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    employee = (await new RecordMaker(test.app, owner.token).make(model.byName.get('employees') as EngineResource)).id;
    const response = await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR-001' }, { token: owner.token });
    truck = response.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => test?.close());

  it('stores a PDF named invoice<RLO>fdp.exe as invoicefdp.pdf and serves it inline, named both ways, not sniffable', async () => {
    const response = await send(test.app, `/api/employees/${employee}/attaches/store`, [
      { field: 'file', fileName: 'invoice\u202Efdp.exe', contentType: 'application/x-msdownload', content: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json<{ data: { file_name: string; file_id: number } }>().data;
    expect(attachment.file_name).toBe('invoicefdp.pdf');
    expect(await storedName(attachment.file_id)).toBe('invoicefdp.pdf');

    const file = await download(attachment.file_id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`inline; filename="invoicefdp.pdf"; filename*=UTF-8''invoicefdp.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not store an avatar named photo.png<NUL>.html as photo.png.html', async () => {
    const response = await send(test.app, '/api/profile/update/avatar', [
      { field: 'file', fileName: 'photo.png\u0000.html', contentType: 'text/html', content: PNG },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const fileId = Number(/\d+$/.exec(response.json<{ data: { avatar: string } }>().data.avatar)?.[0]);
    const name = await storedName(fileId);
    expect(name).not.toMatch(/html/);
    expect(name).not.toContain('\u0000');
    expect(name).toMatch(/\.png$/);
    const file = await download(fileId);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="[^"]*\.png"; filename\*=UTF-8''[^;]*\.png$/);
  });

  it('names repair files by their content, keeps letters of any language, and gives an ASCII fallback', async () => {
    const response = await send(test.app, `/api/transport/repairs/store/${truck}`, [
      { field: 'type', content: 'repair' },
      { field: 'date', content: '2024-03-01' },
      { field: 'repair_files[0]', fileName: 'Rechnung März \u2067Ω\u2069.exe', content: JPEG },
      { field: 'repair_files[1]', fileName: 'Überweisung', content: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const files = response.json<{ data: { files: Array<{ file_id: number; file_name: string }> } }>().data.files;
    expect(files.map((file) => file.file_name)).toEqual(['Rechnung März Ω.jpg', 'Überweisung.pdf']);

    const photo = await download(files[0].file_id);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toBe(`inline; filename="Rechnung M_rz _.jpg"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%CE%A9.jpg`);
  });

  it('sends any other type as an attachment, with a name stored before the cleaning cleaned on the way out', async () => {
    // A file stored by an older version, whose type is neither an image nor a PDF.
    const { rows } = await test.database.pool.query<{ id: number }>(
      `INSERT INTO files (tenant_id, owner_kind, owner_id, file_name, mime_type, size, content)
       SELECT tenant_id, 'user', id, $2, 'text/html', 5, '\\x3c623e3c2f623e'::bytea FROM users WHERE id = $1 RETURNING id`,
      [owner.user.id, 'notes\u202Elmth.txt\u0001'],
    );
    const file = await download(Number(rows[0].id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="noteslmth.txt"; filename*=UTF-8''noteslmth.txt`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
