/**
 * The counts of a list's tabs (`listTabs`): `GET <list path>/counts?by=<field>` answers how many records
 * each value has under the list's own filters, only this tenant's, only for members who may list them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { model, RecordMaker } from '../test-support/engine-records';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';
import type { Queryable } from '../db/pool';
import { parseListQuery } from './list-query';
import { ListTotals } from './list-totals';
import type { EngineResource } from './model';
import { EngineStore } from './store';
import { tabCounts } from './tab-counts';

const employees = model.byName.get('employees') as EngineResource;

describe.each(databases)('tab counts on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let other: RegisteredUser;
  let companyId: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    other = await registerUser(test.app);
    const maker = new RecordMaker(test.app, owner.token);
    const first = await maker.make(employees, { category: 'staff' });
    companyId = first.record.company_id as number;
    await maker.make(employees, { category: 'staff', name: 'Olena' });
    await maker.make(employees, { category: 'archive' });
    // Another tenant's employees are never counted.
    const stranger = new RecordMaker(test.app, other.token);
    await stranger.make(employees, { category: 'staff' });
    await stranger.make(employees, { category: 'contractors' });
  });
  afterAll(async () => test?.close());

  const counts = (query: string, token = owner.token) => call(test.app, 'GET', `/api/employees/counts?${query}`, undefined, { token });

  it("counts this tenant's records by the tab field", async () => {
    const response = await counts('by=category');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { staff: 2, archive: 1 } });
    expect((await counts('by=category', other.token)).json()).toEqual({ data: { staff: 1, contractors: 1 } });
  });

  it("applies the list's filters and search", async () => {
    expect((await counts('by=category&search=Olena')).json()).toEqual({ data: { staff: 1 } });
    expect((await counts(`by=category&company_id=${companyId}`)).json<{ data: Record<string, number> }>().data.staff).toBeGreaterThanOrEqual(1);
    expect((await counts('by=category&company_id=999999')).json()).toEqual({ data: {} });
  });

  it('counts and lists a record stored without the field under the field’s default (an employee made without a category is staff)', async () => {
    const other = await registerUser(test.app);
    const company = other.user.company.id;
    const made = await call(test.app, 'POST', `/api/employees/${company}/store`, { name: 'Petro', last_name: 'Nocategory' }, { token: other.token });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('category');
    expect((await counts('by=category', other.token)).json()).toEqual({ data: { staff: 1 } });
    const staff = await call(test.app, 'GET', '/api/employees?category=staff', undefined, { token: other.token });
    expect(staff.json<{ data: Array<{ last_name: string }> }>().data.map((employee) => employee.last_name)).toEqual(['Nocategory']);
    const archive = await call(test.app, 'GET', '/api/employees?category=archive', undefined, { token: other.token });
    expect(archive.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('keeps the counts until the table is written, here or straight into the table, and counts afresh then', async () => {
    const totals = await ListTotals.start(model, test.database);
    try {
      const tenant = Number((await test.database.pool.query('SELECT tenant_id FROM companies WHERE id = $1', [owner.user.company.id])).rows[0].tenant_id);
      // The statements the counts send, through a store on a pool that writes them down.
      const counted = async (parameters: Record<string, string>) => {
        const statements: string[] = [];
        const client = { query: (config: { text: string }) => (statements.push(config.text), test.database.pool.query(config)) } as unknown as Queryable;
        const query = parseListQuery(employees, parameters);
        const counts = await tabCounts(new EngineStore(client, tenant), employees, {}, query.conditions, { field: 'category', fallback: 'staff' }, totals);
        return { counts, statements };
      };
      const first = await counted({});
      expect(first.statements).toHaveLength(1);
      const again = await counted({});
      expect(again.statements).toEqual([]);
      expect(again.counts).toEqual(first.counts);
      // Another search is another list: counted, then kept too.
      expect((await counted({ search: 'Olena' })).statements).toHaveLength(1);
      expect((await counted({ search: 'Olena' })).statements).toEqual([]);
      await test.database.pool.query(`INSERT INTO r_employees (tenant_id, data) VALUES ($1, '{"name": "Iryna", "last_name": "Kept", "category": "archive"}')`, [
        tenant,
      ]);
      const written = await counted({});
      expect(written.statements).toHaveLength(1);
      expect(written.counts).toEqual({ ...first.counts, archive: first.counts.archive + 1 });
      expect((await counted({ search: 'Olena' })).statements).toHaveLength(1);
      await test.database.pool.query(`DELETE FROM r_employees WHERE tenant_id = $1 AND data->>'last_name' = 'Kept'`, [tenant]);
      expect((await counted({})).counts).toEqual(first.counts);
    } finally {
      await totals.stop();
    }
  });

  it("answers a create and a delete through the API in the next counts (the server's own kept counts)", async () => {
    const before = (await counts('by=category')).json<{ data: Record<string, number> }>().data;
    expect((await counts('by=category')).json()).toEqual({ data: before });
    const made = await call(
      test.app,
      'POST',
      `/api/employees/${companyId}/store`,
      { name: 'Marta', last_name: 'Counted', category: 'contractors' },
      { token: owner.token },
    );
    expect(made.statusCode, made.body).toBe(200);
    expect((await counts('by=category')).json()).toEqual({ data: { ...before, contractors: (before.contractors ?? 0) + 1 } });
    const id = made.json<{ data: { id: number } }>().data.id;
    expect((await call(test.app, 'DELETE', `/api/employees/${companyId}/destroy/${id}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect((await counts('by=category')).json()).toEqual({ data: before });
  });

  it('refuses a field that is not the tab field, and unknown parameters, with 422', async () => {
    for (const query of ['by=company_id', '', 'by=category&no_such=1']) {
      const response = await counts(query);
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('answers 401 without a session and 403 to a member who may not list employees', async () => {
    expect((await call(test.app, 'GET', '/api/employees/counts?by=category')).statusCode).toBe(401);
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await counts('by=category', member.token)).statusCode).toBe(403);
    const hr = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
    expect((await counts('by=category', hr.token)).json()).toEqual({ data: { staff: 2, archive: 1 } });
  });
});
