/** Handover-act photos: uploaded, replaced, removed, served only to the tenant, gone with the act. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CSRF, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { multipart, PNG } from '../../test-support/files';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
type Parts = Parameters<typeof multipart>[0];

describe.each(databases)('handover-act photos on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let truck: number;
  let act: { id: number; version: number };

  const files = async () =>
    (await test.database.pool.query("SELECT id FROM files WHERE owner_kind = 'handover-act' ORDER BY id")).rows.map((row: { id: number }) => Number(row.id));
  const send = (url: string, parts: Parts, token = owner.token) => {
    const { payload, contentType } = multipart(parts);
    return test.app.inject({ method: 'POST', url, headers: { ...CSRF, authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  };
  const photos = (id = act.id) => `/api/transport/${truck}/handover-acts/${id}/photos`;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    truck = (await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR-001' }, { token: owner.token })).json()
      .data.id;
    const created = await call(
      test.app,
      'POST',
      `/api/transport/${truck}/handover-acts/store`,
      { date: '2024-03-01', fuel_remaining: 120, mileage: 250000 },
      { token: owner.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    act = created.json().data;
  });
  afterAll(async () => test?.close());

  it('stores the photos sent and shows their ids on the act; a new one replaces the old file', async () => {
    const first = await send(photos(), [
      { field: 'fuel_photo', fileName: 'fuel.png', content: PNG },
      { field: 'driver_selfie', fileName: 'selfie.png', content: PNG },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const withPhotos = first.json().data;
    expect(withPhotos.fuel_photo_id).toEqual(expect.any(Number));
    expect(withPhotos.driver_selfie_id).toEqual(expect.any(Number));
    expect(withPhotos).not.toHaveProperty('mileage_photo_id');
    const image = await call(test.app, 'GET', `/api/files/${withPhotos.fuel_photo_id}`, undefined, { token: owner.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await call(test.app, 'GET', `/api/files/${withPhotos.fuel_photo_id}`, undefined, { token: stranger.token })).statusCode).toBe(404);

    const replaced = await send(photos(), [{ field: 'fuel_photo', fileName: 'fuel-2.png', content: PNG }]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.fuel_photo_id).not.toBe(withPhotos.fuel_photo_id);
    expect(await files()).toEqual([withPhotos.driver_selfie_id, replaced.json().data.fuel_photo_id].sort((a, b) => a - b));
  });

  it('refuses what is not an image, a request without a photo, and read-only ids in the act body', async () => {
    const before = await files();
    const pdf = await send(photos(), [{ field: 'mileage_photo', fileName: 'scan.pdf', content: PDF }]);
    expect(pdf.statusCode).toBe(422);
    expect(Object.keys(pdf.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['mileage_photo']);
    expect((await send(photos(), [{ field: 'note', content: 'no photo' }])).statusCode).toBe(422);
    expect(await files()).toEqual(before);
    const current = (await call(test.app, 'GET', `/api/transport/${truck}/handover-acts`, undefined, { token: owner.token })).json().data[0];
    const forged = await call(
      test.app,
      'PUT',
      `/api/transport/${truck}/handover-acts/${act.id}/update`,
      { version: current.version, fuel_photo_id: 1 },
      { token: owner.token },
    );
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data.fuel_photo_id).toBe(current.fuel_photo_id);
  });

  it('another tenant and another vehicle reach nothing', async () => {
    expect((await send(photos(), [{ field: 'fuel_photo', fileName: 'x.png', content: PNG }], stranger.token)).statusCode).toBe(404);
    const other = (
      await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 02', registration_number: 'TR-002' }, { token: owner.token })
    ).json().data.id;
    const wrongVehicle = `/api/transport/${other}/handover-acts/${act.id}/photos`;
    expect((await send(wrongVehicle, [{ field: 'fuel_photo', fileName: 'x.png', content: PNG }])).statusCode).toBe(404);
  });

  it('removes one photo, and every photo goes with the act', async () => {
    const current = (await call(test.app, 'GET', `/api/transport/${truck}/handover-acts`, undefined, { token: owner.token })).json().data[0];
    const removed = await call(test.app, 'DELETE', `${photos()}/driver_selfie`, undefined, { token: owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).not.toHaveProperty('driver_selfie_id');
    expect(await files()).toEqual([current.fuel_photo_id]);
    expect((await call(test.app, 'DELETE', `${photos()}/driver_selfie`, undefined, { token: owner.token })).statusCode).toBe(404);
    expect((await call(test.app, 'DELETE', `${photos()}/passport`, undefined, { token: owner.token })).statusCode).toBe(404);
    expect((await call(test.app, 'DELETE', `/api/transport/${truck}/handover-acts/${act.id}/destroy`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect(await files()).toEqual([]);
  });
});
