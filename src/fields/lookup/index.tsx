/**
 * Ids of a reference list (`x-lookup: "<list>"`): contract types grouped by country and named in the member's
 * language (`/api/contracts`), car models grouped by brand and tracking systems (`/api/app/load-data`). The
 * item's id is stored; the server refuses one the list does not hold (server/engine/lookup-fields.ts).
 */
import type { LookupListName } from '../../../validation/vocabulary';
import { lookupKind } from '../lookup-kind';

export const lookupListKind = lookupKind('lookup', (schema) => typeof schema['x-lookup'] === 'string', {
  listOf: (schema) => schema['x-lookup'] as LookupListName,
});
