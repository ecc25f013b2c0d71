/**
 * `GET /api/hr/expiring`: the tenant's relevant HR documents and current passports that are past their end
 * date or within their type's threshold, soonest first; nothing of another tenant; rights and bad input.
 */
import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

interface Item {
  kind: string;
  item_id: number;
  document_id: number | null;
  subject: { type: string; id: number; label: string };
  company_id: number;
  type_name: string | null;
  valid_until: string;
  days_left: number;
  state: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)('expiring documents on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const query = async <Row extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []) =>
    (await test.database.pool.query<Row>(text, values)).rows;
  const tenantOf = async (user: RegisteredUser) => Number((await query('SELECT tenant_id FROM users WHERE id = $1', [user.user.id]))[0].tenant_id);
  /** A record written straight into an engine table (a table of a resource without a parent has no parent_id). */
  const insert = async (table: string, tenant: number, data: object, userId: number, parentId?: number) => {
    const columns = parentId === undefined ? 'tenant_id, data, created_by, updated_by' : 'tenant_id, data, created_by, updated_by, parent_id';
    const values = [tenant, JSON.stringify(data), userId, userId, ...(parentId === undefined ? [] : [parentId])];
    const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
    return Number((await query(`INSERT INTO ${table} (${columns}) VALUES (${placeholders}) RETURNING id`, values))[0].id);
  };

  /** An employee with one document of `typeId` whose status rows end on the given days (the first relevant). */
  async function employeeWith(user: RegisteredUser, name: string, documents: Array<{ typeId: number; upTo: number[] }>, extra: object = {}) {
    const tenant = await tenantOf(user);
    const employee = await insert(
      'r_employees',
      tenant,
      { name, last_name: 'Test', company_id: user.user.company.id, category: 'staff', ...extra },
      user.user.id,
    );
    for (const document of documents) {
      const documentId = await insert('r_employee_documents', tenant, { document_type_id: document.typeId }, user.user.id, employee);
      for (const [index, offset] of document.upTo.entries())
        await insert(
          'r_employee_document_statuses',
          tenant,
          { status: 1, dateFrom: day(-400), dateUpTo: day(offset), relevant: index === 0 },
          user.user.id,
          documentId,
        );
    }
    return employee;
  }

  const typeOf = async (user: RegisteredUser, name: string, warningDays?: number) =>
    insert(
      'r_hr_document_types',
      await tenantOf(user),
      { name, short_name: 'TST', statuses: [{ name: 'Valid' }], ...(warningDays ? { warning_days: warningDays } : {}) },
      user.user.id,
    );

  const expiring = async (search = '', token = owner.token) => call(test.app, 'GET', `/api/hr/expiring${search}`, undefined, { token });
  const items = async (search = '', token = owner.token) => {
    const response = await expiring(search, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Item[]; pagination: { currentPage: number; perPage: number; hasMore: boolean } }>();
  };

  let anna: number;
  let ivan: number;
  let licence: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    licence = await typeOf(owner, 'Licence', 10);
    const medical = await typeOf(owner, 'Medical');
    // Anna: licence ran out 3 days ago (relevant row), an older row ended long ago (not relevant); medical in 20 days (default 30: expiring).
    anna = await employeeWith(owner, 'Anna', [
      { typeId: licence, upTo: [-3, -300] },
      { typeId: medical, upTo: [20] },
    ]);
    // Ivan: licence in 5 days (within its 10), another licence in 15 days (beyond its 10).
    ivan = await employeeWith(owner, 'Ivan', [
      { typeId: licence, upTo: [5] },
      { typeId: licence, upTo: [15] },
    ]);
    // Archived: not at work, not reported.
    await employeeWith(owner, 'Olga', [{ typeId: licence, upTo: [-1] }], { category: 'archive' });
    // Passports: Ivan's old one replaced by a later one of the same type; the later one is fine.
    const tenant = await tenantOf(owner);
    await insert('r_passports', tenant, { number: 'AB12345', type: 'usual', issue_date: day(-4000), expiration_date: day(-10) }, owner.user.id, ivan);
    await insert('r_passports', tenant, { number: 'AB67890', type: 'usual', issue_date: day(-20), expiration_date: day(3000) }, owner.user.id, ivan);
    // Anna's only passport runs out in 25 days.
    await insert('r_passports', tenant, { number: 'CD12345', type: 'biometric', issue_date: day(-3600), expiration_date: day(25) }, owner.user.id, anna);
    // Another tenant's expired document.
    const theirs = await typeOf(stranger, 'Their licence');
    await employeeWith(stranger, 'Stranger', [{ typeId: theirs, upTo: [-2] }]);
  });
  afterAll(async () => test?.close());

  it('lists what is past or within its own threshold, soonest first, naming the employee, kind and state', async () => {
    const body = await items();
    expect(body.data.map((item) => [item.subject.label, item.kind, item.type_name, item.days_left, item.state])).toEqual([
      ['Anna Test', 'document', 'Licence', -3, 'expired'],
      ['Ivan Test', 'document', 'Licence', 5, 'expiring'],
      ['Anna Test', 'document', 'Medical', 20, 'expiring'],
      ['Anna Test', 'passport', 'biometric', 25, 'expiring'],
    ]);
    expect(body.pagination).toEqual({ currentPage: 1, perPage: 10, hasMore: false });
    expect(body.data[0]).toMatchObject({ subject: { type: 'employee', id: anna }, valid_until: day(-3), company_id: owner.user.company.id });
    expect(typeof body.data[0].document_id).toBe('number');
  });

  it('filters by state, company and an overall window, and pages', async () => {
    expect((await items('?state=expired')).data.map((item) => item.days_left)).toEqual([-3]);
    expect((await items('?state=expiring')).data.map((item) => item.days_left)).toEqual([5, 20, 25]);
    expect((await items(`?company_id=${owner.user.company.id}`)).data).toHaveLength(4);
    expect((await items('?company_id=999999')).data).toEqual([]);
    // Seven days for everything: the licences of 5 days stay, the medical (20) and passport (25) go, the 15-day licence stays out.
    expect((await items('?within_days=7')).data.map((item) => item.days_left)).toEqual([-3, 5]);
    expect((await items('?within_days=16')).data.map((item) => item.days_left)).toEqual([-3, 5, 15]);
    const first = await items('?perPage=3');
    expect(first.data.map((item) => item.days_left)).toEqual([-3, 5, 20]);
    expect(first.pagination).toEqual({ currentPage: 1, perPage: 3, hasMore: true });
    const second = await items('?perPage=3&page=2');
    expect(second.data.map((item) => item.days_left)).toEqual([25]);
    expect(second.pagination).toEqual({ currentPage: 2, perPage: 3, hasMore: false });
    expect((await items('?perPage=3&page=9')).data).toEqual([]);
  });

  it("shows a tenant only its own employees' documents", async () => {
    const theirs = await items('', stranger.token);
    expect(theirs.data.map((item) => item.subject.label)).toEqual(['Stranger Test']);
  });

  it('refuses unknown and invalid parameters with 422 naming them', async () => {
    for (const search of ['?state=soon', '?perPage=0', '?perPage=101', '?within_days=0', '?within_days=400', '?company_id=x', '?page=0', '?sort=date']) {
      const response = await expiring(search);
      expect(response.statusCode, search).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors).length, search).toBeGreaterThan(0);
    }
  });

  it('needs a session and the right to view employees', async () => {
    expect((await call(test.app, 'GET', '/api/hr/expiring')).statusCode).toBe(401);
    const dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await expiring('', dispatcher.token)).statusCode).toBe(403);
    const hr = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    expect((await items('', hr.token)).data).toHaveLength(4);
  });

  it('uses the licence type threshold everywhere it is read: changing it changes the list', async () => {
    await query(`UPDATE r_hr_document_types SET data = jsonb_set(data, '{warning_days}', '20') WHERE id = $1`, [licence]);
    try {
      expect((await items('?state=expiring')).data.map((item) => item.days_left)).toEqual([5, 15, 20, 25]);
    } finally {
      await query(`UPDATE r_hr_document_types SET data = jsonb_set(data, '{warning_days}', '10') WHERE id = $1`, [licence]);
    }
  });

  it('shows a renewal, a new document and a deletion on the very next read (the embedded database caches pages until a write)', async () => {
    const before = await items('?perPage=100');
    const renewed = before.data.find((item) => item.kind !== 'passport');
    expect(renewed).toBeDefined();
    // Renewed through the API: its relevant status row now ends in a year.
    const rows = await query<{ id: number; parent_id: number }>(
      `SELECT id, parent_id FROM r_employee_document_statuses WHERE parent_id = $1 AND data->>'relevant' = 'true'`,
      [renewed?.document_id],
    );
    expect(rows).toHaveLength(1);
    await query(`UPDATE r_employee_document_statuses SET data = jsonb_set(data, '{dateUpTo}', to_jsonb($2::text)) WHERE id = $1`, [rows[0].id, day(365)]);
    const after = await items('?perPage=100');
    expect(after.data.map((item) => item.item_id)).not.toContain(renewed?.item_id);
    expect(after.data).toHaveLength(before.data.length - 1);
    const late = await employeeWith(owner, 'Late', [{ typeId: licence, upTo: [-3] }]);
    expect((await items('?perPage=100')).data.map((item) => item.subject.id)).toContain(late);
    const response = await call(test.app, 'DELETE', `/api/employees/${owner.user.company.id}/destroy/${late}`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect((await items('?perPage=100')).data.map((item) => item.subject.id)).not.toContain(late);
  });
});
