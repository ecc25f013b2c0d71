/**
 * Writes that meet at the same moment keep the references whole and never answer 500: a record deleted while
 * others naming it are created (restrict refuses one side, set-null clears what was written, a parent's delete
 * takes the children made meanwhile), a member deleted while their requests run. On PostgreSQL these ran side
 * by side and left references to nothing (jsonb has no foreign key) or foreign-key 500s; the embedded database
 * runs one transaction at a time, and must give the same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import { call, CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, model, RecordMaker, sampleBody, type Made } from '../test-support/engine-records';
import { multipart } from '../test-support/files';
import { en } from '../test-support/locale-text';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';
import type { EngineResource } from './model';

const ROUNDS = 6;
const CREATES = 4;
const resource = (name: string) => model.byName.get(name) as EngineResource;

describe.each(databases)('writes at the same moment on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let maker: RecordMaker;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
  });
  afterAll(async () => test?.close());

  const stillThere = async (target: EngineResource, id: number) =>
    (await test.database.pool.query(`SELECT 1 FROM "${target.table}" WHERE id = $1`, [id])).rows.length > 0;
  const naming = async (referencing: EngineResource, field: string, id: number) =>
    Number((await test.database.pool.query(`SELECT count(*) AS n FROM "${referencing.table}" WHERE data->>'${field}' = $1`, [String(id)])).rows[0].n);

  /** The create endpoint of `creating` naming `target` (by reference, or under it as its parent), and a body it takes. */
  async function creation(target: Made, creating: EngineResource, options: { asParent?: boolean } = {}) {
    const refs = { ...(await maker.refs(creating)), [target.resource.name]: target.id };
    const params = await maker.pathParams(creating, refs);
    if (options.asParent) params[creating.definition.parent!.param] = target.id;
    return { url: endpointUrl(creating.definition.api.create as Endpoint, params), body: () => sampleBody(creating, refs) };
  }

  /** `CREATES` creates of `creating` naming `target`, sent together with the target's delete. */
  async function deleteWhileCreating(target: Made, creating: EngineResource, options: { asParent?: boolean } = {}) {
    const { url, body } = await creation(target, creating, options);
    const creates = Array.from({ length: CREATES }, () => call(test.app, 'POST', url, body(), { token: owner.token }));
    const deleted = call(test.app, 'DELETE', endpointUrl(target.resource.definition.api.delete as Endpoint, target.params), undefined, { token: owner.token });
    const [deleteAnswer, ...createAnswers] = await Promise.all([deleted, ...creates]);
    return { deleted: deleteAnswer, created: createAnswers };
  }

  /** The creates are real ones: without a delete beside it, the same body is stored (a refused body would prove nothing). */
  async function expectCreates(target: Made, creating: EngineResource, options: { asParent?: boolean } = {}) {
    const { url, body } = await creation(target, creating, options);
    const response = await call(test.app, 'POST', url, body(), { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
  }

  const statuses = (answers: Array<{ statusCode: number }>) => answers.map((answer) => answer.statusCode);

  it('refuses either the delete of a company or the employees named after it meanwhile (restrict), never both', async () => {
    const [companies, employees] = [resource('companies'), resource('employees')];
    await expectCreates(await maker.make(companies), employees);
    for (let round = 0; round < ROUNDS; round += 1) {
      const company = await maker.make(companies);
      const { deleted, created } = await deleteWhileCreating(company, employees);
      expect(
        [deleted.statusCode, ...statuses(created)].every((status) => status < 500),
        deleted.body,
      ).toBe(true);
      if (await stillThere(companies, company.id)) expect(deleted.statusCode).toBe(409);
      else expect(await naming(employees, 'company_id', company.id), `round ${round}: employees name a deleted company`).toBe(0);
    }
  });

  it('clears a vehicle from the orders named after it while it was deleted (set-null), leaving none pointing at nothing', async () => {
    const [transport, orders] = [resource('transport'), resource('orders')];
    expect(orders.references.find((reference) => reference.field === 'transport_id')?.ref.onDelete).toBe('set-null');
    await expectCreates(await maker.make(transport), orders);
    for (let round = 0; round < ROUNDS; round += 1) {
      const vehicle = await maker.make(transport);
      const { deleted, created } = await deleteWhileCreating(vehicle, orders);
      expect(statuses(created).every((status) => status === 200 || status === 422)).toBe(true);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await naming(orders, 'transport_id', vehicle.id), `round ${round}: orders name a deleted vehicle`).toBe(0);
    }
  });

  it('lets edits of orders that keep their vehicle run beside the vehicle’s delete: no deadlock, and none left naming it', async () => {
    const [transport, orders] = [resource('transport'), resource('orders')];
    for (let round = 0; round < ROUNDS; round += 1) {
      const vehicle = await maker.make(transport);
      const named = await Promise.all(Array.from({ length: CREATES }, () => maker.make(orders, {}, { refs: { transport: vehicle.id } })));
      expect(named.every((order) => order.record.transport_id === vehicle.id)).toBe(true);
      const edits = named.map((order, index) =>
        call(
          test.app,
          'PUT',
          endpointUrl(orders.definition.api.update as Endpoint, order.params),
          { version: order.record.version, price: 100 + index },
          { token: owner.token },
        ),
      );
      const deleted = call(test.app, 'DELETE', endpointUrl(transport.definition.api.delete as Endpoint, vehicle.params), undefined, { token: owner.token });
      const [deleteAnswer, ...editAnswers] = await Promise.all([deleted, ...edits]);
      expect(deleteAnswer.statusCode, deleteAnswer.body).toBe(200);
      // An edit after the delete cleared the order's vehicle meets a newer version (409 "changed meanwhile"): right.
      // Never the 409 of a deadlock ("changed at the same moment") nor a 500.
      for (const answer of editAnswers) {
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json<{ message: string }>().message).toBe(en('errors.stale'));
      }
      expect(await naming(orders, 'transport_id', vehicle.id), `round ${round}`).toBe(0);
    }
  });

  it('clears a vehicle from the orders an import named it in while it was deleted, leaving none pointing at nothing', async () => {
    const [transport, orders] = [resource('transport'), resource('orders')];
    const importOrders = (file: string) => {
      const { payload, contentType } = multipart([
        { field: 'file', fileName: 'orders.csv', contentType: 'text/csv', content: file },
        { field: 'dry_run', content: 'false' },
        { field: 'mode', content: 'valid' },
      ]);
      return test.app.inject({
        method: 'POST',
        url: '/api/orders/import',
        payload,
        headers: { ...CSRF, 'content-type': contentType, authorization: `Bearer ${owner.token}` },
      });
    };
    for (let round = 0; round < 3; round += 1) {
      const registration = `IMP-${round}-${Date.now() % 100_000}`;
      const vehicle = await maker.make(transport, { board_names: `Import truck ${round}`, registration_number: registration });
      const file = ['Cargo number,Customer,Transport', ...Array.from({ length: 200 }, (_, row) => `IMP-${round}-${row},Import AG,${registration}`)].join('\n');
      const importing = importOrders(file);
      await new Promise((resolve) => setTimeout(resolve, 20 * round));
      const deleted = call(test.app, 'DELETE', endpointUrl(transport.definition.api.delete as Endpoint, vehicle.params), undefined, { token: owner.token });
      const [imported, deleteAnswer] = await Promise.all([importing, deleted]);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(deleteAnswer.statusCode, deleteAnswer.body).toBe(200);
      expect(await naming(orders, 'transport_id', vehicle.id), `round ${round}: imported orders name a deleted vehicle`).toBe(0);
    }
    // Orders were imported in some round: the rows were good ones (a file the import refused would prove nothing).
    const named = await test.database.pool.query(`SELECT count(*) AS n FROM "${orders.table}" WHERE data->>'cargo_number' LIKE 'IMP-%'`);
    expect(Number(named.rows[0].n)).toBeGreaterThan(0);
  });

  it('answers a passport added while its employee is deleted with 200 (then deleted with them) or 404, never 500', async () => {
    const [employees, passports] = [resource('employees'), resource('passports')];
    await expectCreates(await maker.make(employees), passports, { asParent: true });
    for (let round = 0; round < ROUNDS; round += 1) {
      const employee = await maker.make(employees);
      const { deleted, created } = await deleteWhileCreating(employee, passports, { asParent: true });
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const answer of created) expect([200, 404, 422], answer.body).toContain(answer.statusCode);
      expect(await stillThere(employees, employee.id)).toBe(false);
    }
  });

  it('answers the requests of a member deleted while they run with 200 or 401 (signed out), never 500', async () => {
    const orders = resource('orders');
    const refs = await maker.refs(orders);
    const sane = await call(test.app, 'POST', endpointUrl(orders.definition.api.create as Endpoint, {}), sampleBody(orders, refs), { token: owner.token });
    expect(sane.statusCode, sane.body).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      const member = await createMember(test.app, owner.token, { permissions: ['orders.view', 'orders.create'] });
      const creates = Array.from({ length: CREATES }, () =>
        call(test.app, 'POST', endpointUrl(orders.definition.api.create as Endpoint, {}), sampleBody(orders, refs), { token: member.token }),
      );
      const deleted = call(test.app, 'DELETE', `/api/users/destroy/${member.id}`, undefined, { token: owner.token });
      const [deleteAnswer, ...createAnswers] = await Promise.all([deleted, ...creates]);
      expect(deleteAnswer.statusCode, deleteAnswer.body).toBe(200);
      for (const answer of createAnswers) expect([200, 401], answer.body).toContain(answer.statusCode);
    }
  });
});
