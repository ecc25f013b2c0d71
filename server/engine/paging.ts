/**
 * Indexes that serve a list's first pages straight from the index: the engine orders a list by
 * `<field> <direction> NULLS LAST, id <direction>` (list-query.ts), which the plain `(tenant_id, <field>)`
 * index cannot give (other NULLS placement, no id tie-break), so PostgreSQL sorted every row of the tenant
 * to return ten (~1 s over a million orders). One index per direction on a resource's default sort field
 * makes the page opened by default (and its reverse) an index range scan. See docs/architecture.md,
 * "Totals and deep pages".
 */
import { createHash } from 'node:crypto';
import { fieldExpression, type EngineResource } from './model';

function name(resource: EngineResource, suffix: string): string {
  const hash = createHash('sha256').update(`${resource.table}.${suffix}`).digest('hex').slice(0, 8);
  return `${`${resource.table}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${hash}`;
}

export function sortIndexStatements(resource: EngineResource): string[] {
  const field = resource.definition.defaultSort?.field;
  if (!field || field === 'id' || field === resource.idField || Object.hasOwn(resource.derived, field)) return [];
  if (field !== 'created_at' && field !== 'updated_at' && !Object.hasOwn(resource.properties, field)) return [];
  const expression = field === 'created_at' || field === 'updated_at' ? field : fieldExpression(resource, field);
  return (['ASC', 'DESC'] as const).map(
    (direction) => `CREATE INDEX IF NOT EXISTS "${name(resource, `${field}_${direction.toLowerCase()}_page`)}" ON "${resource.table}" (tenant_id, ${expression} ${direction} NULLS LAST, id ${direction})`,
  );
}
