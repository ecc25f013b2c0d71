import pg from 'pg';
import { buildModel } from '../server/engine/model';
import { resources } from '../resources/index';
import { obligationsOf } from '../server/compliance/subjects';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/fleetdesk_bench_full', max: 1 });
const model = buildModel(resources);
const tenant = Number((await pool.query(`SELECT tenant_id FROM r_orders GROUP BY tenant_id ORDER BY count(*) DESC LIMIT 1`)).rows[0].tenant_id);
const type = process.argv[2];
const table = { vehicle: 'r_transport', trailer: 'r_trailers', employee: 'r_employees' }[type]!;
const id = Number((await pool.query(`SELECT id FROM ${table} WHERE tenant_id=$1 ORDER BY random() LIMIT 1`, [tenant])).rows[0].id);
const c = await pool.connect();
const fake = { query: async (text: string, values: unknown[]) => {
  await c.query('SET plan_cache_mode = force_generic_plan');
  await c.query(`PREPARE p AS ${text}`);
  const lit = values.map((v) => Array.isArray(v) ? `ARRAY[${v.join(',')}]` : typeof v === 'number' ? String(v) : `'${String(v)}'`).join(',');
  for (let i = 0; i < 3; i++) {
    const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE p(${lit})`);
    if (i === 2) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
  return { rows: [] };
} };
await obligationsOf(fake as any, model, tenant, [{ type: type as any, id }], '9999-12-31');
c.release();
await pool.end();
