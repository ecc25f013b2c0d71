/**
 * `x-unique: true` (validation/vocabulary.ts): no two records of the tenant hold the same value of the field (text
 * compared without regard to case),
 * or, for a sub-resource, no two of the same owner (an employee's passport numbers; another employee may hold
 * the same). A clash is `validation.unique` on the field, answered with the record's other problems before anything
 * is written (create-record.ts refuseStoring). The check and the
 * write it guards run under a transaction lock of the table and the owner (or the tenant), so two records saved
 * at once with the same value cannot both pass.
 */
import { sql } from '../db/sql';
import type { FieldMessages } from '../../validation/messages';
import type { EngineResource } from './model';
import type { EngineStore, Scope } from './store';

const sameValue = (value: unknown, stored: unknown) =>
  typeof value === 'string' && typeof stored === 'string' ? value.toLowerCase() === stored.toLowerCase() : value === stored;

/** The unique fields whose value the tenant (or the owner) holds already, each with its message. */
export async function takenUniqueValues(
  store: EngineStore,
  resource: EngineResource,
  scope: Scope,
  id: number | null,
  data: Record<string, unknown>,
  current: Record<string, unknown> | null = null,
): Promise<FieldMessages> {
  const taken: FieldMessages = {};
  // An update checks the values it changes: records stored alike before a field became unique (two document types of
  // one name) stay editable in their other fields.
  const given = resource.uniqueFields.filter(
    (field) => (typeof data[field] === 'string' || typeof data[field] === 'number') && !sameValue(data[field], current?.[field]),
  );
  if (given.length === 0) return taken;
  await store.client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2::int)', [
    `fleetdesk-unique-${resource.table}`,
    (scope.parentId ?? store.tenantId) % 2_147_483_647,
  ]);
  for (const field of given) {
    // Text in any case is the same value: "Logistics" and "logistics" are one department, "ab 123 cd" one plate.
    const value = data[field];
    const same = typeof value === 'string' ? sql`lower(data->>${field}) = lower(${value})` : sql`data->${field} = ${JSON.stringify(value)}::jsonb`;
    const held = await store.count(resource, { parentId: scope.parentId }, [same, id === null ? sql`true` : sql`id <> ${id}`], 1);
    if (held > 0) taken[field] = [{ key: 'validation.unique' }];
  }
  return taken;
}
