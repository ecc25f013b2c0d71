/**
 * HR document types carry their statuses as `statuses: [{ id, name }]`, and each status is also a record of
 * `hr-document-statuses` (parent: the type), which employee document status rows refer to by id. Written
 * through the generic routes (create and edit of the type), the array is the truth and the records follow
 * in the same transaction: a status without an id gets its record (and so an id at once, usable by
 * employee documents), a renamed one renames its record, one left out is deleted with the employee
 * documents that use it (SPEC §4, as the status route does). The status routes
 * (routes/hand-written/document-statuses.ts) change one status at a time and keep the array in step. No
 * two statuses of a type have the same name (compared without case and outer spaces): a member picks one by it.
 */
import { identifier, sql } from '../db/sql';
import type { EngineModel, EngineResource } from '../engine/model';
import { deleteWithRules } from '../engine/references';
import { HttpError } from '../http-error';
import type { EngineStore } from '../engine/store';
import type { ResourceRules } from '../engine/rule-types';

interface StatusItem {
  id?: number;
  name: string;
}

const itemsOf = (data: Record<string, unknown> | null): StatusItem[] => (Array.isArray(data?.statuses) ? (data.statuses as StatusItem[]) : []);

/** The index of the first status whose name an earlier one of the list has (case and outer spaces aside), or -1. */
export function repeatedStatusName(items: readonly StatusItem[]): number {
  const seen = new Set<string>();
  return items.findIndex(({ name }) => {
    const key = String(name).trim().toLocaleLowerCase();
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/** SPEC §4: deleting a status deletes the employee documents that have a status row with it, then the status. */
export async function deleteStatusWithDocuments(store: EngineStore, model: EngineModel, statusId: number): Promise<void> {
  const rowsResource = model.byName.get('employee-document-statuses') as EngineResource;
  const documents = model.byName.get('employee-documents') as EngineResource;
  const withStatus = [sql`(data->>'status') = ${String(statusId)}`];
  const total = await store.count(rowsResource, {}, withStatus);
  if (total > 0) {
    const rows = await store.page(rowsResource, {}, withStatus, sql`id`, total, 0);
    for (const documentId of new Set(rows.map((row) => Number(row.parent_id)))) await deleteWithRules(store, model, documents, documentId);
  }
  await deleteWithRules(store, model, model.byName.get('hr-document-statuses') as EngineResource, statusId);
}

/** The type's statuses with their records: made for new items, renamed where the name changed; the others deleted. */
async function syncStatuses(store: EngineStore, model: EngineModel, actorId: number, typeId: number, wanted: StatusItem[], before: StatusItem[]) {
  const statuses = model.byName.get('hr-document-statuses') as EngineResource;
  const dropped = new Set(before.flatMap((item) => (typeof item.id === 'number' ? [item.id] : [])));
  const items: StatusItem[] = [];
  for (const item of wanted) {
    // Only ids of this type's own statuses are kept; any other id is a new status.
    const existing = typeof item.id === 'number' ? await store.find(statuses, item.id, { parentId: typeId }) : null;
    if (!existing) {
      const row = await store.insert(statuses, { name: item.name }, actorId, typeId);
      items.push({ id: Number(row.id), name: item.name });
      continue;
    }
    if (existing.data.name !== item.name) await store.update(statuses, Number(existing.id), { ...existing.data, name: item.name }, actorId);
    items.push({ id: Number(existing.id), name: item.name });
    dropped.delete(Number(existing.id));
  }
  for (const removed of dropped) {
    if ((await store.find(statuses, removed, { parentId: typeId })) !== null) await deleteStatusWithDocuments(store, model, removed);
  }
  return items;
}

export const hrDocumentTypeRules: ResourceRules = {
  // An edit: the records follow before the type is stored, so it is stored once, with every id.
  async beforeWrite({ store, model, actor }, { id, data, current }) {
    const repeated = repeatedStatusName(itemsOf(data));
    if (repeated >= 0) throw new HttpError(422, 'errors.invalidData', { fieldErrors: { [`statuses.${repeated}.name`]: [{ key: 'validation.uniqueItems' }] } });
    if (id === null) return;
    data.statuses = await syncStatuses(store, model, actor.id, id, itemsOf(data), itemsOf(current));
  },

  // A new type: its statuses need its id as their parent, so they are made after it; their ids are then
  // written into the same new row (still version 1: it is the same creation, in the same transaction).
  async afterWrite({ store, model, resource, actor }, { id, data, current }) {
    if (current !== null) return;
    const items = await syncStatuses(store, model, actor.id, id, itemsOf(data), []);
    const { text, values } = sql`UPDATE ${identifier(resource.table)} SET data = jsonb_set(data, '{statuses}', ${JSON.stringify(items)}::jsonb)
      WHERE tenant_id = ${store.tenantId} AND id = ${id}`.render();
    await store.client.query(text, values);
  },
};
