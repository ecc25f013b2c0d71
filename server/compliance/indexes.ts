/**
 * The indexes the obligation sources read through (sources/shared.ts `index`), made at start after the engine's
 * tables, like the engine's own: skipped when a fingerprint of the statements in `engine_state` says they are
 * there already; on PostgreSQL an index of a table that holds data is built concurrently after start
 * (db/start-up-ddl.ts). (The triggers that tell other processes of a change, change-watch.ts, are every engine
 * table's: engine/storage.ts.)
 */
import type { Database } from '../db/database';
import type { EngineModel } from '../engine/model';
import { runStartUpDdl, type DeferredIndexes } from '../db/start-up-ddl';
import { obligationSources } from './sources';

export function complianceIndexStatements(model: EngineModel): string[] {
  return obligationSources.map(({ kind, index }) => {
    const table = model.byName.get(index.resource)?.table;
    if (!table) throw new Error(`compliance source ${kind}: no resource ${index.resource}`);
    const where = index.where ? ` WHERE ${index.where}` : '';
    return `CREATE INDEX IF NOT EXISTS "${table}_compliance_${kind.replace(/-/g, '_')}" ON "${table}" (tenant_id, (data->>'${index.field}'), id)${where}`;
  });
}

/** Different from the engine's key (storage.ts): this runs after the engine's own transaction. */
const COMPLIANCE_LOCK_KEY = 7_240_515;

/** Makes what is missing; answers the indexes to build concurrently after start (db/start-up-ddl.ts), or null. */
export async function ensureComplianceIndexes(database: Database, model: EngineModel): Promise<DeferredIndexes | null> {
  return runStartUpDdl(database, {
    stateKey: 'compliance-indexes',
    lockKey: COMPLIANCE_LOCK_KEY,
    statements: complianceIndexStatements(model),
  });
}
