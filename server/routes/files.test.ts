import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../plugins/multipart';
import { call, CSRF, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { GIF, JPEG, multipart, PNG, pngOfSize, WEBP } from '../test-support/files';
import { en } from '../test-support/locale-text';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

function uploadAvatar(app: FastifyInstance, token: string, parts: Parameters<typeof multipart>[0]) {
  const { payload, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/profile/update/avatar',
    headers: { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

/** The avatar's URL in an upload's or the profile's answer. */
const avatarOf = (response: LightMyRequestResponse) => response.json<{ data: { avatar: string } }>().data.avatar;

describe.each(databases)('avatar and files on %s', (kind) => {
  let server: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;

  beforeAll(async () => {
    server = await startTestApp(kind);
    [alice, bob] = await Promise.all([registerUser(server.app), registerUser(server.app)]);
  });
  afterAll(() => server?.close());

  const getFile = (url: string, token?: string) => call(server.app, 'GET', url, undefined, { token });

  it('accepts a PNG, answers its URL with the spec message, and serves the bytes back', async () => {
    const response = await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'me.png', contentType: 'image/png', content: PNG }]);
    expect(response.statusCode).toBe(200);
    const { message, data } = response.json<{ message: string; data: { avatar: string } }>();
    expect(message).toBe(en('profile.avatarUpdated'));
    expect(data.avatar).toMatch(/^\/api\/files\/\d+$/);

    const profile = await call(server.app, 'GET', '/api/profile/show', undefined, { token: alice.token });
    expect(avatarOf(profile)).toBe(data.avatar);

    const file = await getFile(data.avatar, alice.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename="me.png"; filename*=UTF-8''me.png`);
    expect(file.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('accepts a %s and stores the type found in its bytes', async (_name, content, mime) => {
    // The declared type is deliberately wrong: only the content counts.
    const response = await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'photo.bin', contentType: 'text/plain', content }]);
    expect(response.statusCode, response.body).toBe(200);
    const file = await getFile(avatarOf(response), alice.token);
    expect(file.headers['content-type']).toBe(mime);
  });

  it("a deleted member's avatar goes with them: its URL is a 404 for the tenant's other members", async () => {
    const member = await createMember(server.app, alice.token);
    const avatar = avatarOf(await uploadAvatar(server.app, member.token, [{ field: 'file', fileName: 'm.png', content: PNG }]));
    expect((await getFile(avatar, alice.token)).statusCode).toBe(200);
    const deleted = await call(server.app, 'DELETE', `/api/users/destroy/${member.id}`, undefined, { token: alice.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await getFile(avatar, alice.token)).statusCode).toBe(404);
  });

  it('replaces the previous avatar: the old file is gone', async () => {
    const first = avatarOf(await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'a.png', content: PNG }]));
    const second = avatarOf(await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'b.png', content: PNG }]));
    expect(second).not.toBe(first);
    expect((await getFile(first, alice.token)).statusCode).toBe(404);
    const { rows } = await server.database.pool.query(`SELECT count(*) AS files FROM files WHERE owner_kind = 'user' AND owner_id = $1`, [alice.user.id]);
    expect(rows).toEqual([{ files: 1 }]);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image'), 'notes.png'],
    ['an SVG (can carry scripts)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'doc.png'],
    ['an empty file', Buffer.alloc(0), 'empty.png'],
  ])('rejects %s with 422 on the file field', async (_case, content, fileName) => {
    const response = await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName, contentType: 'image/png', content }]);
    expect(response.statusCode).toBe(422);
    // A file of no bytes is said to be empty; any other is no image.
    const key = content.length === 0 ? 'validation.file.empty' : 'validation.file.imageOnly';
    expect(expectErrorShape(response)).toEqual({ message: en(key), errors: { file: [en(key)] } });
  });

  it('accepts a file of exactly 5,242,880 bytes and rejects one byte more with 413', async () => {
    const fits = await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'big.png', content: pngOfSize(MAX_FILE_BYTES) }]);
    expect(fits.statusCode, fits.body).toBe(200);
    const stored = await getFile(avatarOf(fits), alice.token);
    expect(stored.rawPayload.length).toBe(MAX_FILE_BYTES);

    const tooLarge = await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'big.png', content: pngOfSize(MAX_FILE_BYTES + 1) }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(expectErrorShape(tooLarge)).toEqual({ message: en('validation.file.tooLarge'), errors: { file: [en('validation.file.tooLarge')] } });
  });

  it('asks for a file when the form has none under "file"', async () => {
    const response = await uploadAvatar(server.app, alice.token, [
      { field: 'avatar', fileName: 'me.png', content: PNG },
      { field: 'note', content: 'hi' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: [en('validation.file.missing')] });
  });

  it('answers 415 to an avatar sent as JSON', async () => {
    const response = await call(server.app, 'POST', '/api/profile/update/avatar', { file: PNG.toString('base64') }, { token: alice.token });
    expect(response.statusCode).toBe(415);
    expect(expectErrorShape(response).message).toBe(en('errors.unsupportedMediaType'));
  });

  it('answers 400 to a broken multipart body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/profile/update/avatar',
      headers: { ...CSRF, authorization: `Bearer ${alice.token}`, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\n\x89PNG cut off here',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorShape(response);
  });

  it('requires a signed-in user to upload or download', async () => {
    const { payload, contentType } = multipart([{ field: 'file', fileName: 'me.png', content: PNG }]);
    const upload = await server.app.inject({ method: 'POST', url: '/api/profile/update/avatar', headers: { ...CSRF, 'content-type': contentType }, payload });
    expect(upload.statusCode).toBe(401);
    const avatar = avatarOf(await call(server.app, 'GET', '/api/profile/show', undefined, { token: alice.token }));
    expect((await getFile(avatar)).statusCode).toBe(401);
  });

  it("answers 404 for another tenant's file, exactly as for a missing one", async () => {
    const avatar = avatarOf(await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName: 'mine.png', content: PNG }]));
    const asBob = await getFile(avatar, bob.token);
    const missing = await getFile('/api/files/999999999', bob.token);
    expect(asBob.statusCode).toBe(404);
    expect(asBob.body).toBe(missing.body);
    expect(asBob.json()).toEqual({ message: en('errors.notFound') });
  });

  it.each(['/api/files/abc', '/api/files/0', '/api/files/-1', '/api/files/99999999999999999999', '/api/files/1.5'])(
    'answers 404 for the id in %s',
    async (url) => {
      const response = await getFile(url, alice.token);
      expect(response.statusCode).toBe(404);
      expectErrorShape(response);
    },
  );

  it('names the file safely in Content-Disposition, whatever its name', async () => {
    const fileName = "Фото mine; it's.png";
    const avatar = avatarOf(await uploadAvatar(server.app, alice.token, [{ field: 'file', fileName, content: PNG }]));
    const disposition = (await getFile(avatar, alice.token)).headers['content-disposition'] as string;
    expect(disposition).toBe(`inline; filename="____ mine_ it_s.png"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/'/g, '%27')}`);
  });
});
