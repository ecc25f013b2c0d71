/**
 * Referential integrity for `x-ref` fields, which live in jsonb and so have no foreign keys:
 * - on write, every referenced id must be a record of the same tenant (else 422 `validation.refMissing`
 *   on the field: another tenant's record is "missing", exactly like an id that never existed);
 * - on delete, every resource referencing the deleted one applies its onDelete rule: restrict → 409
 *   `errors.inUse`; set-null → the reference is removed from the referencing records; cascade → they
 *   are deleted too (recursively, with their own rules). Children (parent_id) are deleted the same way
 *   first, so rules on them hold as well; their FK's ON DELETE CASCADE is only a safety net.
 * Everything runs on the caller's transaction client: one delete is all or nothing.
 */
import { addMessage, type FieldMessages } from '../../validation/messages';
import { onEmbeddedDatabase, type Queryable } from '../db/pool';
import { HttpError } from '../http-error';
import { recordChange, type Actor } from './audit';
import type { EngineModel, EngineResource } from './model';
import type { EngineStore } from './store';

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The lock that makes a write naming a record and a delete of that record take turns, on PostgreSQL (jsonb
 * references have no foreign key): a transaction-scoped advisory lock per record, shared by the writes that name
 * it, exclusive for its delete. A row lock (`FOR KEY SHARE`, what a foreign key takes) did the same, but every
 * write naming one vehicle then rewrote that vehicle's row header: ten orders at once for one truck, 488–616
 * creates a second against 586–644 without a lock (bench/NOTES.md); with this lock, 624–642. The embedded database
 * runs one transaction at a time and needs neither.
 */
function recordLock(table: string, id: string, mode: 'shared' | 'exclusive'): string {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  return `${lock}(hashtext('${table}'), (${id} % 2147483647)::int)`;
}

/** The ids a reference field held before an update (one, or a list). */
function namedBefore(value: unknown): Set<number> {
  return new Set((Array.isArray(value) ? value : [value]).filter(isId));
}

/**
 * An import names records by label from an index it reads once (import-export/reference-labels.ts), thousands of
 * them: one lock per record would fill PostgreSQL's lock table. It holds instead one lock per table it refers to,
 * per tenant, exclusively, until it commits; a delete of that table's records holds the same lock shared. A delete
 * waits for a running import, an import for the deletes in flight, before its index is read.
 */
function importLock(table: string, tenantId: string, mode: 'shared' | 'exclusive'): string {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  return `${lock}(hashtext('${table}:import'), (${tenantId} % 2147483647)::int)`;
}

/** For an import's transaction, before it reads labels: the records of the tables `resource` refers to stay while it runs. */
export async function holdReferencedTables(client: Queryable, model: EngineModel, resource: EngineResource, tenantId: number): Promise<void> {
  if (onEmbeddedDatabase(client)) return;
  const tables = [...new Set(resource.references.map(({ ref }) => (model.byName.get(ref.resource) as EngineResource).table))].sort();
  if (tables.length === 0) return;
  await client.query(`SELECT ${tables.map((table) => importLock(table, '$1', 'exclusive')).join(', ')}`, [tenantId]);
}

/**
 * Field errors for references in `data` that do not name a record of this tenant. One query for all the
 * reference fields (an order names a vehicle, a trailer and drivers): a round trip per field was most of
 * a create's database time. On a write's transaction on PostgreSQL (`lock`, the default) the records named are
 * first held (`recordLock`, shared) until it commits, in a statement of their own, so that the check's statement
 * sees what a delete that held them committed: the delete waited for this write and then found its reference
 * (restrict, set-null, cascade), or this write waited for the delete and finds the record gone (422). Without it,
 * both went through and left a reference to nothing.
 */
export async function checkReferences(
  client: Queryable,
  model: EngineModel,
  resource: EngineResource,
  tenantId: number,
  data: Record<string, unknown>,
  { lock = true, previous }: { lock?: boolean; previous?: Record<string, unknown> } = {},
): Promise<FieldMessages> {
  const errors: FieldMessages = {};
  const wanted: Array<{ field: string; table: string; ids: number[] }> = [];
  for (const { field, ref, many } of resource.references) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    const ids = many ? (Array.isArray(value) ? value : []) : [value];
    if (!ids.every(isId)) {
      addMessage(errors, field, { key: 'validation.refMissing' });
      continue;
    }
    if (ids.length > 0) wanted.push({ field, table: (model.byName.get(ref.resource) as EngineResource).table, ids: ids });
  }
  if (wanted.length === 0) return errors;
  const values = wanted.map(({ ids }) => ids);
  // An update holds only the records it newly names: one it named before is already in the record a delete finds
  // and clears (or restricts) under the record's row lock. Holding those too could deadlock with such a delete.
  const newlyNamed = wanted.map(({ field, ids }) => ids.filter((id) => !namedBefore(previous?.[field]).has(id)));
  if (lock && !onEmbeddedDatabase(client) && newlyNamed.some((ids) => ids.length > 0)) {
    const held = wanted.map(({ table }, index) => `SELECT ${recordLock(table, 'id', 'shared')} FROM unnest($${index + 1}::bigint[]) AS id`);
    await client.query(`SELECT count(*) FROM (${held.join(' UNION ALL ')}) AS held`, newlyNamed);
  }
  const branches = wanted.map(({ table }, index) => `SELECT ${index} AS wanted, id FROM "${table}" WHERE tenant_id = $1 AND id = ANY($${index + 2}::bigint[])`);
  const result = await client.query(branches.join(' UNION ALL '), [tenantId, ...values]);
  const found = wanted.map(() => new Set<number>());
  for (const row of result.rows as Array<{ wanted: number; id: number }>) found[row.wanted]?.add(Number(row.id));
  wanted.forEach(({ field, ids }, index) => {
    if (ids.some((id) => !found[index]?.has(id))) addMessage(errors, field, { key: 'validation.refMissing' });
  });
  return errors;
}

