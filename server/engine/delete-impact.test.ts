/**
 * What a delete would do, asked before it is confirmed (`GET /api/delete-impact/<resource>/{id}`): counted for the
 * tenant's own records only, one line per resource and effect, for members who may delete the record. The rule of
 * every reference of the registry is checked against it in references.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('the impact of a delete on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const made = async (url: string, body: Record<string, unknown>, token: string) => {
    const response = await call(test.app, 'POST', url, body, { token });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: Record<string, unknown> }>().data;
    return Number(data.id ?? data.card_id);
  };
  const supplier = (name: string, token = owner.token) => made('/api/transport/cards/suppliers/store', { name }, token);
  const card = (serial: string, supplierId: number, token = owner.token) =>
    made('/api/transport/cards/store', { type: 'fuel', serial_number: serial, supplier_id: supplierId }, token);
  const impact = (resource: string, id: number | string, token = owner.token) =>
    call(test.app, 'GET', `/api/delete-impact/${resource}/${id}`, undefined, { token });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('counts the records that would lose the reference, of this record only', async () => {
    const used = await supplier('Shell Fleet');
    const other = await supplier('Aral Card');
    await card('FC-1001', used);
    await card('FC-1002', used);
    await card('FC-2001', other);
    const response = await impact('suppliers', used);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual([{ resource: 'cards', effect: 'cleared', count: 2 }]);
  });

  it('answers no lines for a record nothing names', async () => {
    const unused = await supplier('Unused Supplier');
    expect((await impact('suppliers', unused)).json<{ data: unknown }>().data).toEqual([]);
  });

  it('counts no record of another tenant, and answers another tenant’s id like a missing one', async () => {
    const mine = await supplier('Mine Supplier');
    await card('FC-3001', mine);
    const theirs = await supplier('Theirs Supplier', stranger.token);
    await card('FC-9001', theirs, stranger.token);
    await card('FC-9002', theirs, stranger.token);
    expect((await impact('suppliers', mine)).json<{ data: unknown }>().data).toEqual([{ resource: 'cards', effect: 'cleared', count: 1 }]);
    for (const id of [theirs, 987_654_321, 'abc', 0]) expect((await impact('suppliers', id)).statusCode).toBe(404);
    expect((await impact('suppliers', theirs, stranger.token)).json<{ data: unknown }>().data).toEqual([{ resource: 'cards', effect: 'cleared', count: 2 }]);
  });

  it('is for members who may delete the record', async () => {
    const id = await supplier('Guarded Supplier');
    const viewer = await createMember(test.app, owner.token, { permissions: ['cards.view'] });
    const deleter = await createMember(test.app, owner.token, { permissions: ['cards.view', 'cards.delete'] });
    expect((await impact('suppliers', id, viewer.token)).statusCode).toBe(403);
    expect((await impact('suppliers', id, deleter.token)).statusCode).toBe(200);
    expect((await call(test.app, 'GET', `/api/delete-impact/suppliers/${id}`)).statusCode).toBe(401);
  });

  it('is not offered for a resource nothing names', async () => {
    const order = await made('/api/orders/store', { cargo_number: 'CRG-1', customer: 'Danube Steel' }, owner.token);
    expect((await impact('orders', order)).statusCode).toBe(404);
  });
});
