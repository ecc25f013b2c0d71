/**
 * The floor: a minimal Fastify + `pg` server that executes the very same SQL as Fleetdesk's engine for
 * each benchmark case — the statements come from the engine's own EngineStore and references check (writes
 * with the same actor, so with the same audit entry), so they stay the same when the engine changes — with
 * no authentication, no body or query validation and
 * no wire shaping (rows go out as the driver returns them). What Fleetdesk costs above this is the price
 * of its auth, validation and serialization.
 *
 * Env: DATA_DIR / DATABASE_URL (as the server), PORT, BENCH_COMPANY_ID and BENCH_USER_ID (the large
 * tenant's main company and owner).
 */
import Fastify from 'fastify';
import { resources } from '../resources/index';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { readCursor, type CursorPosition } from '../server/engine/cursor';
import { listPage } from '../server/engine/list-pipeline';
import { parseListQuery, type ListQuery } from '../server/engine/list-query';
import { buildModel, type EngineResource } from '../server/engine/model';
import { checkReferences } from '../server/engine/references';
import type { Actor } from '../server/engine/audit';
import { EngineStore } from '../server/engine/store';
import { CASE_QUERIES, deepQuery } from './cases';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const model = buildModel(resources);
const orders = model.byName.get('orders') as EngineResource;
const companyId = Number(process.env.BENCH_COMPANY_ID);
const userId = Number(process.env.BENCH_USER_ID);
const tenantId = Number(
  (await database.pool.query<{ tenant_id: string | number }>('SELECT tenant_id FROM companies WHERE id = $1', [companyId])).rows[0].tenant_id,
);
// Writes carry the same actor as ours, so the same statements run: the audit entry is part of the
// insert's and the update's own statement (store.ts). Read once at start: the floor does no auth.
const actor = (await database.pool.query('SELECT id, tenant_id, login, name, last_name FROM users WHERE id = $1', [userId])).rows[0] as Actor;

// Parsed once (at start, or for `deep` once per cursor): the floor does no per-request query validation.
const parse = (query: string): { query: ListQuery; position: CursorPosition | null } => {
  const parsed = parseListQuery(orders, Object.fromEntries(new URLSearchParams(query)));
  return { query: parsed, position: readCursor(orders, parsed, {}) };
};
const lists = new Map(Object.entries(CASE_QUERIES).map(([name, query]) => [name, parse(query)]));

const app = Fastify({ logger: false });

// `deep` takes the cursor the driver got from Fleetdesk (`?cursor=`): the same token, the same keyset SQL.
app.get<{ Params: { name: string }; Querystring: { cursor?: string } }>('/floor/list/:name', async (request) => {
  const key = request.query.cursor ? `${request.params.name} ${request.query.cursor}` : request.params.name;
  let list = lists.get(key);
  if (!list && request.params.name === 'deep' && request.query.cursor) lists.set(key, (list = parse(deepQuery(request.query.cursor))));
  if (!list) throw new Error('unknown list case');
  const { query, position } = list;
  const store = new EngineStore(database.pool, tenantId);
  const page = await listPage(store, orders, {}, query, position);
  return { data: page.rows, total: page.total, nextCursor: page.nextCursor, previousCursor: page.previousCursor };
});

app.get<{ Params: { id: string } }>('/floor/show/:id', async (request) => {
  const store = new EngineStore(database.pool, tenantId);
  return { data: await store.find(orders, Number(request.params.id), {}) };
});

app.post('/floor/create', async (request) => {
  const data = request.body as Record<string, unknown>;
  const row = await database.transaction(async (client) => {
    const store = new EngineStore(client, tenantId, actor);
    await checkReferences(client, model, orders, tenantId, data);
    return store.insert(orders, data, userId);
  });
  return { data: row };
});

app.put<{ Params: { id: string } }>('/floor/update/:id', async (request, reply) => {
  const { version, ...changes } = request.body as Record<string, unknown>;
  const row = await database.transaction(async (client) => {
    const store = new EngineStore(client, tenantId, actor);
    const current = await store.find(orders, Number(request.params.id), {}, 'FOR NO KEY UPDATE');
    if (!current || current.version !== version) return null;
    const data = { ...current.data, ...changes };
    await checkReferences(client, model, orders, tenantId, data);
    return store.update(orders, Number(request.params.id), data, userId, current.data);
  });
  if (!row) return reply.code(409).send({ message: 'stale' });
  return { data: row };
});

app.get('/floor/health', async () => {
  await database.pool.query('SELECT 1');
  return { status: 'ok' };
});

app.addHook('onClose', async () => database.close());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));

await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ type: 'ready' });
console.log(`floor listening on ${config.port}`);
