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
 * value is therefore kept in a stored generated column of the engine's own tables (`r_*`; never writable,
 * never on the wire: toWire reads `data`), the indexes are built on that column, and EngineStore.page
 * orders by the column whenever the list's order is the default field's (`pagingOrderBy`): the ids of a
 * deep page come from an index-only scan (the visibility map is kept by VACUUM; seed:bulk ends with one).
 * The column's name carries a hash of its expression, so a new default sort field gets a new column.
 * The adopted tables (`users`, `companies`: small, and read with `SELECT *` by hand-written code) keep the
 * expression indexes. See docs/architecture.md, "Totals and deep pages".
 */
import { createHash } from 'node:crypto';
import { Sql } from '../db/sql';
import { fieldExpression, type EngineResource } from './model';

const hash8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

function name(resource: EngineResource, suffix: string): string {
  return `${`${resource.table}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${hash8(`${resource.table}.${suffix}`)}`;
}

interface SortKey {
  field: string;
  /** The SQL list-query.ts orders by for this field. */
  expression: string;
  /** The stored generated column holding it, or null where the expression is indexed directly. */
  column: string | null;
}

/** The default sort field's key, or null when the default order needs no index of its own. */
export function sortKeyOf(resource: EngineResource): SortKey | null {
  const field = resource.definition.defaultSort?.field;
  if (!field || field === 'id' || field === resource.idField || Object.hasOwn(resource.derived, field)) return null;
  if (field === 'created_at' || field === 'updated_at') return { field, expression: field, column: null };
  if (!Object.hasOwn(resource.properties, field)) return null;
  const expression = fieldExpression(resource, field);
  const column = resource.table.startsWith('r_') ? `sort_key_${hash8(expression)}` : null;
  return { field, expression, column };
}

function columnType(expression: string): string {
  if (expression.endsWith('::numeric)')) return 'numeric';
  if (expression.endsWith('::boolean)')) return 'boolean';
  return 'text';
}

export function sortIndexStatements(resource: EngineResource): string[] {
  const key = sortKeyOf(resource);
  if (!key) return [];
  const table = `"${resource.table}"`;
  const statements: string[] = [];
  const directions = ['ASC', 'DESC'] as const;
  // The expression indexes of the first design (same names) are not needed where the column serves.
  const expressionIndex = (direction: string) => `"${name(resource, `${key.field}_${direction.toLowerCase()}_page`)}"`;
  if (key.column) {
    statements.push(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS "${key.column}" ${columnType(key.expression)} GENERATED ALWAYS AS (${key.expression}) STORED`);
    for (const direction of directions) statements.push(`DROP INDEX IF EXISTS ${expressionIndex(direction)}`);
    // An index-only scan visits the heap for every entry on a page not marked all-visible, and only VACUUM
    // marks pages. PostgreSQL's defaults vacuum a million-row table after ~200,000 changed rows: until then
    // recent orders (the first entries of the newest-first order) cost a heap visit each (44,000 visits,
    // 0.5 s, after 20,000 writes). Autovacuum here runs after ~1% new or changed rows instead (PGlite has
    // no autovacuum: seed:bulk and the benchmark vacuum explicitly).
    statements.push(`ALTER TABLE ${table} SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02)`);
  }
  const indexed = key.column ? `"${key.column}"` : key.expression;
  for (const direction of directions) {
    const indexName = key.column ? `"${name(resource, `${key.column}_${direction.toLowerCase()}`)}"` : expressionIndex(direction);
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName} ON ${table} (tenant_id, ${indexed} ${direction} NULLS LAST, id ${direction})`);
  }
  return statements;
}

/**
 * The order of a page as EngineStore.page runs it: the list's own order, or, when that is the default
 * field's in either direction (as list-query.ts writes it), the same order by the generated column, so the
 * column's index serves it. Same values, same NULLs, same collation: the same rows in the same order.
 */
export function pagingOrderBy(resource: EngineResource, orderBy: Sql): Sql {
  const key = sortKeyOf(resource);
  if (!key?.column) return orderBy;
  const { text, values } = orderBy.render();
  if (values.length > 0) return orderBy;
  for (const direction of ['ASC', 'DESC']) {
    if (text === `${key.expression} ${direction} NULLS LAST, id ${direction}`) return new Sql([`"${key.column}" ${direction} NULLS LAST, id ${direction}`], []);
  }
  return orderBy;
}
