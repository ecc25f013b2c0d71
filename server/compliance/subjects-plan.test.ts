/**
 * The order check reads a party's obligations through the party's own index (sources/shared.ts `PER_SUBJECT`),
 * also under the generic plan it runs with (order-check.ts `withGenericPlans`) and in a tenant far larger than
 * the average one. A generic plan estimates `tenant_id = $1` as the average tenant; before the sources started
 * at the subjects, that made the tenant's whole date index look cheap, and one trailer's check read every
 * insurance of the tenant (5,000 at the bench's full size), one vehicle's every maintenance report; passports
 * were read the same way, only the bench's sizes happened to plan them well.
 *
 * Measured by the plan itself (EXPLAIN ANALYZE of the prepared statement): the rows each source's table gave,
 * kept or filtered away, for one subject. With the sources as they were, PostgreSQL read 2,001 of each here; the
 * embedded database happened to plan them well, and is checked so that it stays so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import type { SubjectType } from '../../resources/compliance';
import { buildModel } from '../engine/model';
import { registerUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { obligationsOf } from './subjects';

const LARGE = 2_000;
const OTHER_TENANTS = 60;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan read from `table` (given on, or filtered away), over all loops. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

describe.each(databases)('the order check’s reading of one party on %s', (kind) => {
  let test: TestApp;
  let tenant: number;
  let trailer: number;
  let vehicle: number;
  let employee: number;
  const model = buildModel(resources);

  const query = async (text: string, values: unknown[] = []) => (await test.database.pool.query(text, values)).rows as Array<Record<string, unknown>>;

  /**
   * Each kind of party and the dated record of it the order check reads: a table of subjects, the data of each, and
   * the table of their records with the data of each (a record names its subject as its parent or in `link`).
   */
  const parties = [
    {
      subjects: 'r_employees',
      subject: `jsonb_build_object('name', 'Driver', 'last_name', t || '-' || g)`,
      items: 'r_passports',
      item: `jsonb_build_object('type', 'foreign', 'expiration_date', (current_date + (id % 400)::int)::text)`,
    },
    {
      subjects: 'r_trailers',
      subject: `jsonb_build_object('register_number', 'TR-' || t || '-' || g)`,
      items: 'r_trailer_insurances',
      item: `jsonb_build_object('insurer', 'Insurer', 'end_date', (current_date + (id % 400)::int)::text)`,
    },
    {
      subjects: 'r_transport',
      subject: `jsonb_build_object('brand', 'Volvo', 'register_number', 'VH-' || t || '-' || g)`,
      items: 'r_repairs',
      link: 'transport_id',
      item: `jsonb_build_object('type', 'maintenance', 'date', (current_date - 100)::text,
                                'next_due_date', (current_date + (id % 400)::int)::text, 'periodicity', 'yearly')`,
    },
  ];

  /** `count` parties of each kind, each with its dated record, in every tenant of `tenants`. */
  async function equip(tenants: number[], count: number) {
    for (const { subjects, subject, items, item, link } of parties) {
      await query(`INSERT INTO ${subjects} (tenant_id, data) SELECT t, ${subject} FROM unnest($1::bigint[]) t, generate_series(1, $2) g`, [tenants, count]);
      await query(
        link
          ? `INSERT INTO ${items} (tenant_id, data) SELECT tenant_id, ${item} || jsonb_build_object('${link}', id) FROM ${subjects} WHERE tenant_id = ANY($1::bigint[])`
          : `INSERT INTO ${items} (tenant_id, parent_id, data) SELECT tenant_id, id, ${item} FROM ${subjects} WHERE tenant_id = ANY($1::bigint[])`,
        [tenants],
      );
    }
  }

  beforeAll(async () => {
    test = await startTestApp(kind);
    const owner = await registerUser(test.app);
    tenant = await tenantOf(test.database.pool, owner.user.id);
    const others = (await query(`INSERT INTO tenants SELECT FROM generate_series(1, ${OTHER_TENANTS}) RETURNING id`)).map((row) => Number(row.id));
    await equip([tenant], LARGE);
    await equip(others, 1);
    await query(`ANALYZE ${parties.flatMap(({ subjects, items }) => [subjects, items]).join(', ')}`);
    const last = async (table: string) => Number((await query(`SELECT max(id) AS id FROM ${table} WHERE tenant_id = $1`, [tenant]))[0].id);
    trailer = await last('r_trailers');
    vehicle = await last('r_transport');
    employee = await last('r_employees');
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  /** The plan of the core's statement for one subject, prepared and run with a generic plan as the order check runs it. */
  async function genericPlanFor(type: SubjectType, id: number): Promise<PlanNode> {
    let statement: { text: string; values: unknown[] } | undefined;
    const capture = {
      query: (text: string, values: unknown[]) => {
        statement = { text, values };
        return Promise.resolve({ rows: [] });
      },
    };
    await obligationsOf(capture, model, tenant, [{ type, id }], '9999-12-31');
    if (!statement) throw new Error('no statement');
    const literal = (value: unknown) => (Array.isArray(value) ? `'{${value.join(',')}}'` : `'${String(value).replace(/'/g, "''")}'`);
    const client = await test.database.pool.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE subjects_plan AS ${statement.text}`);
      const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE subjects_plan(${statement.values.map(literal).join(', ')})`);
      const plan = rows[0]['QUERY PLAN'] as unknown;
      return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode;
    } finally {
      await client.query('DEALLOCATE subjects_plan').catch(() => undefined);
      await client.query('RESET plan_cache_mode');
      client.release();
    }
  }

  it('reads one trailer’s insurances, not every insurance of its tenant', async () => {
    const plan = await genericPlanFor('trailer', trailer);
    expect(rowsRead(plan, 'r_trailers')).toBeGreaterThan(0);
    expect(rowsRead(plan, 'r_trailer_insurances')).toBeLessThanOrEqual(10);
  });

  it('reads one vehicle’s maintenance reports, not every report of its tenant', async () => {
    const plan = await genericPlanFor('vehicle', vehicle);
    expect(rowsRead(plan, 'r_transport')).toBeGreaterThan(0);
    expect(rowsRead(plan, 'r_repairs')).toBeLessThanOrEqual(10);
  });

  it('reads one employee’s passports, not every passport of their tenant', async () => {
    const plan = await genericPlanFor('employee', employee);
    expect(rowsRead(plan, 'r_employees')).toBeGreaterThan(0);
    expect(rowsRead(plan, 'r_passports')).toBeLessThanOrEqual(10);
  });
});
