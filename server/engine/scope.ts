/**
 * What a request's path fixes about the records it reaches: the parent of a sub-resource and the `pathFields`
 * (`/employees/{companyId}/…` fixes `company_id`). Shared by the generated routes and the export and import
 * routes under a list's path. Every id in a path must be a positive integer of this tenant, else 404, the same
 * 404 as a missing one, so ids of other tenants cannot be told apart from unused ones.
 */
import { notFound } from '../http-error';
import type { EngineModel, EngineResource } from './model';
import type { EngineStore, Scope } from './store';

export function pathId(text: string | undefined): number {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text)) throw notFound();
  const id = Number(text);
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

/**
 * The scope the path names; a parent or path record that is not this tenant's is a 404. A write (`forWrite`, on its
 * transaction) holds those records with `FOR KEY SHARE` until it commits: a delete of the parent waits for it and
 * then deletes, clears or refuses what it wrote, instead of leaving it pointing at nothing.
 */
export async function scopeOfPath(
  params: Record<string, string>,
  store: EngineStore,
  model: EngineModel,
  resource: EngineResource,
  { forWrite = false }: { forWrite?: boolean } = {},
): Promise<Scope> {
  const parent = resource.definition.parent;
  const scope: Scope = {};
  const lock = forWrite ? 'FOR KEY SHARE' : undefined;
  if (parent) {
    scope.parentId = pathId(params[parent.param]);
    if (!(await store.exists(model.byName.get(parent.resource) as EngineResource, scope.parentId, lock))) throw notFound();
  }
  for (const [param, field] of Object.entries(resource.pathFields)) {
    // Only where the endpoint's path has it: `/employees` lists every company's employees.
    if (!(param in params)) continue;
    const value = pathId(params[param]);
    const target = resource.references.find((reference) => reference.field === field);
    if (target && !(await store.exists(model.byName.get(target.ref.resource) as EngineResource, value, lock))) throw notFound();
    (scope.fields ??= {})[field] = value;
  }
  return scope;
}
