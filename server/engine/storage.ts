/**
 * The engine's tables, made from the registry at start. Idempotent (IF NOT EXISTS everywhere), so a
 * restart with a new resource or a new indexed field only adds what is missing, and no migration is
 * written per resource. Schema fields live in `data` (jsonb); ids, tenant, parent, timestamps, authors
 * and version are real columns (DESIGN.md "Data model").
 *
 * Runs in one transaction holding an advisory lock, so two servers starting on one PostgreSQL take
 * turns instead of racing on CREATE TABLE IF NOT EXISTS (which is not safe under concurrency). On
 * PostgreSQL the indexes of tables that already hold data are left out of it and built concurrently after
 * start, so a start does not stop the writes of a large table (db/start-up-ddl.ts, db/index-builds.ts).
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { fingerprintOf, runStartUpDdl, splitIndexStatements, type DeferredIndexes } from '../db/start-up-ddl';
import { computedColumnStatements } from './computed-columns';
import { countStatements } from './counts';
import { creationOrder, fieldExpression, type EngineModel, type EngineResource } from './model';
import { sortIndexStatements, timestampIndexStatements } from './paging';
import { folded, searchIndexStatements } from './search';

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
  // The sort key's and the search's columns, which the database computes from each row (computed-columns.ts).
  statements.push(...computedColumnStatements(resource));
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
    // The field's text folded (search.ts `containsText`); the index of its text as typed, before folding, goes.
    statements.push(`DROP INDEX IF EXISTS "${indexName(resource, `${field}_trgm`)}"`);
    const name = indexName(resource, `${field}_folded_trgm`);
    statements.push(
      ownIndex.has(field)
        ? `CREATE INDEX IF NOT EXISTS "${name}" ON "${resource.table}" USING gin (${folded(fieldExpression(resource, field))} gin_trgm_ops)`
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
  statements.push(...sortIndexStatements(resource), ...timestampIndexStatements(resource), ...countStatements(resource.table));
  return statements;
}

/** Every statement for the model, in creation order (parents first). */
export function allStatements(model: EngineModel): string[] {
  return creationOrder(model).flatMap((resource) => tableStatements(model, resource));
}

export { fingerprintOf };

/** The statements of the start-up transaction, and the indexes apart (start-up-ddl.ts). */
export function engineStatements(model: EngineModel) {
  return splitIndexStatements(allStatements(model));
}

/** engine_state key of the tables' statements (the indexes' is `tables:indexes`). */
export const TABLES_STATE_KEY = 'tables';

/**
 * Makes what is missing. Fingerprints of the statements are kept in `engine_state`: when they match,
 * nothing has changed since the last start and the DDL is skipped (starts stay fast, tests too).
 * Answers the indexes to build concurrently after start (PostgreSQL, tables holding data), or null.
 */
export async function ensureTables(database: Database, model: EngineModel): Promise<DeferredIndexes | null> {
  return runStartUpDdl(database, { stateKey: TABLES_STATE_KEY, lockKey: ENGINE_LOCK_KEY, statements: allStatements(model) });
}
