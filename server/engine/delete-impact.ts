/**
 * What deleting one record does to others, asked before the delete is confirmed (`GET /api/delete-impact/<resource>/{id}`):
 * for each resource that names it, how many of its records the deletion rules of references.ts would touch, as one
 * of three effects: `deleted` (a cascade, or a child record under it), `cleared` (set-null: they lose the reference
 * and are kept) and `blocks` (restrict: the delete is refused while they exist). Only the first level is counted:
 * what a cascade takes with it in turn is not. Counts only: no record of another resource is answered.
 */
import type { Queryable } from '../db/pool';
import type { EngineModel, EngineResource } from './model';
import { referencingCondition } from './references';

export type DeleteEffect = 'deleted' | 'cleared' | 'blocks';

export interface DeleteImpactLine {
  resource: string;
  effect: DeleteEffect;
  count: number;
}

export interface Dependant {
  resource: EngineResource;
  effect: DeleteEffect;
  /** SQL true for its records that name the record: `$1` the tenant, `$2` the record's id as text (in an array). */
  conditions: string[];
}

/** `/delete-impact/suppliers/{id}`: one path per resource that others name, under `/api` (routes.ts, openapi.ts). */
export function deleteImpactPath(resource: EngineResource): string {
  return `/delete-impact/${resource.name}/{id}`;
}

const EFFECT_OF = { cascade: 'deleted', 'set-null': 'cleared', restrict: 'blocks' } as const;

/** The resources whose records a delete of `resource` touches, one entry per resource and effect. */
export function dependantsOf(model: EngineModel, resource: EngineResource): Dependant[] {
  const dependants = new Map<string, Dependant>();
  const add = (dependant: EngineResource, effect: DeleteEffect, condition: string) => {
    const key = `${dependant.name}:${effect}`;
    const entry = dependants.get(key) ?? { resource: dependant, effect, conditions: [] };
    entry.conditions.push(condition);
    dependants.set(key, entry);
  };
  for (const candidate of model.resources) {
    if (candidate.definition.parent?.resource === resource.name) add(candidate, 'deleted', `parent_id = ($2::text[])[1]::bigint`);
    for (const { field, ref, many } of candidate.references) {
      if (ref.resource === resource.name) add(candidate, EFFECT_OF[ref.onDelete], referencingCondition(field, many));
    }
  }
  return [...dependants.values()];
}

/** The lines of `dependants` (`dependantsOf`, worked out once per resource) with records, for the record `id` of the tenant. */
export async function deleteImpact(client: Queryable, dependants: readonly Dependant[], tenantId: number, id: number): Promise<DeleteImpactLine[]> {
  const lines = await Promise.all(
    dependants.map(async ({ resource: dependant, effect, conditions }) => {
      const result = await client.query(`SELECT count(*)::int AS count FROM "${dependant.table}" WHERE tenant_id = $1 AND (${conditions.join(' OR ')})`, [
        tenantId,
        [String(id)],
      ]);
      return { resource: dependant.name, effect, count: Number((result.rows[0] as { count: number }).count) };
    }),
  );
  return lines.filter((line) => line.count > 0);
}
