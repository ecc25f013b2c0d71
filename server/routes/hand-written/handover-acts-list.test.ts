/**
 * The fleet's handover acts in one list (issue 13), on both databases: newest first with the vehicle's
 * label, both parties' names and how many damages are new; filtered and paged; only the tenant's own acts,
 * only with the transport view right. And the tenant's default equipment list, a plain engine resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../../test-support/api-client';
import { databases } from '../../test-support/databases';
import { createMember } from '../../test-support/members';
import { startTestApp, type TestApp } from '../../test-support/test-app';

interface ListedAct {
  id: number;
  transport_id: number;
  date: string;
  vehicle_label: string | null;
  transferred_by_name: string | null;
  received_by_name: string | null;
  new_damages: number | null;
}

describe.each(databases)('the fleet list of handover acts on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let truck: number;
  let van: number;
  let anna: number;
  let boris: number;

  const post = (url: string, body: unknown, token = owner.token) => call(test.app, 'POST', url, body, { token });
  const list = (query = '', token = owner.token) => call(test.app, 'GET', `/api/transport/handover-acts${query}`, undefined, { token });
  const made = async (url: string, body: unknown, token = owner.token) => {
    const response = await post(url, body, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Record<string, unknown> }>().data;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    truck = (await made('/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR001' })).id as number;
    van = (await made('/api/transport/store', { board_names: 'Van 02', registration_number: 'VN002' })).id as number;
    const company = (await call(test.app, 'GET', '/api/companies', undefined, { token: owner.token })).json<{ data: Array<{ id: number }> }>().data[0].id;
    const employee = async (name: string) =>
      (await made(`/api/employees/${company}/store`, { name, last_name: 'Driver', email: `${name.toLowerCase()}-${Date.now()}@example.com` })).id as number;
    anna = await employee('Anna');
    boris = await employee('Boris');
    const act = (vehicle: number, body: Record<string, unknown>) => made(`/api/transport/${vehicle}/handover-acts/store`, body);
    await act(truck, { date: '2026-03-01', transferred_by_id: anna, received_by_id: boris, damages: [{ title: 'Scratch' }] });
    await act(truck, {
      date: '2026-03-10',
      transferred_by_id: boris,
      received_by_id: anna,
      damages: [{ title: 'scratch ' }, { title: 'Dent' }, { title: 'Fine' }],
    });
    await act(van, { date: '2026-03-05', received_by_id: anna });
    // Another tenant's act never shows.
    const theirs = (await made('/api/transport/store', { board_names: 'Their truck', registration_number: 'TT001' }, stranger.token)).id as number;
    await made(`/api/transport/${theirs}/handover-acts/store`, { date: '2026-03-07' }, stranger.token);
  });
  afterAll(async () => test?.close());

  it('lists every act of the fleet newest first, with labels, names and the new damages', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: ListedAct[]; pagination: Record<string, number> }>();
    expect(body.pagination).toEqual({ total: 3, currentPage: 1, perPage: 10, lastPage: 1 });
    expect(body.data.map((act) => [act.date, act.vehicle_label, act.transferred_by_name, act.received_by_name, act.new_damages])).toEqual([
      ['2026-03-10', 'Truck 01 (TR001)', 'Boris Driver', 'Anna Driver', 2],
      ['2026-03-05', 'Van 02 (VN002)', null, 'Anna Driver', null],
      ['2026-03-01', 'Truck 01 (TR001)', 'Anna Driver', 'Boris Driver', null],
    ]);
    expect(body.data[0].transport_id).toBe(truck);
  });

  it('filters by vehicle, employee and date range, and pages', async () => {
    const dates = async (query: string) => (await list(query)).json<{ data: ListedAct[] }>().data.map((act) => act.date);
    expect(await dates(`?transport_id=${van}`)).toEqual(['2026-03-05']);
    expect(await dates(`?employee_id=${boris}`)).toEqual(['2026-03-10', '2026-03-01']);
    expect(await dates('?date_from=2026-03-02&date_to=2026-03-09')).toEqual(['2026-03-05']);
    const second = (await list('?page=2&perPage=2')).json<{ data: ListedAct[]; pagination: Record<string, number> }>();
    expect(second.data.map((act) => act.date)).toEqual(['2026-03-01']);
    expect(second.pagination).toEqual({ total: 3, currentPage: 2, perPage: 2, lastPage: 2 });
  });

  it('answers 422 on a parameter it cannot read, an impossible date, an unknown or a repeated one', async () => {
    for (const [query, field] of [
      ['?date_from=yesterday', 'date_from'],
      ['?date_to=2026-02-30', 'date_to'],
      ['?sort=date', 'sort'],
      ['?ids=8', 'ids'],
      ['?page=1&page=2', 'page'],
      ['?transport_id=abc', 'transport_id'],
      ['?perPage=1000', 'perPage'],
      ['?page=0', 'page'],
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
    }
  });

  it('shows another tenant only its own acts, and refuses a member without the transport view right', async () => {
    const theirs = (await list('', stranger.token)).json<{ data: ListedAct[] }>().data;
    expect(theirs.map((act) => act.vehicle_label)).toEqual(['Their truck (TT001)']);
    expect((await list(`?transport_id=${truck}`, stranger.token)).json<{ data: ListedAct[] }>().data).toEqual([]);
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await list('', member.token)).statusCode).toBe(403);
    expect((await call(test.app, 'GET', '/api/transport/handover-equipment', undefined, { token: member.token })).statusCode).toBe(403);
  });

  it('is in the OpenAPI document, with the damage photo routes', async () => {
    const paths = (await call(test.app, 'GET', '/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const list = paths['/api/transport/handover-acts'].get as { parameters: Array<{ name: string; in: string }> };
    expect(list.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'query:page',
      'query:perPage',
      'query:transport_id',
      'query:employee_id',
      'query:date_from',
      'query:date_to',
    ]);
    expect(paths['/api/transport/handover-equipment']).toHaveProperty('get');
    expect(paths['/api/transport/{transportId}/handover-acts/{id}/damages/{index}/photos']).toHaveProperty('post');
    expect(paths['/api/transport/{transportId}/handover-acts/{id}/damage-photos/{fileId}']).toHaveProperty('delete');
  });

  it('keeps a default equipment list per tenant', async () => {
    await made('/api/transport/handover-equipment/store', { name: 'Warning triangle' });
    await made('/api/transport/handover-equipment/store', { name: 'Fire extinguisher' });
    const names = async (token: string) =>
      (await call(test.app, 'GET', '/api/transport/handover-equipment', undefined, { token }))
        .json<{ data: Array<{ name: string }> }>()
        .data.map((item) => item.name);
    expect(await names(owner.token)).toEqual(['Fire extinguisher', 'Warning triangle']);
    expect(await names(stranger.token)).toEqual([]);
    expect((await post('/api/transport/handover-equipment/store', { name: ' ' })).statusCode).toBe(422);
  });
});
