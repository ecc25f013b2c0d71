/**
 * A list's free-text search (`search=`): substring matching over a resource's `x-search` fields that ignores case
 * and accents ("muller" finds "Müller", "δουναβης" finds "Δούναβης"), served by one trigram index per resource.
 *
 * The first design matched each field on its own (`f1 ILIKE p OR f2 ILIKE p …`, per word) with a trigram index
 * per field. PostgreSQL then scanned every field's index for every word and merged the bitmaps (ten index scans
 * for "Danube Steel" over the five order fields; 57 ms of the 89 ms the total took at a million orders), and the
 * indexes spanned every tenant, so a small tenant's search read the large tenant's matches and threw them away.
 *
 * Now the searched fields are one expression, `fleetdesk_fold(f1 || E'\n' || f2 …)`, and each word one `LIKE` on it:
 * - Folded text (migration 021): unaccented, lower case, a Greek final sigma as a sigma; the word is folded the
 *   same way (`fleetdesk_contains_pattern`). Folding maps each character on its own, so a word a field holds as
 *   typed it still holds once both are folded: the search finds all that case-insensitive matching found, and more.
 * - A word never holds a line break (words are split at white space), so it cannot match across two fields:
 *   "in some field" equals "in the joined fields". A test compares the search with an answer worked out in
 *   JavaScript, field by field, on a sample of queries in five scripts (search.test.ts).
 * - One index: GIN over `(tenant_id, expression gin_trgm_ops)` (btree_gin, migration 017). The tenant is an
 *   index key, so a small tenant's search intersects its own short posting list (under a millisecond beside a
 *   tenant of a million orders, instead of 18 ms). The tenant id must be compared as a bigint for GIN to use it:
 *   store.ts sends it as an untyped parameter, which PostgreSQL types from the column.
 * - Stored once (issue 16 point 1, second step): in the engine's own tables (`r_*`) the expression is a column
 *   the database computes (computed-columns.ts), `search_<hash of the expression>`, and the search and its index
 *   read the column (the expression itself while a new column is being filled after start). A row's
 *   test was ~4 µs, most of it taking five fields out of `data`, joining and lowering them; on the stored text
 *   it is one LIKE. The column also rides in the default order's sort indexes (paging.ts, `INCLUDE`) where the
 *   sort field is not itself searched, so the first page of a search in that order walks the index alone,
 *   testing each entry's text there, and reads the table for the matches only (store.ts `pageStatement`): 1,287
 *   entries for "Danube Steel" over a million orders, 0.5 ms instead of 5. Where the sort field is searched, a
 *   bounded walk, then the trigram index (store.ts `walkThenMatches`). A change of the searched fields makes a
 *   new column, filled without stopping writes; the column of the earlier expression is dropped once the new one
 *   is filled and indexed. The adopted tables (`users`, `companies`: small, read with `SELECT *` by hand-written
 *   code) keep the expression.
 * Sensitive fields (masking.ts) are left out of the expression, because a member who may not see them must not
 * find records by them; they keep an index of their own and are ORed in for members who may. Derived fields are
 * computed per row (no index) and ORed in the same way.
 */
import { createHash } from 'node:crypto';
import { join, Sql, sql } from '../db/sql';
import { searchWords } from '../../validation/search-limits';
import { fieldExpression, type EngineResource } from './model';

const raw = (text: string) => new Sql([text], []);

/** The searched fields the joined expression (and its index) covers: stored, not sensitive. */
export function indexedSearchFields(resource: EngineResource): string[] {
  return resource.searchFields.filter((field) => !Object.hasOwn(resource.derived, field) && !resource.sensitiveFields.includes(field));
}

/** Text as searches compare it (migration 021): unaccented, lower case, a final sigma as a sigma. */
export const folded = (expression: string) => `fleetdesk_fold(${expression})`;

/**
 * `fleetdesk_fold(coalesce(f1, '') || E'\n' || …)`, or null for a resource with no such field. `row`: the record it
 * reads (`NEW` in the column's trigger), as in fieldExpression.
 */
export function searchExpression(resource: EngineResource, row?: string): string | null {
  const fields = indexedSearchFields(resource);
  if (fields.length === 0) return null;
  return folded(fields.map((field) => `coalesce(${fieldExpression(resource, field, row)}, '')`).join(` || E'\\n' || `));
}

