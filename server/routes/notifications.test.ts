/**
 * The header bell: `GET /api/notifications` lists the compliance items the member may see by their
 * rights, the most urgent first, each read or unread for this member; `POST /api/notifications/read`
 * marks some or all read. Read marks are per member and per tenant; bad bodies are 422.
 */
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember, type Member } from '../test-support/members';
import { insertRecord, tenantOf as directTenantOf } from '../test-support/direct-records';
import { startTestApp, type TestApp } from '../test-support/test-app';

interface Notification {
  key: string;
  kind: string;
  state: string;
  subject: { type: string; id: number; label: string | null };
  days_left: number | null;
  read: boolean;
}
interface Answer {
  data: Notification[];
  unread: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)('the bell on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let hr: Member;
  let fleet: Member;
  let dispatcher: Member;
  let anna: number;
  let truck: number;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const tenantOf = async (user: RegisteredUser) => directTenantOf(test.database.pool, user.user.id);
  const insert = async (table: string, tenant: number, data: object, userId: number, parentId?: number) =>
    insertRecord(test.database.pool, table, tenant, data, { userId, parentId });

  /** A staff employee with a licence whose relevant status row ends `offset` days from today. */
  async function employeeWithLicence(user: RegisteredUser, name: string, offset: number) {
    const tenant = await tenantOf(user);
    const type = await insert('r_hr_document_types', tenant, { name: 'Licence', short_name: 'LIC', statuses: [{ name: 'Valid' }] }, user.user.id);
    const employee = await insert('r_employees', tenant, { name, last_name: 'Test', company_id: user.user.company.id, category: 'staff' }, user.user.id);
    const document = await insert('r_employee_documents', tenant, { document_type_id: type }, user.user.id, employee);
    await insert('r_employee_document_statuses', tenant, { status: 1, dateFrom: day(-400), dateUpTo: day(offset), relevant: true }, user.user.id, document);
    return employee;
  }

  const bell = async (token: string) => {
    const response = await call(test.app, 'GET', '/api/notifications', undefined, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };
  const markRead = (token: string, body: unknown) => call(test.app, 'POST', '/api/notifications/read', body, { token });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    anna = await employeeWithLicence(owner, 'Anna', 5);
    // A vehicle without a date in its document columns (the tenant's three and this one): its documents are missing.
    const column = await call(test.app, 'POST', '/api/transport/documents/group/store', { name: 'Tachograph' }, { token: owner.token });
    expect(column.statusCode, column.body).toBe(200);
    const vehicle = await call(test.app, 'POST', '/api/transport/store', { board_names: 'Truck 01', registration_number: 'TR001' }, { token: owner.token });
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    truck = vehicle.json<{ data: { id: number } }>().data.id;
    await employeeWithLicence(stranger, 'Stranger', 3);
    hr = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    fleet = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
  });
  afterAll(async () => test?.close());

  it("lists the member's items, most urgent first, all unread at first", async () => {
    const answer = await bell(owner.token);
    const subjects = answer.data.map((item) => `${item.subject.type}:${item.subject.id}`);
    expect(subjects).toContain(`employee:${anna}`);
    expect(subjects).toContain(`vehicle:${truck}`);
    // Missing ones first, then the soonest.
    expect(answer.data[0].state).toBe('missing');
    const licence = answer.data.find((item) => item.subject.id === anna && item.subject.type === 'employee');
    expect(licence).toMatchObject({ kind: 'document', state: 'expiring', days_left: 5, read: false, subject: { label: 'Anna Test' } });
    expect(answer.unread).toBe(answer.data.length);
    expect(answer.data.length).toBeLessThanOrEqual(20);
  });

  it('shows a member only the subjects of their view rights, and nothing without any', async () => {
    const forHr = await bell(hr.token);
    expect(forHr.data.length).toBeGreaterThan(0);
    expect(forHr.data.every((item) => item.subject.type === 'employee')).toBe(true);
    const forFleet = await bell(fleet.token);
    expect(forFleet.data.length).toBeGreaterThan(0);
    expect(forFleet.data.every((item) => item.subject.type === 'vehicle')).toBe(true);
    expect(await bell(dispatcher.token)).toEqual({ data: [], unread: 0 });
  });

  it("keeps read marks per member: one member's read leaves another's unread", async () => {
    const licence = (await bell(hr.token)).data.find((item) => item.subject.id === anna)!;
    const response = await markRead(hr.token, { keys: [licence.key] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { keys: string[] } }>().data.keys).toEqual([licence.key]);
    const after = await bell(hr.token);
    expect(after.data.find((item) => item.key === licence.key)?.read).toBe(true);
    expect(after.unread).toBe(after.data.length - 1);
    // Marking it again changes nothing.
    expect((await markRead(hr.token, { keys: [licence.key, licence.key] })).statusCode).toBe(200);
    expect((await bell(hr.token)).unread).toBe(after.unread);
    // The owner sees the same item, still unread.
    const forOwner = await bell(owner.token);
    expect(forOwner.data.find((item) => item.key === licence.key)?.read).toBe(false);
    expect(forOwner.unread).toBe(forOwner.data.length);
  });

  it('marks every item of the bell read at once', async () => {
    const response = await markRead(fleet.token, { all: true });
    expect(response.statusCode, response.body).toBe(200);
    const after = await bell(fleet.token);
    expect(after.unread).toBe(0);
    expect(after.data.every((item) => item.read)).toBe(true);
    expect((await bell(owner.token)).unread).toBeGreaterThan(0);
  });

  it("shows a tenant only its own items, and another tenant's read marks never count", async () => {
    const theirs = await bell(stranger.token);
    expect(theirs.data.map((item) => item.subject.label)).toEqual(['Stranger Test']);
    // The stranger marks the owner's keys read: the owner's marks do not change.
    const ownerKeys = (await bell(owner.token)).data.map((item) => item.key);
    const before = (await bell(owner.token)).unread;
    expect((await markRead(stranger.token, { keys: ownerKeys })).statusCode).toBe(200);
    expect((await bell(owner.token)).unread).toBe(before);
    const marks = await query<{ tenant_id: string }>('SELECT DISTINCT tenant_id FROM notification_reads WHERE user_id = $1', [stranger.user.id]);
    expect(marks.map((mark) => Number(mark.tenant_id))).toEqual([await tenantOf(stranger)]);
  });

  it('refuses bad bodies with 422 naming the field, and needs a session', async () => {
    const bodies: Array<[unknown, string]> = [
      [undefined, 'keys'],
      [{}, 'keys'],
      [[], 'keys'],
      [{ keys: [] }, 'keys'],
      [{ keys: 'document:1' }, 'keys'],
      [{ keys: [1, 2] }, 'keys'],
      [{ keys: [''] }, 'keys'],
      [{ keys: ['x'.repeat(201)] }, 'keys'],
      [{ keys: Array.from({ length: 101 }, (_, index) => `document:${index}`) }, 'keys'],
      [{ all: false }, 'all'],
      [{ all: 'yes' }, 'all'],
      [{ all: true, keys: ['document:1'] }, 'all'],
      [{ keys: ['document:1'], extra: 1 }, 'extra'],
    ];
    for (const [body, field] of bodies) {
      const response = await markRead(owner.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await call(test.app, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(test.app, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(401);
  });
});
