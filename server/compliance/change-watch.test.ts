/**
 * Compliance readings kept in memory (the compliance page's pages, the order check's parties) never outlive a
 * change: one made through this process shows at once, and on PostgreSQL one made by another server process on
 * the same database (here: a connection of its own, which this process's pools never see) shows as soon as its
 * NOTIFY arrives (change-watch.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { writesObligations } from './change-watch';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)('compliance readings after a change on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  /**
   * The contract's end moved: on PostgreSQL by another process (its own connection, unseen by this process's
   * pools); on the embedded database, which only this process can open, through the API.
   */
  async function renew(employee: { id: number; version: number }, end: string) {
    if (kind === 'postgres') {
      const elsewhere = new pg.Client({ connectionString: test.config.databaseUrl ?? '' });
      await elsewhere.connect();
      try {
        await elsewhere.query(`UPDATE r_employees SET data = data || jsonb_build_object('contract_end_date', $2::text) WHERE id = $1`, [employee.id, end]);
      } finally {
        await elsewhere.end();
      }
      return;
    }
    const response = await call(
      test.app,
      'PUT',
      `/api/employees/${owner.user.company.id}/update/${employee.id}`,
      { contract_end_date: end, version: employee.version },
      { token: owner.token },
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  const contractsSeenByOther = async () => {
    const response = await call(test.app, 'GET', '/api/compliance?kind=contract&perPage=100', undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Array<{ subject: { id: number } }> }>().data.map((item) => item.subject.id);
  };
  const warningsSeenByOther = async (driver: number) => {
    const body = { cargo_number: 'C-1', customer: 'Danube Steel', primary_driver_id: driver, loading_date: day(5), unloading_date: day(20) };
    const response = await call(test.app, 'POST', '/api/orders/check', body, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ warnings: Array<{ field: string }> }>().warnings.map((warning) => warning.field);
  };
  /** What `read` answers once it has changed from `before`, within two seconds (a NOTIFY takes milliseconds). */
  const changed = async <T>(read: () => Promise<T>, before: T) => {
    const until = Date.now() + 2000;
    let now = await read();
    while (JSON.stringify(now) === JSON.stringify(before) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = await read();
    }
    return now;
  };

  it('shows a renewed contract on the page and in the order check, though both were read and kept before', async () => {
    const created = await call(
      test.app,
      'POST',
      `/api/employees/${owner.user.company.id}/store`,
      { company_id: owner.user.company.id, name: 'Ivan', last_name: 'Renewed', contract_end_date: day(10) },
      { token: owner.token },
    );
    const employee = created.json<{ data: { id: number; version: number } }>().data;
    expect(await contractsSeenByOther()).toEqual([employee.id]);
    expect(await warningsSeenByOther(employee.id)).toEqual(['primary_driver_id']);
    // Read twice: kept now.
    expect(await contractsSeenByOther()).toEqual([employee.id]);

    await renew(employee, day(400));
    expect(await changed(contractsSeenByOther, [employee.id])).toEqual([]);
    expect(await changed(() => warningsSeenByOther(employee.id), ['primary_driver_id'])).toEqual([]);
  });
});

describe('which writes may change an obligation', () => {
  it.each([
    'WITH inserted AS (INSERT INTO "r_employees" (tenant_id, data) VALUES ($1, $2) RETURNING *), entry AS (INSERT INTO audit_log …) SELECT * FROM inserted',
    'UPDATE "r_passports" SET data = $1 WHERE tenant_id = $2 AND id = $3',
    'DELETE FROM "r_trailer_insurances" WHERE tenant_id = $1 AND id = $2',
    'COPY r_employee_document_statuses (tenant_id, parent_id, data) FROM STDIN',
    'TRUNCATE TABLE r_vehicle_documents',
  ])('%s: yes', (text) => {
    expect(writesObligations(text)).toBe(true);
  });

  it.each([
    'WITH inserted AS (INSERT INTO "r_orders" (tenant_id, data) VALUES ($1, $2) RETURNING *), entry AS (INSERT INTO audit_log …) SELECT * FROM inserted',
    'UPDATE "r_orders" SET data = $1 WHERE id = $2',
    'UPDATE auth_tokens SET last_used_at = now() WHERE token_hash = $1',
    'INSERT INTO outgoing_mail (tenant_id, …) VALUES ($1, …)',
    'SELECT * FROM "r_employees" WHERE id = $1 FOR UPDATE',
    'SELECT data FROM r_passports WHERE tenant_id = $1',
  ])('%s: no', (text) => {
    expect(writesObligations(text)).toBe(false);
  });
});
