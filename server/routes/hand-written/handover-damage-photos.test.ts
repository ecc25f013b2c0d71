/**
 * Photos of a handover act's damages and fines (issue 13), on both databases: added to one damage, kept
 * through an edit of the act, never taken from elsewhere, removed one by one and with the act, shown in the
 * PDF; only within the tenant and with the transport update right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CSRF, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { multipart, PNG } from '../../test-support/files';
import { createMember } from '../../test-support/members';
import { startTestApp, type TestApp } from '../../test-support/test-app';

type Damage = { title: string; description?: string; photo_ids?: number[] };
type Act = { id: number; version: number; damages: Damage[]; fuel_photo_id?: number };

describe.each(databases)('damage photos of a handover act on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let truck: number;
  let act: Act;

  const base = () => `/api/transport/${truck}/handover-acts/${act.id}`;
  const files = async () =>
    (await test.database.pool.query("SELECT id FROM files WHERE owner_kind = 'handover-act' ORDER BY id")).rows.map((row: { id: number }) => Number(row.id));
  const upload = (url: string, count = 1, token = owner.token, content = PNG) => {
    const parts = Array.from({ length: count }, (_, index) => ({ field: 'photos', fileName: `photo-${index}.png`, content }));
    const { payload, contentType } = multipart(parts);
    return test.app.inject({ method: 'POST', url, headers: { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  };
  const current = async () =>
    (await call(test.app, 'GET', `/api/transport/${truck}/handover-acts`, undefined, { token: owner.token })).json<{ data: Act[] }>().data[0];

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    truck = (await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR001' }, { token: owner.token })).json()
      .data.id;
    const created = await call(
      test.app,
      'POST',
      `/api/transport/${truck}/handover-acts/store`,
      // A photo id sent with a new act is not taken: photos come only through the upload route.
      {
        date: '2026-03-01',
        damages: [
          { title: 'Dent', photo_ids: [1] },
          { title: 'Speeding fine', description: 'Camera A4' },
        ],
      },
      { token: owner.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    act = created.json().data;
    expect(act.damages[0]).not.toHaveProperty('photo_ids');
  });
  afterAll(async () => test?.close());

  it('adds photos to the damage at the index given', async () => {
    const response = await upload(`${base()}/damages/1/photos`, 2);
    expect(response.statusCode, response.body).toBe(200);
    const damages = response.json<{ data: Act }>().data.damages;
    expect(damages[0]).not.toHaveProperty('photo_ids');
    expect(damages[1].photo_ids).toHaveLength(2);
    expect(await files()).toEqual(damages[1].photo_ids);
    const image = await call(test.app, 'GET', `/api/files/${damages[1].photo_ids?.[0]}`, undefined, { token: owner.token });
    expect(image.statusCode).toBe(200);
  });

  it('refuses a damage that is not there, what is not an image and an empty upload', async () => {
    expect((await upload(`${base()}/damages/5/photos`)).statusCode).toBe(404);
    expect((await upload(`${base()}/damages/x/photos`)).statusCode).toBe(404);
    const pdf = await upload(`${base()}/damages/0/photos`, 1, owner.token, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(422);
    expect(Object.keys(pdf.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['photos']);
    expect((await upload(`${base()}/damages/0/photos`, 0)).statusCode).toBe(422);
    expect(await files()).toHaveLength(2);
  });

  it('keeps the photos through an edit that moves them, takes no other file, deletes what the edit drops', async () => {
    const before = await current();
    const [kept, dropped] = before.damages[1].photo_ids as number[];
    const edited = await call(
      test.app,
      'PUT',
      `${base()}/update`,
      // The fine moves first and keeps one photo; the dent claims a file that is not its act's.
      {
        version: before.version,
        damages: [
          { title: 'Speeding fine', photo_ids: [kept, 999_999] },
          { title: 'Dent', photo_ids: [kept] },
        ],
      },
      { token: owner.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Act }>().data.damages).toEqual([{ title: 'Speeding fine', photo_ids: [kept] }, { title: 'Dent' }]);
    expect(await files()).toEqual([kept]);
    expect(dropped).not.toBe(kept);
  });

  it('shows the damage photos in the PDF', async () => {
    const pdf = await call(test.app, 'GET', `${base()}/pdf`, undefined, { token: owner.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('another tenant and a member without the update right reach nothing', async () => {
    const [photo] = await files();
    expect((await upload(`${base()}/damages/0/photos`, 1, stranger.token)).statusCode).toBe(404);
    expect((await call(test.app, 'DELETE', `${base()}/damage-photos/${photo}`, undefined, { token: stranger.token })).statusCode).toBe(404);
    const viewer = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    expect((await upload(`${base()}/damages/0/photos`, 1, viewer.token)).statusCode).toBe(403);
    expect((await call(test.app, 'DELETE', `${base()}/damage-photos/${photo}`, undefined, { token: viewer.token })).statusCode).toBe(403);
    expect(await files()).toEqual([photo]);
  });

  it('removes one photo, then every photo goes with the act', async () => {
    const [photo] = await files();
    const removed = await call(test.app, 'DELETE', `${base()}/damage-photos/${photo}`, undefined, { token: owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: Act }>().data.damages[0]).not.toHaveProperty('photo_ids');
    expect(await files()).toEqual([]);
    expect((await call(test.app, 'DELETE', `${base()}/damage-photos/${photo}`, undefined, { token: owner.token })).statusCode).toBe(404);
    expect((await upload(`${base()}/damages/1/photos`)).statusCode).toBe(200);
    expect(await files()).toHaveLength(1);
    expect((await call(test.app, 'DELETE', `${base()}/destroy`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect(await files()).toEqual([]);
  });
});
