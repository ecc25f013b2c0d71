/** A handover act's mileage only goes up (issue 13), and a higher one becomes the vehicle's; on both databases, per tenant. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('handover act mileage on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let plate = 0;

  const newTruck = async (mileage?: number, token = owner.token) =>
    (
      await call(
        test.app,
        'POST',
        '/api/transport/store',
        { board_names: 'Truck', registration_number: `MIL${String(plate++).padStart(3, '0')}`, ...(mileage === undefined ? {} : { mileage }) },
        { token },
      )
    ).json<{ data: { id: number } }>().data.id;
  const act = (truck: number, date: string, mileage: number, token = owner.token, language?: string) =>
    call(test.app, 'POST', `/api/transport/${truck}/handover-acts/store`, { date, mileage }, { token, language });
  const truckMileage = async (truck: number) =>
    (await call(test.app, 'GET', `/api/transport/show/${truck}`, undefined, { token: owner.token })).json<{ data: { mileage?: number } }>().data.mileage;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('refuses a mileage below the vehicle’s last known one, under the field and in the member’s language, writing nothing', async () => {
    const truck = await newTruck(250_000);
    const refused = await act(truck, '2026-03-01', 249_999, owner.token, 'de');
    expect(refused.statusCode, refused.body).toBe(422);
    const body = expectErrorShape(refused);
    expect(body.errors?.mileage?.[0]).toMatch(/250000|250\.000|250,000/);
    expect(body.errors?.mileage?.[0]).toMatch(/Kilometerstand/);
    const list = await call(test.app, 'GET', `/api/transport/${truck}/handover-acts`, undefined, { token: owner.token });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    expect(await truckMileage(truck)).toBe(250_000);
  });

  it('takes a higher mileage as the vehicle’s, and then measures the next act against it', async () => {
    const truck = await newTruck(100_000);
    expect((await act(truck, '2026-03-01', 100_500)).statusCode).toBe(200);
    expect(await truckMileage(truck)).toBe(100_500);
    expect((await act(truck, '2026-03-02', 100_400)).statusCode).toBe(422);
    expect((await act(truck, '2026-03-02', 100_500)).statusCode).toBe(200);
    expect(await truckMileage(truck)).toBe(100_500);
  });

  it('checks a late-entered act against the acts before it, not against later ones', async () => {
    const truck = await newTruck();
    expect((await act(truck, '2026-01-10', 10_000)).statusCode).toBe(200);
    expect((await act(truck, '2026-03-10', 30_000)).statusCode).toBe(200);
    // Entered later, dated between them: at least the January act's mileage.
    expect((await act(truck, '2026-02-10', 9_000)).statusCode).toBe(422);
    expect((await act(truck, '2026-02-10', 20_000)).statusCode).toBe(200);
    // The vehicle keeps the highest mileage seen.
    expect(await truckMileage(truck)).toBe(30_000);
  });

  it('refuses a back-dated act above a later act’s mileage, naming that act, and leaves the vehicle’s mileage as it was', async () => {
    const truck = await newTruck(1_000);
    expect((await act(truck, '2026-10-01', 2_000)).statusCode).toBe(200);
    const above = await act(truck, '2026-05-01', 50_000, owner.token, 'de');
    expect(above.statusCode, above.body).toBe(422);
    const message = expectErrorShape(above).errors?.mileage?.[0];
    // The later act's day as German writes it.
    expect(message).toMatch(/01\.10\.2026/);
    expect(message).toMatch(/2000|2\.000|2,000/);
    expect(await truckMileage(truck)).toBe(2_000);
    // Between the earlier floor and the later act's mileage it is taken, and the next act is measured as before.
    expect((await act(truck, '2026-05-01', 1_500)).statusCode).toBe(200);
    expect((await act(truck, '2026-11-01', 3_000)).statusCode).toBe(200);
    expect(await truckMileage(truck)).toBe(3_000);
  });

  it('refuses to set a vehicle’s mileage below what its acts recorded, and takes a correction above it', async () => {
    const truck = await newTruck(1_000);
    expect((await act(truck, '2026-10-01', 2_000)).statusCode).toBe(200);
    const version = async () =>
      (await call(test.app, 'GET', `/api/transport/show/${truck}`, undefined, { token: owner.token })).json<{ data: { version: number } }>().data.version;
    const lowered = await call(test.app, 'PUT', `/api/transport/update/${truck}`, { mileage: 10, version: await version() }, { token: owner.token });
    expect(lowered.statusCode, lowered.body).toBe(422);
    expect(expectErrorShape(lowered).errors?.mileage?.[0]).toMatch(/2026-10-01/);
    expect(await truckMileage(truck)).toBe(2_000);
    const corrected = await call(test.app, 'PUT', `/api/transport/update/${truck}`, { mileage: 2_100, version: await version() }, { token: owner.token });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await truckMileage(truck)).toBe(2_100);
  });

  it('checks an edited act too', async () => {
    const truck = await newTruck();
    await act(truck, '2026-01-10', 10_000);
    const second = (await act(truck, '2026-02-10', 12_000)).json<{ data: { id: number; version: number } }>().data;
    const lowered = await call(
      test.app,
      'PUT',
      `/api/transport/${truck}/handover-acts/${second.id}/update`,
      { mileage: 9_500, version: second.version },
      { token: owner.token },
    );
    expect(lowered.statusCode, lowered.body).toBe(422);
    expect(expectErrorShape(lowered).errors).toHaveProperty('mileage');
  });

  it('gives the vehicle back its mileage when the act that set it is deleted, and leaves one set by hand alone', async () => {
    const destroy = (truck: number, id: number) =>
      call(test.app, 'DELETE', `/api/transport/${truck}/handover-acts/${id}/destroy`, undefined, { token: owner.token });
    const idOf = (response: Awaited<ReturnType<typeof act>>) => response.json<{ data: { id: number } }>().data.id;
    // An extra digit typed in the yard: the act is deleted, and the vehicle reads what it read before.
    const truck = await newTruck(53_440);
    const typo = idOf(await act(truck, '2026-03-01', 534_400_000 / 10));
    expect(await truckMileage(truck)).toBe(53_440_000);
    expect((await destroy(truck, typo)).statusCode).toBe(200);
    expect(await truckMileage(truck)).toBe(53_440);
    expect((await act(truck, '2026-03-01', 53_500)).statusCode).toBe(200);

    // With an act before it: back to the higher of that act's reading and the vehicle's before the deleted one.
    const second = await newTruck(1_000);
    await act(second, '2026-01-10', 10_000);
    const corrected = await call(test.app, 'GET', `/api/transport/show/${second}`, undefined, { token: owner.token });
    const version = corrected.json<{ data: { version: number } }>().data.version;
    expect((await call(test.app, 'PUT', `/api/transport/update/${second}`, { mileage: 12_000, version }, { token: owner.token })).statusCode).toBe(200);
    const latest = idOf(await act(second, '2026-02-10', 900_000));
    expect((await destroy(second, latest)).statusCode).toBe(200);
    expect(await truckMileage(second)).toBe(12_000);

    // A vehicle that had no mileage before its only act has none again.
    const unread = await newTruck();
    const only = idOf(await act(unread, '2026-03-01', 99_999_999));
    expect(await truckMileage(unread)).toBe(99_999_999);
    expect((await destroy(unread, only)).statusCode).toBe(200);
    expect(await truckMileage(unread)).toBeUndefined();

    // Deleting an act whose reading is no longer the vehicle's (a later act or an edit went past it) changes nothing.
    const third = await newTruck(100);
    const first = idOf(await act(third, '2026-01-10', 200));
    await act(third, '2026-02-10', 300);
    expect((await destroy(third, first)).statusCode).toBe(200);
    expect(await truckMileage(third)).toBe(300);
  });

  it('another tenant’s acts and vehicles neither count nor change', async () => {
    const mine = await newTruck(5_000);
    const theirs = await newTruck(900_000, stranger.token);
    expect((await act(mine, '2026-04-01', 5_100, stranger.token)).statusCode).toBe(404);
    expect((await act(theirs, '2026-04-01', 900_100, stranger.token)).statusCode).toBe(200);
    expect((await act(mine, '2026-04-01', 5_050)).statusCode).toBe(200);
    expect(await truckMileage(mine)).toBe(5_050);
  });
});