interface DeleteContext {
  client: Queryable;
  model: EngineModel;
  tenantId: number;
  /** Who deletes: every deleted record, cascaded ones too, goes to the audit trail under their name. */
  actor: Actor;
  /** Records already being deleted by this operation, per table: never restricted by themselves, never visited twice. */
  deleting: Map<string, Set<number>>;
}

export function referencingCondition(field: string, many: boolean): string {
  const quoted = field.replace(/'/g, "''");
  return many
    ? `EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(data->'${quoted}') = 'array' THEN data->'${quoted}' ELSE '[]'::jsonb END) AS item(value) WHERE item.value = ANY($2::text[]))`
    : `(data->>'${quoted}') = ANY($2::text[])`;
}

async function deleteMany(context: DeleteContext, resource: EngineResource, requested: number[]): Promise<void> {
  const seen = context.deleting.get(resource.table) ?? new Set<number>();
  context.deleting.set(resource.table, seen);
  const ids = requested.filter((id) => !seen.has(id));
  if (ids.length === 0) return;
  for (const id of ids) seen.add(id);
  const { client, model, tenantId } = context;
  const idTexts = ids.map(String);
  // Held before anything that names them is looked for (PostgreSQL): a write naming one of them holds its
  // `recordLock` shared, so it either committed before this one was granted, and the scans below (each statement
  // sees what was committed before it began) find what it wrote, or it waits until this commits. The row lock does
  // the same for children, whose foreign key on `parent_id` locks the parent's row.
  if (!onEmbeddedDatabase(client)) {
    await client.query(
      `SELECT id, ${importLock(resource.table, '$1', 'shared')}, ${recordLock(resource.table, 'id', 'exclusive')}
         FROM "${resource.table}" WHERE tenant_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE`,
      [tenantId, ids],
    );
  }

  for (const child of model.resources.filter((candidate) => candidate.definition.parent?.resource === resource.name)) {
    const result = await client.query(`SELECT id FROM "${child.table}" WHERE tenant_id = $1 AND parent_id = ANY($2::bigint[])`, [tenantId, ids]);
    await deleteMany(
      context,
      child,
      result.rows.map((row: { id: number }) => Number(row.id)),
    );
  }

  for (const referencing of model.resources) {
    for (const { field, ref, many } of referencing.references) {
      if (ref.resource !== resource.name) continue;
      const condition = referencingCondition(field, many);
      const found = await client.query(`SELECT id FROM "${referencing.table}" WHERE tenant_id = $1 AND ${condition}`, [tenantId, idTexts]);
      const alreadyGoing = context.deleting.get(referencing.table) ?? new Set<number>();
      const referencingIds = found.rows.map((row: { id: number }) => Number(row.id)).filter((id: number) => !alreadyGoing.has(id));
      if (referencingIds.length === 0) continue;
      if (ref.onDelete === 'restrict') {
        throw new HttpError(409, 'errors.inUse', { params: { resource: referencing.name } });
      }
      if (ref.onDelete === 'cascade') {
        await deleteMany(context, referencing, referencingIds);
        continue;
      }
      // set-null: the field goes (an absent optional field is how "no value" is stored); arrays lose the item.
      const quoted = field.replace(/'/g, "''");
      const newData = many
        ? `jsonb_set(data, '{${quoted.replace(/[{}",\\]/g, '')}}', COALESCE((SELECT jsonb_agg(item) FROM jsonb_array_elements(data->'${quoted}') AS item WHERE NOT ((item #>> '{}') = ANY($4::text[]))), '[]'::jsonb))`
        : `data - '${quoted}'`;
      // The CTE keeps each row as it was, for the audit trail's "before".
      const changed = await client.query(
        `WITH previous AS (SELECT id, data AS old_data FROM "${referencing.table}" WHERE tenant_id = $1 AND id = ANY($2::bigint[]))
         UPDATE "${referencing.table}" AS target SET data = ${newData}, version = version + 1, updated_at = now(), updated_by = $3
           FROM previous WHERE target.tenant_id = $1 AND target.id = previous.id
         RETURNING target.id, previous.old_data, target.data${referencing.definition.parent ? ', target.parent_id' : ''}`,
        many ? [tenantId, referencingIds, context.actor.id, idTexts] : [tenantId, referencingIds, context.actor.id],
      );
      for (const row of changed.rows as Array<{ id: number; old_data: Record<string, unknown>; data: Record<string, unknown>; parent_id?: number }>) {
        await recordChange(client, context.actor, referencing, Number(row.id), 'update', row.old_data, row.data, row.parent_id ?? null);
      }
    }
  }

  const deleted = await client.query(
    `DELETE FROM "${resource.table}" WHERE tenant_id = $1 AND id = ANY($2::bigint[]) RETURNING id, data${resource.definition.parent ? ', parent_id' : ''}`,
    [tenantId, ids],
  );
  for (const row of deleted.rows as Array<{ id: number; data: Record<string, unknown>; parent_id?: number }>) {
    await recordChange(client, context.actor, resource, Number(row.id), 'delete', row.data, null, row.parent_id ?? null);
  }
}

/** Deletes one record with every deletion rule applied, on the store's transaction and in its actor's name. */
export async function deleteWithRules(store: EngineStore, model: EngineModel, resource: EngineResource, id: number): Promise<void> {
  if (!store.actor) throw new Error('deleteWithRules needs a store with an actor (the audit trail names who deleted)');
  await deleteMany({ client: store.client, model, tenantId: store.tenantId, actor: store.actor, deleting: new Map() }, resource, [id]);
}
