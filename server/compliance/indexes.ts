/**
 * The indexes the obligation sources read through (sources/shared.ts `index`), made at start after the engine's
 * tables, like the engine's own: skipped when a fingerprint of the statements in `engine_state` says they are
 * there already. (The triggers that tell other processes of a change, change-watch.ts, are every engine table's:
 * engine/storage.ts.)
 */
import type { Database } from '../db/database';
import type { EngineModel } from '../engine/model';
import { fingerprintOf } from '../engine/storage';
import { obligationSources } from './sources';

export function complianceIndexStatements(model: EngineModel): string[] {
  return obligationSources.map(({ kind, index }) => {
    const table = model.byName.get(index.resource)?.table;
    if (!table) throw new Error(`compliance source ${kind}: no resource ${index.resource}`);
    const where = index.where ? ` WHERE ${index.where}` : '';
    return `CREATE INDEX IF NOT EXISTS "${table}_compliance_${kind.replace(/-/g, '_')}" ON "${table}" (tenant_id, (data->>'${index.field}'), id)${where}`;
  });
}

export async function ensureComplianceIndexes(database: Database, model: EngineModel): Promise<void> {
  const statements = complianceIndexStatements(model);
  const fingerprint = fingerprintOf(statements);
  await database.transaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('fleetdesk-compliance-indexes'))");
    const current = await client.query("SELECT fingerprint FROM engine_state WHERE key = 'compliance-indexes'");
    if ((current.rows[0] as { fingerprint: string } | undefined)?.fingerprint === fingerprint) return;
    await client.query(statements.join(';\n'));
    await client.query(
      `INSERT INTO engine_state (key, fingerprint) VALUES ('compliance-indexes', $1)
       ON CONFLICT (key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, updated_at = now()`,
      [fingerprint],
    );
  });
}
