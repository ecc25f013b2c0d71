/**
 * `x-lookup: "<list>"` (validation/vocabulary.ts): the field holds an id of a reference list (a contract type, a
 * car model, a tracking system). The app hands the lists' ids to the engine (`EngineOptions.lookups`); a written
 * value the list does not hold is a 422 `validation.lookup` on the field. A stored value is kept while it is not
 * changed: records written before the check (a contract typed in as text) can still be saved with their other
 * changes, and an item a deploy takes out of the list does not lock its records.
 */
import { HttpError } from '../http-error';
import type { EngineModel, EngineResource } from './model';

/** Each list's ids, as text (`"12"` for an id of 12 stored as a number or as text). */
export type LookupIds = ReadonlyMap<string, ReadonlySet<string>>;

export function refuseUnknownLookups(
  model: EngineModel,
  resource: EngineResource,
  data: Record<string, unknown>,
  current: Record<string, unknown> | null,
): void {
  const unknown = resource.lookupFields.filter(({ field, list }) => {
    const value = data[field];
    // The schema has refused any other type already.
    if ((typeof value !== 'string' && typeof value !== 'number') || value === current?.[field]) return false;
    const ids = model.lookups.get(list);
    return ids !== undefined && !ids.has(String(value));
  });
  if (unknown.length > 0)
    throw new HttpError(422, 'errors.invalidData', { fieldErrors: Object.fromEntries(unknown.map(({ field }) => [field, [{ key: 'validation.lookup' }]])) });
}
