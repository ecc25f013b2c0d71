/**
 * Labels for the members of referencing resources (label-reads.ts): a dispatcher picks an order's drivers among
 * the employees without the HR right, and reads nothing of them but their labels; on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import type { EngineResource } from './model';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, model, RecordMaker } from '../test-support/engine-records';
import { en } from '../test-support/locale-text';
import { createMember, type Member, storeRights } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

const employees = model.byName.get('employees') as EngineResource;

describe.each(databases)('labels of a referenced resource on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let driver: { id: number; name: string; last_name: string; params: Record<string, number> };
  let dispatcher: Member;

  const get = (url: string, token: string) => call(test.app, 'GET', url, undefined, { token });
  const records = async (url: string, token: string) => {
    const response = await get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Array<Record<string, unknown>> }>().data;
  };

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    const made = await new RecordMaker(test.app, owner.token).make(employees);
    const named = await call(
      test.app,
      'PUT',
      endpointUrl(employees.definition.api.update as Endpoint, made.params),
      { name: 'Olena', last_name: 'Shevchenko', email: 'olena@example.com', version: made.record.version },
      { token: owner.token },
    );
    expect(named.statusCode, named.body).toBe(200);
    driver = { id: made.id, name: 'Olena', last_name: 'Shevchenko', params: made.params };
    dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view', 'orders.create', 'orders.update'] });
  }, 60_000);
  afterAll(async () => test?.close());

  it('answers a member who works with orders each employee as its id and label only, by search and by ids', async () => {
    const found = await records('/api/employees?search=Shevch', dispatcher.token);
    expect(found).toEqual([{ id: driver.id, name: 'Olena', last_name: 'Shevchenko' }]);
    expect(await records(`/api/employees?ids=${driver.id}&perPage=20&page=1`, dispatcher.token)).toEqual(found);
    // Who holds the HR right still reads the whole record.
    const [full] = await records(`/api/employees?ids=${driver.id}`, owner.token);
    expect(full).toMatchObject({ id: driver.id, email: 'olena@example.com', company_id: expect.any(Number) as number });
  });

  it('lets such a member’s search find the label’s words only: an e-mail address cannot be tried out', async () => {
    expect(await records('/api/employees?search=olena@example.com', dispatcher.token)).toEqual([]);
    expect(await records('/api/employees?search=example.com', dispatcher.token)).toEqual([]);
    // Each word in a label field: both names, in either order; one word outside them finds nothing.
    expect((await records('/api/employees?search=Shevchenko%20olena', dispatcher.token)).map((record) => record.id)).toEqual([driver.id]);
    expect(await records('/api/employees?search=Shevchenko%20example', dispatcher.token)).toEqual([]);
    // A viewer's search, labels asked or not, still finds the address.
    expect((await records('/api/employees?search=olena@example.com&labels=true', owner.token)).map((record) => record.id)).toEqual([driver.id]);
    expect((await records('/api/employees?search=olena@example.com', owner.token)).map((record) => record.id)).toEqual([driver.id]);
  });

  it('answers labels only to anyone who asks (labels=true), with what tells alike labels apart to a viewer, and records no read', async () => {
    const reads = async () =>
      (await get(`/api/audit-log?resource=employees&record_id=${driver.id}&perPage=100`, owner.token))
        .json<{ data: Array<{ action: string }> }>()
        .data.filter((entry) => entry.action === 'read').length;
    const before = await reads();
    const label = { id: driver.id, name: 'Olena', last_name: 'Shevchenko' };
    // The owner may see the sensitive fields, and gets none of them: a reference cell's and a picker's request.
    expect(await records(`/api/employees?ids=${driver.id}&labels=true`, owner.token)).toEqual([
      { ...label, email: 'olena@example.com', phone: expect.any(String) as string },
    ]);
    expect(await records('/api/employees?search=Shevch&labels=true&page=1&perPage=20', owner.token)).toEqual([
      { ...label, email: 'olena@example.com', phone: expect.any(String) as string },
    ]);
    expect(await reads()).toBe(before);
    // The whole record is a read of its sensitive fields, as before.
    await records(`/api/employees?ids=${driver.id}`, owner.token);
    expect(await reads()).toBe(before + 1);
    // A member who reads labels only gets no more by asking.
    expect(await records(`/api/employees?ids=${driver.id}&labels=true`, dispatcher.token)).toEqual([label]);
    // Labels only is labels only: no filter or sort beside it, and a value that is not true or false is refused.
    const sorted = await get('/api/employees?labels=true&sort=last_name', owner.token);
    expect(sorted.statusCode, sorted.body).toBe(422);
    expect(sorted.json<{ errors: Record<string, string[]> }>().errors.sort).toEqual([en('validation.notAllowed')]);
    const maybe = await get('/api/employees?labels=maybe', owner.token);
    expect(maybe.statusCode, maybe.body).toBe(422);
    expect(maybe.json<{ errors: Record<string, string[]> }>().errors.labels).toEqual([en('validation.type.boolean')]);
    expect((await get('/api/employees?labels=false&perPage=1', owner.token)).statusCode).toBe(200);
  });

  it('refuses such a member any filter or sort as a list they may not view (403), and the record itself', async () => {
    // What HR main asks: a member whose HR right was taken away while it was open is told they may not, not that the
    // data given is invalid.
    for (const query of ['email=olena%40example.com', 'sort=last_name&order=asc', 'category=staff', 'labels=true&sort=last_name']) {
      const response = await get(`/api/employees?${query}`, dispatcher.token);
      expect(response.statusCode, query).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(en('errors.forbidden'));
    }
    expect((await get(endpointUrl(employees.definition.api.show as Endpoint, driver.params), dispatcher.token)).statusCode).toBe(403);
    expect((await get('/api/employees/counts?by=category', dispatcher.token)).statusCode).toBe(403);
  });

  it('serves the labels to any right but delete of a referencing resource, and to nobody else', async () => {
    const fleet = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    expect(await records(`/api/employees?ids=${driver.id}`, fleet.token)).toEqual([{ id: driver.id, name: 'Olena', last_name: 'Shevchenko' }]);
    for (const permissions of [[], ['orders.delete'], ['documents.view']]) {
      const member = await createMember(test.app, owner.token);
      // Stored as it is: `orders.delete` alone is refused by the member dialog and the API now, yet may be stored from before.
      await storeRights(test.database.pool, member.id, permissions);
      expect((await get('/api/employees', member.token)).statusCode, permissions.join()).toBe(403);
    }
  });

  it('shows another tenant’s dispatcher none of this tenant’s employees', async () => {
    const theirs = await createMember(test.app, stranger.token, { permissions: ['orders.view'] });
    expect(await records(`/api/employees?ids=${driver.id}`, theirs.token)).toEqual([]);
    expect(await records('/api/employees?search=Shevchenko', theirs.token)).toEqual([]);
  });
});
