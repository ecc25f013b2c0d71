/**
 * `x-lookup: "<list>"` (validation/vocabulary.ts): the field holds an id of a reference list (a contract type, a
 * car model, a tracking system). The app hands the lists' ids to the engine (`EngineOptions.lookups`); a written
 * value the list does not hold is a 422 `validation.lookup` on the field. A stored value is kept while it is not
 * changed: records written before the check (a contract typed in as text) can still be saved with their other
 * changes, and an item a deploy takes out of the list does not lock its records.
 *
 * `x-lookup-within: "<field>"`: the item must belong to the group its sibling names, a car model to the vehicle's
 * brand. Once the sibling names a group the list knows (case aside: "daf" is DAF), an item of another group is a 422
 * `validation.lookupWithin` on the field, when either of the two is written; a brand the list does not know (a
 * Tatra) leaves every model open, as the picker does.
 */
import type { FieldMessages } from '../../validation/messages';
import type { EngineModel, EngineResource } from './model';

/** Each list's ids, as text (`"12"` for an id of 12 stored as a number or as text), with each one's group (a car model's brand). */
export type LookupIds = ReadonlyMap<string, ReadonlyMap<string, string | undefined>>;

const comparable = (group: string) => group.trim().toLowerCase();

/** The group the sibling names, as the list spells it, when the list has such a group. */
function namedGroup(items: ReadonlyMap<string, string | undefined>, named: unknown): string | undefined {
  if (typeof named !== 'string' || named.trim() === '') return undefined;
  const wanted = comparable(named);
  for (const group of items.values()) if (group !== undefined && comparable(group) === wanted) return group;
  return undefined;
}

/** The reference-list fields whose item the list does not hold (or not within its group), each with its message. */
export function unknownLookups(
  model: EngineModel,
  resource: EngineResource,
  data: Record<string, unknown>,
  current: Record<string, unknown> | null,
): FieldMessages {
  const errors: FieldMessages = {};
  for (const { field, list, within } of resource.lookupFields) {
    const value = data[field];
    const items = model.lookups.get(list);
    // The schema has refused any other type already.
    if ((typeof value !== 'string' && typeof value !== 'number') || items === undefined) continue;
    const changed = value !== current?.[field];
    if (changed && !items.has(String(value))) {
      errors[field] = [{ key: 'validation.lookup' }];
      continue;
    }
    if (within === undefined || (!changed && data[within] === current?.[within])) continue;
    const group = namedGroup(items, data[within]);
    const own = items.get(String(value));
    if (group !== undefined && own !== undefined && comparable(own) !== comparable(group))
      errors[field] = [{ key: 'validation.lookupWithin', params: { group } }];
  }
  return errors;
}
