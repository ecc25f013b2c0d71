/**
 * Pages of a list in its default order, first and deep, straight from an index.
 *
 * The engine orders a list by `<field> <direction> NULLS LAST, id <direction>` (list-query.ts), which the
 * plain `(tenant_id, <field>)` index cannot give (other NULLS placement, no id tie-break), so PostgreSQL
 * sorted every row of the tenant to return ten (~1 s over a million orders). One index per direction on a
 * resource's default sort field makes the page opened by default (and its reverse) an index range scan.
 *
 * Deep pages (OFFSET 100,000) walk that many index entries. An index on the expression
 * `(data->>'loading_date')` cannot answer that walk by itself: PostgreSQL's planner allows an index-only
 * scan only when every column the query names is in the index, and the expression names `data`, so each
 * skipped entry cost a heap visit (~0.5 s for 100,000 over a million orders, mostly buffer reads). The sort
 * value is therefore kept in a column the database computes in the engine's own tables (`r_*`,
 * computed-columns.ts; never writable, never on the wire), the indexes are built on that column, and
 * EngineStore.page orders by the column (once it is filled) whenever the list's order is the default field's
 * (`pagingOrderBy`): the ids of a deep page come from an index-only scan (the visibility map is kept by VACUUM;
 * seed:bulk ends with one). The column's name carries a hash of its expression, so a new default sort field gets a new column.
 * The adopted tables (`users`, `companies`: small, and read with `SELECT *` by hand-written code) keep the
 * expression indexes. See docs/architecture.md, "Totals and deep pages".
 */
import { createHash } from 'node:crypto';
import { Sql, sql } from '../db/sql';
import { typeOf } from './entity-schemas';
import type { ListSort } from './list-query';
import { fieldExpression, type EngineResource } from './model';
import { indexedSearchFields, searchColumnOf, servedSearchColumn } from './search';

const hash8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

