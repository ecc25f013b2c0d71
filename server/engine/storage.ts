/**
 * The engine's tables, made from the registry at start. Idempotent (IF NOT EXISTS everywhere), so a
 * restart with a new resource or a new indexed field only adds what is missing, and no migration is
 * written per resource. Schema fields live in `data` (jsonb); ids, tenant, parent, timestamps, authors
 * and version are real columns (DESIGN.md "Data model").
 *
 * Runs in one transaction holding an advisory lock, so two servers starting on one PostgreSQL take
 * turns instead of racing on CREATE TABLE IF NOT EXISTS (which is not safe under concurrency).
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { countStatements } from './counts';
import { creationOrder, fieldExpression, type EngineModel, type EngineResource } from './model';
import { sortIndexStatements } from './paging';
import { searchIndexStatements } from './search';

// Different from the migrations' key: the engine runs after them, in its own transaction.
const ENGINE_LOCK_KEY = 7_240_514;

function indexName(resource: EngineResource, field: string): string {
  // PostgreSQL cuts identifiers at 63 bytes; a short hash keeps long names unique and any field name safe.
  const hash = createHash('sha256').update(`${resource.table}.${field}`).digest('hex').slice(0, 8);
  const readable = `${resource.table}_${field}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  return `${readable}_${hash}`;
}

export function tableStatements(model: EngineModel, resource: EngineResource): string[] {
  const statements: string[] = [];
  const parent = resource.definition.parent;
  const parentTable = parent ? (model.byName.get(parent.resource) as EngineResource).table : null;
  statements.push(`CREATE TABLE IF NOT EXISTS "${resource.table}" (
    id bigserial PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    ${parentTable ? `parent_id bigint NOT NULL REFERENCES "${parentTable}" (id) ON DELETE CASCADE,` : ''}
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
    version integer NOT NULL DEFAULT 1
  )`);
  statements.push(`CREATE INDEX IF NOT EXISTS "${resource.table}_tenant_id" ON "${resource.table}" (tenant_id, id)`);
  if (parentTable) statements.push(`CREATE INDEX IF NOT EXISTS "${resource.table}_parent" ON "${resource.table}" (tenant_id, parent_id)`);
  for (const field of resource.indexFields) {
    statements.push(`CREATE INDEX IF NOT EXISTS "${indexName(resource, field)}" ON "${resource.table}" (tenant_id, ${fieldExpression(resource, field)})`);
  }
  // Text search (search.ts): one trigram index over the joined searched fields, tenant first. A field filtered
  // by `x-filter: search` and a sensitive searched field are matched on their own and keep a trigram index each;
  // the per-field indexes of the first design are dropped where nothing else needs them.
  statements.push(...searchIndexStatements(resource));
  const ownIndex = new Set([
    ...resource.filterFields.filter((filter) => filter.mode === 'search').map((filter) => filter.field),
    ...resource.searchFields.filter((field) => resource.sensitiveFields.includes(field)),
  ]);
  for (const field of new Set([...resource.searchFields, ...ownIndex])) {
    if (Object.hasOwn(resource.derived, field)) continue;
    const name = indexName(resource, `${field}_trgm`);
    statements.push(
      ownIndex.has(field)
        ? `CREATE INDEX IF NOT EXISTS "${name}" ON "${resource.table}" USING gin (${fieldExpression(resource, field)} gin_trgm_ops)`
        : `DROP INDEX IF EXISTS "${name}"`,
    );
  }
  // Other server processes hear of every write through NOTIFY (function of migration 013): what they keep in
  // memory goes (compliance/change-watch.ts, list-totals.ts). One notification per statement, at commit.
  if (resource.table.startsWith('r_'))
    statements.push(
      `CREATE OR REPLACE TRIGGER "${resource.table}_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${resource.table}" FOR EACH STATEMENT EXECUTE FUNCTION fleetdesk_data_changed()`,
    );
  // Totals and first pages at scale (counts.ts, paging.ts).
  statements.push(...sortIndexStatements(resource), ...countStatements(resource.table));
  // The planner knows how many rows a search matches from the statistics of the search index's expression, which
  // only ANALYZE gathers, and PostgreSQL's autovacuum analyzes after rows change, not after an index is made:
  // without them it guessed one row, and sorted all 4,000 matches of "Danube Steel" instead of walking the sort
  // index for the first ten (4 ms → 150 ms). Runs only when the DDL changed (ensureTables' fingerprint).
  if (searchIndexStatements(resource).length > 0) statements.push(`ANALYZE "${resource.table}"`);
  return statements;
}

/** Every statement for the model, in creation order (parents first). */
export function allStatements(model: EngineModel): string[] {
  return creationOrder(model).flatMap((resource) => tableStatements(model, resource));
}

export function fingerprintOf(statements: string[]): string {
  return createHash('sha256').update(statements.join(';\n')).digest('hex');
}

/**
 * Makes what is missing. A fingerprint of the statements is kept in `engine_state`: when it matches,
 * nothing has changed since the last start and the DDL is skipped (starts stay fast, tests too).
 */
export async function ensureTables(database: Database, model: EngineModel): Promise<void> {
  const statements = allStatements(model);
  const fingerprint = fingerprintOf(statements);
  await database.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [ENGINE_LOCK_KEY]);
    const current = await client.query("SELECT fingerprint FROM engine_state WHERE key = 'tables'");
    if ((current.rows[0] as { fingerprint: string } | undefined)?.fingerprint === fingerprint) return;
    // No parameters: one simple-protocol round trip for all statements. An hour, not 60 s: a new index over a million
    // rows takes minutes on the embedded database, past its pool's 60 s limit for a query.
    await client.query({ text: statements.join(';\n'), query_timeout: 3_600_000 } as { text: string });
    await client.query(
      `INSERT INTO engine_state (key, fingerprint) VALUES ('tables', $1)
       ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, updated_at = now()`,
      [fingerprint],
    );
  });
}
