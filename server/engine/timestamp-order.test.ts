/**
 * A list read by its records' last change (paging.ts `timestampIndexStatements`): the employees' "Last updated"
 * panel asks `sort=updated_at&order=desc` for five rows at every opening of the HR list. Every page, either way, by
 * number and by cursor, is the plain `ORDER BY updated_at, id`, and the first page reads about a page of entries
 * of the index instead of sorting the tenant's every employee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { model } from '../test-support/engine-records';
import { expectPagesByCursor, planMadeTo, recordedListPage } from '../test-support/recorded-list';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { resources } from '../../resources/index';
import { buildModel } from './model';
import { orderSql, pageOrderOf, sortIndexStatements, timestampIndexStatements } from './paging';

const employees = model.byName.get('employees')!;
const EMPLOYEES = 120;
const PER_PAGE = 5;

interface ListBody {
  data: Array<{ id: number }>;
  pagination: { nextCursor: string | null; previousCursor: string | null };
}

describe('the index of a timestamp order', () => {
  it('is one index without a NULLS clause, which the order (never NULL, so none either) reads either way', () => {
    expect(timestampIndexStatements(employees)).toEqual([expect.stringMatching(/ON "r_employees" \(tenant_id, updated_at, id\)$/)]);
    expect(timestampIndexStatements(model.byName.get('orders')!)).toEqual([]);
    for (const direction of ['ASC', 'DESC'] as const)
      expect(orderSql(pageOrderOf(employees, { field: 'updated_at', direction, expression: 'updated_at' })).render().text).toBe(
        `updated_at ${direction}, id ${direction}`,
      );
    // A resource sorted by a timestamp by default gets the same one index, not one per direction with NULLS LAST.
    const bySaving = buildModel(
      resources.map((definition) => (definition.name === 'suppliers' ? { ...definition, defaultSort: { field: 'created_at', order: 'desc' } } : definition)),
    );
    expect(sortIndexStatements(bySaving.byName.get('suppliers')!)).toEqual([expect.stringMatching(/ON "r_suppliers" \(tenant_id, created_at, id\)$/)]);
  });
});

describe.each(databases)('a list by its last change on %s', (kind) => {
  let test: TestApp;
  let token: string;
  let tenant: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    const owner = await registerUser(test.app);
    token = owner.token;
    tenant = await tenantOf(test.database.pool, owner.user.id);
    // Changed at 40 different moments, three employees each (ties broken by id), not in the order of their ids.
    await test.database.pool.query(
      `INSERT INTO r_employees (tenant_id, data, updated_at)
       SELECT $1, jsonb_build_object('name', 'Name', 'last_name', 'Changed ' || n),
              timestamptz '2026-01-01' + ((n * 7) % 40) * interval '1 hour' + interval '123 microseconds'
         FROM generate_series(1, ${EMPLOYEES}) AS n`,
      [tenant],
    );
    await test.database.pool.query('ANALYZE r_employees');
  });
  afterAll(async () => test?.close());

  const list = async (query: string) => {
    const response = await call(test.app, 'GET', `/api/employees?${query}`, undefined, { token });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const { data, pagination } = response.json<ListBody>();
    return { ids: data.map((record) => record.id), ...pagination };
  };
  const plain = async (direction: 'ASC' | 'DESC', offset: number) =>
    (
      await test.database.pool.query<{ id: string }>(
        `SELECT id FROM r_employees WHERE tenant_id = $1 ORDER BY updated_at ${direction}, id ${direction} LIMIT ${PER_PAGE} OFFSET ${offset}`,
        [tenant],
      )
    ).rows.map((row) => Number(row.id));

  it.each(['desc', 'asc'] as const)('answers every page by updated_at %s as a plain ORDER BY does, by number and by cursor', async (order) => {
    const direction = order === 'desc' ? 'DESC' : 'ASC';
    const base = `perPage=${PER_PAGE}&sort=updated_at&order=${order}`;
    const lastPage = Math.ceil(EMPLOYEES / PER_PAGE);
    for (const page of [1, 2, 20, lastPage])
      expect((await list(`${base}&page=${page}`)).ids, `page ${page}`).toEqual(await plain(direction, (page - 1) * PER_PAGE));
    await expectPagesByCursor(list, base, lastPage, (page) => plain(direction, (page - 1) * PER_PAGE));
  });

  it.each(['desc', 'asc'] as const)(
    "reads the first page by updated_at %s from its index, a page of entries, without sorting the tenant's rows",
    async (order) => {
      const pool = test.database.pool;
      const { page, statements } = await recordedListPage(pool, tenant, employees, { sort: 'updated_at', order, perPage: String(PER_PAGE) });
      expect(page.rows.map((row) => Number(row.id))).toEqual(await plain(order === 'desc' ? 'DESC' : 'ASC', 0));
      const statement = statements.find((one) => one.text.includes('LIMIT'))!;
      // On a table this small the planner would read it whole either way; kept to indexes, without the index it sorted them.
      const plan = await planMadeTo(pool, statement);
      const scan = /Index Scan(?: Backward)? using r_employees_updated_at_page_\w+ on r_employees.*rows=(\d+)/.exec(plan);
      expect(scan, plan).not.toBeNull();
      expect(Number(scan![1])).toBeLessThanOrEqual(PER_PAGE + 1);
      expect(plan).not.toMatch(/Sort Key: updated_at/);
    },
  );
});
