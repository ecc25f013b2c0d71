/**
 * What deleting a vehicle takes with it (`GET /api/transport/{id}/usage`), and the cards not linked to any
 * vehicle (`transport_id_empty=true` on the cards list), the two things the vehicle page asks before it
 * deletes or links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CSRF, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { multipart, PNG } from '../../test-support/files';
import { createMember } from '../../test-support/members';
import { startTestApp, type TestApp } from '../../test-support/test-app';

interface Usage {
  documents: number;
  handover_acts: number;
  repairs: number;
  cards: number;
}

describe.each(databases)('vehicle usage and unlinked cards on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = owner.token) => {
    const response = await call(test.app, method, url, body, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Record<string, unknown> & { id?: number } }>().data;
  };
  const vehicle = async (board: string, token = owner.token) =>
    Number((await ok('POST', '/api/transport/store', { board_names: board, registration_number: `${board.slice(0, 3)}-1` }, token)).id);
  const card = async (serial: string, transportId?: number, token = owner.token) =>
    Number((await ok('POST', '/api/transport/cards/store', { type: 'fuel', serial_number: serial, transport_id: transportId }, token)).card_id);
  const usage = (id: number, token = owner.token) => call(test.app, 'GET', `/api/transport/${id}/usage`, undefined, { token });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('counts nothing for a vehicle that has nothing', async () => {
    const id = await vehicle('Empty 1');
    const response = await usage(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Usage }>().data).toEqual({ documents: 0, handover_acts: 0, repairs: 0, cards: 0 });
  });

  it('counts the documents with dates or files, the acts, the repairs and the linked cards of the vehicle only', async () => {
    const id = await vehicle('Busy 1');
    const other = await vehicle('Other 1');
    // Two document columns: the documents table makes an (empty) cell per column for the vehicle; one gets a date.
    for (const name of ['Tachograph', 'CMR cover']) await ok('POST', '/api/transport/documents/group/store', { name });
    const table = (await call(test.app, 'GET', `/api/transport/documents?transport_id=${id}`, undefined, { token: owner.token })).json<{
      data: Array<{ groups: Array<{ documents: Array<{ doc_id: number; version: number }> }> }>;
    }>().data;
    const cells = (table[0]?.groups ?? []).flatMap((group) => group.documents);
    expect(cells.length).toBeGreaterThanOrEqual(2);
    {
      const { payload, contentType } = multipart([
        { field: 'end_date', content: '2030-01-01' },
        { field: 'version', content: String(cells[0].version) },
      ]);
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/transport/documents/update/${cells[0].doc_id}`,
        headers: { ...CSRF, authorization: `Bearer ${owner.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await ok('POST', `/api/transport/${id}/handover-acts/store`, { date: '2024-01-02' });
    await ok('POST', `/api/transport/${id}/handover-acts/store`, { date: '2024-02-02' });
    await ok('POST', `/api/transport/${other}/handover-acts/store`, { date: '2024-02-02' });
    for (const target of [id, id, id, other]) {
      const { payload, contentType } = multipart([
        { field: 'type', content: 'repair' },
        { field: 'repair_files[]', fileName: 'photo.png', content: PNG },
      ]);
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/transport/repairs/store/${target}`,
        headers: { ...CSRF, authorization: `Bearer ${owner.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await card('C-USAGE-1', id);
    await card('C-USAGE-2', other);
    await card('C-USAGE-3');

    const response = await usage(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Usage }>().data).toEqual({ documents: 1, handover_acts: 2, repairs: 3, cards: 1 });
  });

  it('answers 404 for another tenant’s vehicle and for an id that is not one', async () => {
    const id = await vehicle('Mine 1');
    expect((await usage(id, stranger.token)).statusCode).toBe(404);
    expect((await usage(999_999_999)).statusCode).toBe(404);
    expect((await call(test.app, 'GET', '/api/transport/abc/usage', undefined, { token: owner.token })).statusCode).toBe(404);
  });

  it('needs a signed-in member allowed to view vehicles', async () => {
    const id = await vehicle('Guarded 1');
    expect((await call(test.app, 'GET', `/api/transport/${id}/usage`)).statusCode).toBe(401);
    const outsider = await createMember(test.app, owner.token, { permissions: ['cards.view'] });
    expect((await usage(id, outsider.token)).statusCode).toBe(403);
    const viewer = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    expect((await usage(id, viewer.token)).statusCode).toBe(200);
  });

  it('lists the cards linked to no vehicle with transport_id_empty=true, the linked ones with false', async () => {
    const id = await vehicle('Linked 1');
    const linked = await card('C-LINK-1', id);
    const free = await card('C-FREE-1');
    const strangers = await card('C-FREE-2', undefined, stranger.token);
    const ids = async (query: string) =>
      (await call(test.app, 'GET', `/api/transport/cards?perPage=100&${query}`, undefined, { token: owner.token }))
        .json<{ data: Array<{ card_id: number }> }>()
        .data.map((row) => row.card_id);
    const unlinked = await ids('transport_id_empty=true');
    expect(unlinked).toContain(free);
    expect(unlinked).not.toContain(linked);
    expect(unlinked).not.toContain(strangers);
    const withVehicle = await ids('transport_id_empty=false');
    expect(withVehicle).toContain(linked);
    expect(withVehicle).not.toContain(free);
    // Detached (transport_id cleared by an update), the card is unlinked again and still there.
    const version = (await call(test.app, 'GET', `/api/transport/cards?ids=${linked}`, undefined, { token: owner.token })).json<{
      data: Array<{ version: number }>;
    }>().data[0].version;
    await ok('PUT', `/api/transport/cards/update/${linked}`, { transport_id: null, version });
    expect(await ids('transport_id_empty=true')).toContain(linked);
    const wrong = await call(test.app, 'GET', '/api/transport/cards?transport_id_empty=maybe', undefined, { token: owner.token });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('transport_id_empty');
  });
});
