/**
 * Orders check their crew and equipment over the trip (issue 14 part 5): `POST /api/orders/check` and the
 * `warnings` a save answers beside `data`; the tenant setting that makes them block the save; the list's
 * marks; `unloading_date` not before `loading_date`; rights, another tenant's ids and bad input.
 */
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember } from '../test-support/members';
import { insertRecord, tenantOf as directTenantOf } from '../test-support/direct-records';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { showDay } from '../../validation/day-format';

interface Warning {
  field: string;
  subject: { type: string; id: number; label: string | null };
  kind: string | null;
  type_name: string | null;
  valid_until: string | null;
  state: string;
  message: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)('order check on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let tenant: number;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const tenantOf = async (user: RegisteredUser) => directTenantOf(test.database.pool, user.user.id);
  /** A record written straight into an engine table, as the bulk seed does. */
  const insert = async (table: string, tenantId: number, data: object, parentId?: number) =>
    insertRecord(test.database.pool, table, tenantId, data, { parentId });

  /** A staff driver with one licence whose status rows end on the given days (the first one relevant). */
  async function driver(tenantId: number, name: string, licenceType: number, upTo: number[]) {
    const employee = await insert('r_employees', tenantId, { name, last_name: 'Driver', category: 'staff' });
    if (upTo.length === 0) return employee;
    const document = await insert('r_employee_documents', tenantId, { document_type_id: licenceType }, employee);
    for (const [index, offset] of upTo.entries())
      await insert('r_employee_document_statuses', tenantId, { status: 1, dateFrom: day(-400), dateUpTo: day(offset), relevant: index === 0 }, document);
    return employee;
  }

  const check = (body: object, token = owner.token, language = 'en') => call(test.app, 'POST', '/api/orders/check', body, { token, language });
  const warningsOf = async (body: object, token = owner.token, language = 'en') => {
    const response = await check(body, token, language);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ warnings: Warning[] }>().warnings;
  };
  const orderCount = async () => Number((await query('SELECT count(*) AS n FROM r_orders WHERE tenant_id = $1', [tenant]))[0].n);
  const setBlocking = async (value: boolean) => {
    const response = await call(test.app, 'PUT', '/api/settings/tenant', { orders_block_on_compliance: value }, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
  };

  // The trip: from day 10 to day 30.
  const trip = { loading_date: day(10), unloading_date: day(30) };
  let licence: number;
  let anna: number; // licence ends on day 20: during the trip
  let boris: number; // licence ended 5 days ago: before the trip
  let carl: number; // licence ended on day 20, renewed by a new relevant row until day 400
  let dana: number; // no licence, which is required for staff
  let emil: number; // licence ends on day 30: the unloading day, still valid
  let truck: number; // every column dated; insurance ends on day 15
  let bareTruck: number; // no cell at all: every column missing
  let trailer: number; // insurance ends on day 12
  let columns: Array<{ id: number; name: string }>;
  let theirDriver: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    tenant = await tenantOf(owner);
    licence = await insert('r_hr_document_types', tenant, { name: 'Licence', short_name: 'LIC', statuses: [{ name: 'Valid' }], required_for: ['staff'] });
    anna = await driver(tenant, 'Anna', licence, [20]);
    boris = await driver(tenant, 'Boris', licence, [-5]);
    carl = await driver(tenant, 'Carl', licence, [20]);
    dana = await driver(tenant, 'Dana', licence, []);
    emil = await driver(tenant, 'Emil', licence, [30]);
    // Carl's renewal: a new relevant status row; the old one is no longer relevant.
    const [carlsDocument] = await query<{ id: number }>(`SELECT id FROM r_employee_documents WHERE parent_id = $1`, [carl]);
    await query(`UPDATE r_employee_document_statuses SET data = data || '{"relevant":false}' WHERE parent_id = $1`, [carlsDocument.id]);
    await insert('r_employee_document_statuses', tenant, { status: 1, dateFrom: day(19), dateUpTo: day(400), relevant: true }, carlsDocument.id);

    columns = (
      await query<{ id: number; name: string }>(`SELECT id, data->>'name' AS name FROM r_transport_document_groups WHERE tenant_id = $1 ORDER BY id`, [tenant])
    ).map((row) => ({ id: Number(row.id), name: row.name }));
    expect(columns.length).toBeGreaterThan(1);
    truck = await insert('r_transport', tenant, { board_names: 'Truck 01', registration_number: 'TR-001' });
    bareTruck = await insert('r_transport', tenant, { board_names: 'Truck 02', registration_number: 'TR-002' });
    for (const [index, column] of columns.entries())
      await insert('r_vehicle_documents', tenant, { transport_id: truck, group_id: column.id, start_date: day(-300), end_date: day(index === 1 ? 15 : 400) });
    trailer = await insert('r_trailers', tenant, { register_number: 'TRL-1' });
    await insert('r_trailer_insurances', tenant, { insurer: 'Allianz', start_date: day(-300), end_date: day(12) }, trailer);

    const theirs = await tenantOf(stranger);
    const theirLicence = await insert('r_hr_document_types', theirs, { name: 'Their licence', short_name: 'THL', statuses: [{ name: 'Valid' }] });
    theirDriver = await driver(theirs, 'Secret', theirLicence, [11]);
  });
  afterAll(async () => test?.close());

  describe('the trip window', () => {
    it('warns about a licence that expires during the trip, naming the driver, the document and the date', async () => {
      const warnings = await warningsOf({ ...trip, primary_driver_id: anna });
      expect(warnings).toEqual([
        {
          field: 'primary_driver_id',
          subject: { type: 'employee', id: anna, label: 'Anna Driver' },
          kind: 'document',
          type_name: 'Licence',
          valid_until: day(20),
          state: 'expiring',
          message: `Anna Driver: Licence expires on ${day(20)}, during the trip`,
        },
      ]);
    });

    it('says nothing when the licence ends after the unloading date or on it', async () => {
      expect(await warningsOf({ loading_date: day(10), unloading_date: day(19), primary_driver_id: anna })).toEqual([]);
      expect(await warningsOf({ loading_date: day(10), unloading_date: day(20), primary_driver_id: anna })).toEqual([]);
      expect(await warningsOf({ ...trip, primary_driver_id: emil })).toEqual([]);
    });

    it('says nothing once the licence is renewed by a new relevant status row', async () => {
      expect(await warningsOf({ ...trip, primary_driver_id: carl })).toEqual([]);
    });

    it('says a licence expired before the trip', async () => {
      const [warning] = await warningsOf({ ...trip, secondary_driver_id: boris });
      expect(warning).toMatchObject({ field: 'secondary_driver_id', state: 'expired', valid_until: day(-5) });
      expect(warning.message).toBe(`Boris Driver: Licence expired on ${day(-5)}, before the trip`);
    });

    it('checks the one day an order has when it has only one date, and nothing without dates', async () => {
      expect(await warningsOf({ loading_date: day(25), primary_driver_id: anna })).toMatchObject([{ state: 'expired' }]);
      expect(await warningsOf({ unloading_date: day(25), primary_driver_id: anna })).toMatchObject([{ state: 'expired' }]);
      expect(await warningsOf({ loading_date: day(15), primary_driver_id: anna })).toEqual([]);
      expect(await warningsOf({ primary_driver_id: boris, transport_id: bareTruck })).toEqual([]);
    });

    it("warns about a vehicle's document column cell and a trailer's insurance that end during the trip", async () => {
      const warnings = await warningsOf({ ...trip, transport_id: truck, trailer_id: trailer });
      expect(warnings.map(({ field, kind, type_name, valid_until, state }) => ({ field, kind, type_name, valid_until, state }))).toEqual([
        { field: 'transport_id', kind: 'vehicle-document', type_name: columns[1].name, valid_until: day(15), state: 'expiring' },
        { field: 'trailer_id', kind: 'trailer-insurance', type_name: 'Allianz', valid_until: day(12), state: 'expiring' },
      ]);
      expect(warnings[0].subject).toEqual({ type: 'vehicle', id: truck, label: 'Truck 01 (TR-001)' });
      expect(warnings[1].message).toBe(`${warnings[1].subject.label}: insurance expires on ${day(12)}, during the trip`);
    });

    it('warns about missing required documents: a driver without the licence, a vehicle without its columns', async () => {
      const warnings = await warningsOf({ ...trip, primary_driver_id: dana, transport_id: bareTruck });
      expect(warnings.filter((warning) => warning.field === 'primary_driver_id')).toEqual([
        expect.objectContaining({
          kind: 'document',
          type_name: 'Licence',
          valid_until: null,
          state: 'missing',
          message: 'Dana Driver: required Licence is missing',
        }),
      ]);
      const vehicle = warnings.filter((warning) => warning.field === 'transport_id');
      expect(vehicle.map((warning) => warning.type_name).sort()).toEqual(columns.map((column) => column.name).sort());
      expect(vehicle.every((warning) => warning.state === 'missing' && warning.kind === 'vehicle-document')).toBe(true);
    });

    it('words the warnings in the language of the request', async () => {
      const [warning] = await warningsOf({ ...trip, primary_driver_id: anna }, owner.token, 'de');
      // The day as German writes it (07.12.2026).
      expect(warning.message).toBe(`Anna Driver: Licence läuft am ${showDay(day(20), 'de')} ab, während der Fahrt`);
    });

    it('checks a partial body (the form half filled in) and refuses invalid fields present', async () => {
      expect(await warningsOf({ ...trip, primary_driver_id: anna, customer: 'Acme' })).toHaveLength(1);
      const backwards = await check({ loading_date: day(10), unloading_date: day(9) });
      expect(backwards.statusCode).toBe(422);
      expect(Object.keys(expectErrorShape(backwards).errors ?? {})).toEqual(['unloading_date']);
      for (const body of [{ primary_driver_id: 'x' }, { loading_date: '2026-13-01' }, { unknown_field: 1 }, [], [1]]) {
        const response = await check(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expectErrorShape(response);
      }
    });
  });

  it('leaves every connection planning as before (the check forces generic plans for its own statement only)', async () => {
    for (let index = 0; index < 12; index += 1) await warningsOf({ ...trip, primary_driver_id: anna, transport_id: truck, trailer_id: trailer });
    // Every connection of the pool (the embedded database's pool has one).
    const settings = await Promise.all(Array.from({ length: test.database.pool.options.max ?? 1 }, () => test.database.pool.connect()));
    try {
      for (const connection of settings)
        expect((await connection.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('auto');
    } finally {
      for (const connection of settings) connection.release();
    }
  });

  describe('saving', () => {
    it('refuses an unloading date before the loading date', async () => {
      const before = await orderCount();
      const response = await call(
        test.app,
        'POST',
        '/api/orders/store',
        { cargo_number: 'C-BACK', customer: 'Acme', loading_date: day(10), unloading_date: day(9) },
        { token: owner.token },
      );
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response).errors).toHaveProperty('unloading_date');
      expect(await orderCount()).toBe(before);
    });

    it('answers the warnings beside the saved order, on create and on update, and still saves', async () => {
      const created = await call(
        test.app,
        'POST',
        '/api/orders/store',
        { cargo_number: 'C-WARN', customer: 'Acme', ...trip, primary_driver_id: anna },
        { token: owner.token },
      );
      expect(created.statusCode, created.body).toBe(200);
      const body = created.json<{ data: { _id: number; version: number; unloading_date: string }; warnings: Warning[] }>();
      expect(body.data.unloading_date).toBe(day(30));
      expect(body.warnings).toMatchObject([{ field: 'primary_driver_id', state: 'expiring' }]);
      const updated = await call(
        test.app,
        'PUT',
        `/api/orders/update/${body.data._id}`,
        { version: body.data.version, trailer_id: trailer },
        { token: owner.token },
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<{ warnings: Warning[] }>().warnings.map((warning) => warning.field)).toEqual(['primary_driver_id', 'trailer_id']);
      const clean = await call(
        test.app,
        'POST',
        '/api/orders/store',
        { cargo_number: 'C-CLEAN', customer: 'Acme', ...trip, primary_driver_id: emil },
        { token: owner.token },
      );
      expect(clean.json<{ warnings: Warning[] }>().warnings).toEqual([]);
    });

    it('marks the orders of a list page that have a problem, with the messages', async () => {
      const response = await call(test.app, 'GET', '/api/orders?perPage=100&search=C-', undefined, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<{ data: Array<{ cargo_number: string; compliance_warnings?: string[] }> }>().data;
      const byNumber = new Map(rows.map((row) => [row.cargo_number, row.compliance_warnings]));
      expect(byNumber.get('C-WARN')).toEqual([`Anna Driver: Licence expires on ${day(20)}, during the trip`, expect.stringContaining('insurance expires')]);
      expect(byNumber.has('C-CLEAN')).toBe(true);
      expect(byNumber.get('C-CLEAN')).toBeUndefined();
    });

    it('with the tenant setting on, refuses a save with a problem (422 with the reasons under the party fields) and writes nothing', async () => {
      const created = await call(
        test.app,
        'POST',
        '/api/orders/store',
        { cargo_number: 'C-EDIT', customer: 'Acme', ...trip, primary_driver_id: emil },
        { token: owner.token },
      );
      const order = created.json<{ data: { _id: number; version: number } }>().data;
      await setBlocking(true);
      try {
        const before = await orderCount();
        const refused = await call(
          test.app,
          'POST',
          '/api/orders/store',
          { cargo_number: 'C-BLOCK', customer: 'Acme', ...trip, primary_driver_id: anna, trailer_id: trailer },
          { token: owner.token },
        );
        expect(refused.statusCode).toBe(422);
        const { errors } = expectErrorShape(refused);
        expect(errors?.primary_driver_id).toEqual([`Anna Driver: Licence expires on ${day(20)}, during the trip`]);
        expect(errors?.trailer_id).toHaveLength(1);
        expect(await orderCount()).toBe(before);

        const refusedUpdate = await call(
          test.app,
          'PUT',
          `/api/orders/update/${order._id}`,
          { version: order.version, secondary_driver_id: boris },
          { token: owner.token },
        );
        expect(refusedUpdate.statusCode).toBe(422);
        expect(expectErrorShape(refusedUpdate).errors).toHaveProperty('secondary_driver_id');
        const [stored] = await query<{ data: Record<string, unknown>; version: number }>('SELECT data, version FROM r_orders WHERE id = $1', [order._id]);
        expect(stored.version).toBe(order.version);
        expect(stored.data.secondary_driver_id).toBeUndefined();

        // The check still answers (it never blocks); a clean order still saves.
        expect(await warningsOf({ ...trip, primary_driver_id: anna })).toHaveLength(1);
        const clean = await call(
          test.app,
          'POST',
          '/api/orders/store',
          { cargo_number: 'C-OK', customer: 'Acme', ...trip, primary_driver_id: emil },
          { token: owner.token },
        );
        expect(clean.statusCode, clean.body).toBe(200);
      } finally {
        await setBlocking(false);
      }
    });
  });

  describe('the tenant setting', () => {
    it('is read by any signed-in member, with its default', async () => {
      const member = await createMember(test.app, owner.token, { permissions: [] });
      const response = await call(test.app, 'GET', '/api/settings/tenant', undefined, { token: member.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { orders_block_on_compliance: false } });
      expect((await call(test.app, 'GET', '/api/settings/tenant')).statusCode).toBe(401);
    });

    it('is changed by administrators only (403 for anyone else, even with every order right)', async () => {
      const dispatcher = await createMember(test.app, owner.token, {
        permissions: ['orders.view', 'orders.create', 'orders.update', 'orders.delete', 'users.view', 'users.update'],
      });
      const refused = await call(test.app, 'PUT', '/api/settings/tenant', { orders_block_on_compliance: true }, { token: dispatcher.token });
      expect(refused.statusCode).toBe(403);
      expectErrorShape(refused);
      const admin = await createMember(test.app, owner.token, { administrator: true });
      const changed = await call(test.app, 'PUT', '/api/settings/tenant', { orders_block_on_compliance: true }, { token: admin.token });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<{ data: object }>().data).toEqual({ orders_block_on_compliance: true });
      // Only this tenant's.
      const theirs = await call(test.app, 'GET', '/api/settings/tenant', undefined, { token: stranger.token });
      expect(theirs.json<{ data: object }>().data).toEqual({ orders_block_on_compliance: false });
      await setBlocking(false);
    });

    it('refuses a body that is not a known setting of its type with 422', async () => {
      for (const body of [{}, { orders_block_on_compliance: 'yes' }, { orders_block_on_compliance: null }, { other: true }, [], [true]]) {
        const response = await call(test.app, 'PUT', '/api/settings/tenant', body, { token: owner.token });
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expectErrorShape(response);
      }
    });
  });

  describe('rights and tenants', () => {
    it("treats another tenant's employee like a missing one: 422 on the field, nothing of theirs told", async () => {
      for (const id of [theirDriver, 99_999_999]) {
        const response = await check({ ...trip, primary_driver_id: id });
        expect(response.statusCode).toBe(422);
        expect(Object.keys(expectErrorShape(response).errors ?? {})).toEqual(['primary_driver_id']);
        expect(response.body).not.toMatch(/Secret|Their licence/);
        const saved = await call(
          test.app,
          'POST',
          '/api/orders/store',
          { cargo_number: 'C-THEIRS', customer: 'Acme', ...trip, primary_driver_id: id },
          { token: owner.token },
        );
        expect(saved.statusCode).toBe(422);
        expect(saved.body).not.toMatch(/Secret|Their licence/);
      }
      // And the stranger's check of the owner's driver is the same 422.
      const response = await check({ ...trip, primary_driver_id: anna }, stranger.token);
      expect(response.statusCode).toBe(422);
      expect(response.body).not.toMatch(/Anna/);
    });

    it('tells a member who may not see employees that the driver has a problem, not what it is', async () => {
      const dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view', 'orders.create', 'transport.view'] });
      const warnings = await warningsOf({ ...trip, primary_driver_id: anna, transport_id: truck }, dispatcher.token);
      expect(warnings).toEqual([
        {
          field: 'primary_driver_id',
          subject: { type: 'employee', id: anna, label: null },
          kind: null,
          type_name: null,
          valid_until: null,
          state: 'expiring',
          message: 'Primary driver: a document expires during the trip (you may not see the details)',
        },
        expect.objectContaining({ field: 'transport_id', subject: { type: 'vehicle', id: truck, label: 'Truck 01 (TR-001)' }, valid_until: day(15) }),
      ]);
      expect(JSON.stringify(warnings)).not.toMatch(/Anna|Licence/);
      const list = await call(test.app, 'GET', '/api/orders?perPage=100&search=C-WARN', undefined, { token: dispatcher.token });
      expect(list.body).not.toMatch(/Anna Driver|Licence/);
    });

    it('needs a session and the right to view orders', async () => {
      expect((await call(test.app, 'POST', '/api/orders/check', trip)).statusCode).toBe(401);
      const hr = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
      expect((await check(trip, hr.token)).statusCode).toBe(403);
    });
  });
});