function name(resource: EngineResource, suffix: string): string {
  return `${`${resource.table}_${suffix}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40)}_${hash8(`${resource.table}.${suffix}`)}`;
}

interface SortKey {
  field: string;
  /** The SQL list-query.ts orders by for this field. */
  expression: string;
  /** The computed column holding it (computed-columns.ts), or null where the expression is indexed directly. */
  column: string | null;
  /** The expression over the trigger's record (`NEW`), which computes the column. */
  rowExpression: string;
}

/** The default sort field's key, or null when the default order needs no index of its own. */
export function sortKeyOf(resource: EngineResource): SortKey | null {
  // Asked several times by every list request: worked out (with its hash) once per resource.
  if (!sortKeys.has(resource)) sortKeys.set(resource, workOutSortKey(resource));
  return sortKeys.get(resource) as SortKey | null;
}

const sortKeys = new WeakMap<EngineResource, SortKey | null>();

function workOutSortKey(resource: EngineResource): SortKey | null {
  const field = resource.definition.defaultSort?.field;
  if (!field || field === 'id' || field === resource.idField || Object.hasOwn(resource.derived, field)) return null;
  if (isTimestamp(field)) return { field, expression: field, column: null, rowExpression: `NEW.${field}` };
  if (!Object.hasOwn(resource.properties, field)) return null;
  const expression = fieldExpression(resource, field);
  const column = resource.table.startsWith('r_') ? `${SORT_KEY_PREFIX}${hash8(expression)}` : null;
  return { field, expression, column, rowExpression: fieldExpression(resource, field, 'NEW') };
}

/** Names of the sort key's columns start with this (the one of an earlier default sort field is found by it). */
export const SORT_KEY_PREFIX = 'sort_key_';

/** The sort key as the reads use it: its column only once every row holds its value (computed-columns.ts). */
function servedSortKey(resource: EngineResource): SortKey | null {
  const key = sortKeyOf(resource);
  return key?.column && resource.unfilledColumns.has(key.column) ? { ...key, column: null } : key;
}

export function columnType(expression: string): string {
  if (expression.endsWith('::numeric)')) return 'numeric';
  if (expression.endsWith('::boolean)')) return 'boolean';
  return 'text';
}

export function sortIndexStatements(resource: EngineResource): string[] {
  const key = sortKeyOf(resource);
  if (!key) return [];
  // A timestamp, never NULL, is ordered without a NULLS clause (orderSql): one index serves both directions.
  if (isTimestamp(key.field)) return [timestampIndex(resource, key.field)];
  const table = `"${resource.table}"`;
  const statements: string[] = [];
  const directions = ['ASC', 'DESC'] as const;
  // The expression indexes of the first design (same names) are not needed where the column serves.
  const expressionIndex = (direction: string) => `"${name(resource, `${key.field}_${direction.toLowerCase()}_page`)}"`;
  if (key.column) {
    for (const direction of directions) statements.push(`DROP INDEX IF EXISTS ${expressionIndex(direction)}`);
    // An index-only scan visits the heap for every entry on a page not marked all-visible, and only VACUUM
    // marks pages. PostgreSQL's defaults vacuum a million-row table after ~200,000 changed rows: until then
    // recent orders (the first entries of the newest-first order) cost a heap visit each (44,000 visits,
    // 0.5 s, after 20,000 writes). Autovacuum here runs after ~1% new or changed rows instead (PGlite has
    // no autovacuum: seed:bulk and the benchmark vacuum explicitly).
    statements.push(
      `ALTER TABLE ${table} SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02)`,
    );
  }
  const indexed = key.column ? `"${key.column}"` : key.expression;
  // The search's stored text rides along (search.ts, `carriedSearchColumn`): a search's first page in this order
  // tests each entry's text in the index and reads the table for the matches only. Its name is in the index's,
  // so a new search column makes new indexes; the ones without it (or with an earlier one) are dropped.
  const carried = carriedSearchColumn(resource, key);
  const stored = searchColumnOf(resource);
  for (const direction of directions) {
    const columns = `(tenant_id, ${indexed} ${direction} NULLS LAST, id ${direction})`;
    if (!key.column) {
      statements.push(`CREATE INDEX IF NOT EXISTS ${expressionIndex(direction)} ON ${table} ${columns}`);
      continue;
    }
    // The index with the search text and the one without: one made, the other dropped.
    const plain = `"${name(resource, `${key.column}_${direction.toLowerCase()}`)}"`;
    const withText = stored ? `"${name(resource, `${key.column}_${direction.toLowerCase()}_${stored}`)}"` : null;
    if (carried && withText)
      statements.push(`DROP INDEX IF EXISTS ${plain}`, `CREATE INDEX IF NOT EXISTS ${withText} ON ${table} ${columns} INCLUDE ("${carried}")`);
    else statements.push(...(withText ? [`DROP INDEX IF EXISTS ${withText}`] : []), `CREATE INDEX IF NOT EXISTS ${plain} ON ${table} ${columns}`);
  }
  return statements;
}

/**
 * The order of a page as EngineStore.page runs it: the list's own order, or, when that is the default
 * field's in either direction (as list-query.ts writes it), the same order by the computed column, so the
 * column's index serves it. Same values, same NULLs, same collation: the same rows in the same order.
 */
export function pagingOrderBy(resource: EngineResource, orderBy: Sql): Sql {
  const key = servedSortKey(resource);
  if (!key?.column) return orderBy;
  const { text, values } = orderBy.render();
  if (values.length > 0) return orderBy;
  for (const direction of ['ASC', 'DESC']) {
    if (text === `${key.expression} ${direction} NULLS LAST, id ${direction}`) return new Sql([`"${key.column}" ${direction} NULLS LAST, id ${direction}`], []);
  }
  return orderBy;
}

/**
 * The search column the default order's sort indexes carry (sortIndexStatements), or null. None where the sort
 * field is itself searched (employees, by last name): a search's matches then lie together in the sort order
 * ("Melnyk" half-way through the alphabet), while the planner reckons them spread evenly, so it would walk the
 * index for the first ten (53,000 entries over 100,000 employees on the embedded database, 10 ms) instead of
 * taking the 70 matches from the trigram index (0.8 ms).
 */
function carriedSearchColumn(resource: EngineResource, key: SortKey): string | null {
  if (!key.column || indexedSearchFields(resource).includes(key.field)) return null;
  return searchColumnOf(resource);
}

/** The carried search column, where the reads may use it: both columns filled (servedSortKey, servedSearchColumn). */
function servedCarriedColumn(resource: EngineResource, key: SortKey): string | null {
  return key.column && carriedSearchColumn(resource, key) ? servedSearchColumn(resource) : null;
}

/**
 * Whether a list in `order` is ordered by one of the searched fields (the default one by its column), where the
 * search text is stored: a search's matches then lie together in the order ("Danube Steel" among the customers
 * from D, "Melnyk" half-way through the employees), which a walk of the order meets only after every row before
 * them (2–2.7 s for orders by customer over a million; store.ts `walkThenMatches`).
 */
export function sortFieldSearched(resource: EngineResource, order: PageOrder): boolean {
  if (order.expression === null || servedSearchColumn(resource) === null) return false;
  const key = servedSortKey(resource);
  if (key?.column && order.expression === `"${key.column}"`) return indexedSearchFields(resource).includes(key.field);
  return indexedSearchFields(resource).some((field) => fieldExpression(resource, field) === order.expression);
}

/** Whether a list in `order` is read from a sort index that carries the search text: the default field's order, by its column. */
export function sortIndexCoversSearch(resource: EngineResource, order: PageOrder): boolean {
  const key = servedSortKey(resource);
  return !!key?.column && order.expression === `"${key.column}"` && servedCarriedColumn(resource, key) !== null;
}

/** How a sort value is carried in a cursor and compared again (cursor.ts). */
export type SortKind = 'id' | 'numeric' | 'boolean' | 'text' | 'timestamp';

/**
 * A list's order as the page queries run it: the sort expression (the computed column where it serves,
 * as pagingOrderBy substitutes it), its kind, and the direction. `expression` is null for the id alone.
 */
export interface PageOrder {
  expression: string | null;
  kind: SortKind;
  direction: 'ASC' | 'DESC';
}

export function pageOrderOf(resource: EngineResource, sort: ListSort): PageOrder {
  const { field, direction } = sort;
  if (field === 'id') return { expression: null, kind: 'id', direction };
  if (isTimestamp(field)) return { expression: field, kind: 'timestamp', direction };
  const key = servedSortKey(resource);
  const expression = key?.column && key.expression === sort.expression ? `"${key.column}"` : sort.expression;
  const type = typeOf(resource.properties[field]);
  const kind: SortKind = type === 'integer' || type === 'number' ? 'numeric' : type === 'boolean' ? 'boolean' : 'text';
  return { expression, kind, direction };
}

const flip = (direction: 'ASC' | 'DESC') => (direction === 'ASC' ? 'DESC' : 'ASC');

/**
 * `<expression> <direction> NULLS LAST, id <direction>` (list-query.ts), or its exact reverse
 * (`NULLS FIRST`, both directions flipped), which a backward scan of the same index serves.
 */
export function orderSql(order: PageOrder, reverse = false): Sql {
  const direction = reverse ? flip(order.direction) : order.direction;
  if (order.expression === null) return new Sql([`id ${direction}`], []);
  // created_at and updated_at are never NULL, so where NULLs go does not matter: without saying it, one index
  // (timestampIndexStatements) serves either direction, forward or backward.
  if (order.kind === 'timestamp') return new Sql([`${order.expression} ${direction}, id ${direction}`], []);
  return new Sql([`${order.expression} ${direction} NULLS ${reverse ? 'FIRST' : 'LAST'}, id ${direction}`], []);
}

/**
 * The index of each timestamp a resource's lists read pages by, `(tenant_id, <timestamp>, id)`: `updated_at` where
 * the list shows the records changed last beside it (the `recently-updated` panel, src/crud/panels/: five rows,
 * `sort=updated_at&order=desc`, asked at every opening of the list). Without it PostgreSQL sorted the tenant's every
 * row for those five: 40 ms over 100,000 employees on PostgreSQL with two parallel workers, every time the HR list
 * opened. Other timestamp orders stay a sort (an index on every table for an order no screen offers would cost
 * every write).
 */
export function timestampIndexStatements(resource: EngineResource): string[] {
  if (!resource.table.startsWith('r_') || !resource.definition.listPanels?.includes('recently-updated')) return [];
  return [timestampIndex(resource, 'updated_at')];
}

function isTimestamp(field: string): boolean {
  return field === 'created_at' || field === 'updated_at';
}

/** The one index of a timestamp order (also where it is the default one: the same name, made once). */
function timestampIndex(resource: EngineResource, field: string): string {
  return `CREATE INDEX IF NOT EXISTS "${name(resource, `${field}_page`)}" ON "${resource.table}" (tenant_id, ${field}, id)`;
}

/**
 * Whether a list in `order` is read in two parts, the rows with a sort value and the rows without (store.ts
 * `pageStatement`): a descending order by a field other than the default one. Such a field has one index,
 * `(tenant_id, field)` ascending; read backward it gives the values descending with the NULLs first, where the
 * list wants them last (`DESC NULLS LAST`), so PostgreSQL sorted the tenant's every row for one page: 0.6–1 s over a
 * million orders for a click on a column header, every page. The values alone (`IS NOT NULL`), ordered as the index
 * reads them backward, are one index range, and the NULLs another. The default field has an index per direction
 * (sortIndexStatements); created_at and updated_at are never NULL (orderSql).
 */
export function readInParts(resource: EngineResource, order: PageOrder): boolean {
  if (order.expression === null || order.kind === 'timestamp' || order.direction === 'ASC') return false;
  const key = servedSortKey(resource);
  if (key && order.expression === (key.column ? `"${key.column}"` : key.expression)) return false;
  // A field without an index of its own (a derived one, computed per row) is sorted either way: one sort, not two.
  return indexedExpressionsOf(resource).has(order.expression);
}

/** The expressions of the fields with an index `(tenant_id, expression)` (storage.ts: `indexFields`), once per resource. */
function indexedExpressionsOf(resource: EngineResource): Set<string> {
  let expressions = indexedExpressions.get(resource);
  if (!expressions) {
    expressions = new Set(resource.indexFields.map((field) => fieldExpression(resource, field)));
    indexedExpressions.set(resource, expressions);
  }
  return expressions;
}

const indexedExpressions = new WeakMap<EngineResource, Set<string>>();

/** Which rows of a list a part of its statement reads: those with a sort value, or those without. */
export type ListPart = 'values' | 'nulls';

/**
 * The order of one part of a list read in parts (`readInParts`), or its reverse: the values as the field's index
 * reads them (no NULL among them, so where NULLs would go does not matter), the NULLs by id. Merged by the
 * list's own order (orderSql), they are the list's order.
 */
export function partOrderSql(order: PageOrder, part: ListPart, reverse = false): Sql {
  const direction = reverse ? flip(order.direction) : order.direction;
  return new Sql([part === 'values' && order.expression !== null ? `${order.expression} ${direction}, id ${direction}` : `id ${direction}`], []);
}

/**
 * The sort value of a row as the text a cursor carries: exact (numeric and text as PostgreSQL writes them;
 * a timestamp as whole microseconds since 1970, which a JavaScript Date would round to milliseconds).
 */
export function sortValueText(order: PageOrder): Sql {
  if (order.expression === null) return new Sql(['NULL::text'], []);
  if (order.kind === 'timestamp') return new Sql([`((extract(epoch FROM ${order.expression}) * 1000000)::bigint)::text`], []);
  return new Sql([`(${order.expression})::text`], []);
}

/** A cursor's sort value as an SQL value of the sort expression's type (checked beforehand by cursor.ts). */
function sortValue(order: PageOrder, text: string): Sql {
  if (order.kind === 'timestamp') return sql`(timestamptz 'epoch' + ${text}::bigint * interval '1 microsecond')`;
  if (order.kind === 'numeric') return sql`${text}::numeric`;
  if (order.kind === 'boolean') return sql`${text}::boolean`;
  return sql`${text}::text`;
}

/** Where a keyset page starts: the sort value (null for a NULL or for the id order) and the id of the row it follows. */
export interface KeysetStart {
  key: string | null;
  id: number;
}

/**
 * The rows that come after `start` in the order (or, `backward`, before it, in the reverse order), as one or
 * two conditions whose pages are merged: each is a bound of the order's index, none an OR (which an index
 * scan cannot start from, so PostgreSQL would walk the tenant's entries from the first again).
 *   forward, NULLS LAST:  value ≠ NULL → `(expr, id) < (value, id)`, then every NULL;  value = NULL → `expr IS NULL AND id < id`
 *   backward, NULLS FIRST: value ≠ NULL → `(expr, id) > (value, id)`;  value = NULL → `expr IS NULL AND id > id`, then every non-NULL
 * (`<` for DESC, `>` for ASC, the other way round backward). A row comparison is false for a NULL value,
 * so the first condition never takes a NULL: each condition is one `part` of the list, its values or its NULLs.
 * `nullFree`: the list is known to hold no NULL sort value (list-pipeline.ts), so a page forward after a value is
 * the first condition alone: one index range.
 */
export function keysetConditions(order: PageOrder, start: KeysetStart, backward: boolean, nullFree = false): Array<{ condition: Sql; part: ListPart }> {
  const direction = backward ? flip(order.direction) : order.direction;
  const operator = new Sql([direction === 'DESC' ? '<' : '>'], []);
  const id = sql`${start.id}::bigint`;
  if (order.expression === null) return [{ condition: sql`id ${operator} ${id}`, part: 'values' }];
  const expression = new Sql([order.expression], []);
  // A timestamp is never NULL: the rows after a value are those after it, one index range.
  if (order.kind === 'timestamp' && start.key !== null)
    return [{ condition: sql`(${expression}, id) ${operator} (${sortValue(order, start.key)}, ${id})`, part: 'values' }];
  const nulls = { condition: sql`${expression} IS NULL`, part: 'nulls' as const };
  if (start.key !== null) {
    const after = { condition: sql`(${expression}, id) ${operator} (${sortValue(order, start.key)}, ${id})`, part: 'values' as const };
    return backward || nullFree ? [after] : [after, nulls];
  }
  const after = { condition: sql`${expression} IS NULL AND id ${operator} ${id}`, part: 'nulls' as const };
  return backward ? [after, { condition: sql`${expression} IS NOT NULL`, part: 'values' }] : [after];
}
