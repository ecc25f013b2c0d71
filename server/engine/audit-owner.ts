/**
 * Whose History a record's changes also belong to: the record it is deleted with (its parent, else the record a
 * cascading reference names), followed up to the top. A passport's changes show in its employee's History, a
 * document status's too (status → document → employee), a vehicle document's and a repair report's in the
 * vehicle's, an insurance's in the trailer's. The audit entry stores that top record (`owner_resource`,
 * `owner_id`, migration 022) when it is written, so a deleted passport's entries still find their employee.
 */

/**
 * What of a resource (model.ts `EngineResource`) tells whose records its records are: named here, so that model.ts may
 * work the owners out while it builds the resources without the two files importing each other.
 */
interface OwnedResource {
  name: string;
  table: string;
  definition: { parent?: { resource: string } };
  references: ReadonlyArray<{ field: string; many: boolean; ref: { resource: string; onDelete: string } }>;
}

interface ResourcesByName {
  byName: ReadonlyMap<string, OwnedResource>;
}

export interface AuditOwner {
  /** The resource of the top record. */
  resource: string;
  /** SQL for the top record's id, read from `row`: a written record's row with `data` (and `parent_id` for a child). */
  idSql: (row: string) => string;
}

interface Step {
  resource: OwnedResource;
  idSql: (row: string) => string;
}

function directOwner(model: ResourcesByName, resource: OwnedResource): Step | null {
  const parent = resource.definition.parent;
  if (parent) return { resource: model.byName.get(parent.resource) as OwnedResource, idSql: (row) => `${row}.parent_id` };
  // The first cascading reference in the schema's order (a vehicle document: its vehicle before its column group).
  const cascade = resource.references.find(({ ref, many }) => !many && ref.onDelete === 'cascade' && ref.resource !== resource.name);
  const owner = cascade && model.byName.get(cascade.ref.resource);
  if (!cascade || !owner) return null;
  const quoted = cascade.field.replace(/'/g, "''");
  return { resource: owner, idSql: (row) => `(${row}.data->>'${quoted}')::bigint` };
}

/** The top record a record of `resource` belongs to, or null when it belongs to none (a vehicle, an order). */
export function auditOwnerOf(model: ResourcesByName, resource: OwnedResource): AuditOwner | null {
  const first = directOwner(model, resource);
  if (!first) return null;
  let idSql = first.idSql;
  let current = first.resource;
  const seen = new Set([resource.name]);
  for (let depth = 1; !seen.has(current.name); depth += 1) {
    seen.add(current.name);
    const next = directOwner(model, current);
    if (!next) break;
    // The owner's own row, by the id found so far, tells the next step up.
    const [inner, table, alias] = [idSql, current.table, `owner_${depth}`];
    idSql = (row) => `(SELECT ${next.idSql(alias)} FROM "${table}" AS ${alias} WHERE ${alias}.id = ${inner(row)})`;
    current = next.resource;
  }
  return { resource: current.name, idSql };
}