const hash8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/** Names of the stored search columns start with this (the one of an earlier expression is found by it). */
export const SEARCH_COLUMN_PREFIX = 'search_';

/** The computed column holding the search expression (`r_*` tables), or null; filled or not. */
export function searchColumnOf(resource: EngineResource): string | null {
  // Asked several times by every list request: worked out (with its hash) once per resource.
  if (!searchColumns.has(resource)) {
    const expression = searchExpression(resource);
    searchColumns.set(resource, expression && resource.table.startsWith('r_') ? `${SEARCH_COLUMN_PREFIX}${hash8(expression)}` : null);
  }
  return searchColumns.get(resource) as string | null;
}

const searchColumns = new WeakMap<EngineResource, string | null>();

/** The search column where there is one and every row holds its value (computed-columns.ts), else null. */
export function servedSearchColumn(resource: EngineResource): string | null {
  const column = searchColumnOf(resource);
  return column && !resource.unfilledColumns.has(column) ? column : null;
}

/** What a search's LIKE reads: the column where it serves, else the expression. */
function searchedText(resource: EngineResource): string | null {
  const column = servedSearchColumn(resource);
  return column ? `"${column}"` : searchExpression(resource);
}

function indexName(resource: EngineResource, indexed: string): string {
  // The indexed text's hash in the name: a field added to the search makes a new index (the old one is dropped).
  return `${resource.table.slice(0, 40)}_search_${hash8(indexed)}`;
}

/**
 * The search's index, for storage.ts (made with the engine's tables; IF NOT EXISTS), on the column where there
 * is one (computed-columns.ts makes it). Before the column, the index was on the expression itself: that index
 * is dropped.
 */
export function searchIndexStatements(resource: EngineResource): string[] {
  const expression = searchExpression(resource);
  if (!expression) return [];
  const column = searchColumnOf(resource);
  const statements: string[] = [];
  if (column) statements.push(`DROP INDEX IF EXISTS "${indexName(resource, expression)}"`);
  const indexed = column ? `"${column}"` : expression;
  statements.push(`CREATE INDEX IF NOT EXISTS "${indexName(resource, indexed)}" ON "${resource.table}" USING gin (tenant_id, ${indexed} gin_trgm_ops)`);
  return statements;
}

/**
 * `expression` (a field's text, unfolded) holds `text` anywhere, ignoring case and accents; a search for "50%" finds
 * "50%", not everything. Served by a trigram index on `folded(expression)` (storage.ts).
 */
export function containsText(expression: string, text: string): Sql {
  return sql`${raw(folded(expression))} LIKE fleetdesk_contains_pattern(${text})`;
}

/**
 * The condition of a search text: each word (split at white space) is found in some searched field, not
 * necessarily the same one ("Olga Shevchenko" finds the first name and the last name; "Shevchenko Olga" too).
 * `hidden`: fields this member may not see, which the search must not reveal. `within`: the only fields the words
 * may be found in (a label reader's: list-query.ts `searchWithin`); each word is still looked up through the
 * joined text's index, then checked in those fields.
 */
export function searchCondition(resource: EngineResource, text: string, hidden: ReadonlySet<string>, within?: readonly string[]): Sql {
  const expression = searchedText(resource);
  const others = resource.searchFields.filter((field) => !hidden.has(field) && !indexedSearchFields(resource).includes(field));
  const allowed = within && resource.searchFields.filter((field) => !hidden.has(field) && within.includes(field));
  if ((!expression && others.length === 0) || allowed?.length === 0) return sql`false`;
  const anyField = (word: string) => {
    const parts: Sql[] = [];
    if (expression) parts.push(sql`${raw(expression)} LIKE fleetdesk_contains_pattern(${word})`);
    for (const field of others) parts.push(containsText(fieldExpression(resource, field), word));
    const found = parts.length === 1 ? parts[0] : sql`(${join(parts, ' OR ')})`;
    if (!allowed) return found;
    const inAllowed = allowed.map((field) => containsText(fieldExpression(resource, field), word));
    return sql`(${found} AND ${inAllowed.length === 1 ? inAllowed[0] : sql`(${join(inAllowed, ' OR ')})`})`;
  };
  return join(searchWords(text).map(anyField), ' AND ');
}
