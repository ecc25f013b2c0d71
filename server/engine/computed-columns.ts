/**
 * Columns the database computes from each row of an engine table (`r_*`), for indexes to hold what a list
 * is sorted and searched by: the default sort field's value (paging.ts, `sort_key_<hash>`) and the lowered
 * search text (search.ts, `search_<hash>`). Never writable, never on the wire (store.ts reads a record's own
 * columns).
 *
 * They were stored generated columns. Adding one rewrites the table under its heaviest lock, in the start-up
 * transaction: at the first start after a change of the searched fields, 94 s without reads or writes on the
 * bench's million orders (issue 16, point 2). Now each is a plain column:
 * - **added as a change of the catalog alone** (no default, no rewrite), by a DO block that also turns the
 *   generated column of the earlier design into a plain one with its values (DROP EXPRESSION: no rewrite);
 * - **computed by a row trigger** (BEFORE INSERT OR UPDATE) for every row written from then on;
 * - **filled for the rows already there** without stopping writes (db/column-fills.ts): a table that holds rows
 *   gets a mark, and until the mark is gone the reads use the expression itself (`unfilledColumns`:
 *   paging.ts `servedSortKey`, search.ts `servedSearchColumn`), slower but with the same results.
 * A column of an earlier expression (another default sort field, other searched fields) is dropped, with the
 * indexes that hold it, once the new one is filled and indexed (start-up-ddl.ts `RETIRE_AFTERWARDS`).
 */
import type { Database } from '../db/database';
import { RETIRE_AFTERWARDS } from '../db/start-up-ddl';
import { addColumnStatement, pendingFills, type ColumnFill } from '../db/column-fills';
import type { EngineModel, EngineResource } from './model';
import { columnType, SORT_KEY_PREFIX, sortKeyOf } from './paging';
import { SEARCH_COLUMN_PREFIX, searchColumnOf, searchExpression } from './search';

export interface ComputedColumn {
  name: string;
  type: string;
  /** The value, computed from the trigger's record (`NEW`). */
  rowExpression: string;
}

export function computedColumnsOf(resource: EngineResource): ComputedColumn[] {
  if (!resource.table.startsWith('r_')) return [];
  const columns: ComputedColumn[] = [];
  const key = sortKeyOf(resource);
  if (key?.column) columns.push({ name: key.column, type: columnType(key.expression), rowExpression: key.rowExpression });
  const search = searchColumnOf(resource);
  if (search) columns.push({ name: search, type: 'text', rowExpression: searchExpression(resource, 'NEW') as string });
  return columns;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Drops the columns of `table` named `<prefix>…` but `keep`: the column of an earlier expression, which nothing
 * computes or reads any more.
 */
export function dropOtherColumnsStatement(table: string, prefix: string, keep: string): string {
  return `DO $$ DECLARE stale text; BEGIN
    FOR stale IN SELECT attname FROM pg_attribute
      WHERE attrelid = to_regclass(${literal(`"${table}"`)}) AND attnum > 0 AND NOT attisdropped
        AND starts_with(attname, ${literal(prefix)}) AND attname <> ${literal(keep)}
    LOOP EXECUTE format('ALTER TABLE %I DROP COLUMN %I', ${literal(table)}, stale); END LOOP;
  END $$`;
}

/** The columns, their trigger and the drop of earlier ones, for storage.ts (in the start-up transaction). */
export function computedColumnStatements(resource: EngineResource): string[] {
  if (!resource.table.startsWith('r_')) return [];
  const table = resource.table;
  const columns = computedColumnsOf(resource);
  const trigger = `"${table}_computed_columns"`;
  const statements = columns.map((column) => addColumnStatement(table, column));
  if (columns.length > 0) {
    const assignments = columns.map((column) => `NEW."${column.name}" := ${column.rowExpression};`).join('\n  ');
    statements.push(
      `CREATE OR REPLACE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN\n  ${assignments}\n  RETURN NEW;\nEND $$`,
      `CREATE OR REPLACE TRIGGER ${trigger} BEFORE INSERT OR UPDATE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
    );
  } else statements.push(`DROP TRIGGER IF EXISTS ${trigger} ON "${table}"`, `DROP FUNCTION IF EXISTS ${trigger}()`);
  const keep = (prefix: string) => columns.find((column) => column.name.startsWith(prefix))?.name ?? '';
  // Once the new column is filled and indexed: until then the lists sort by the old one's indexes.
  for (const prefix of [SORT_KEY_PREFIX, SEARCH_COLUMN_PREFIX])
    statements.push(`${RETIRE_AFTERWARDS}${dropOtherColumnsStatement(table, prefix, keep(prefix))}`);
  return statements;
}

/** Marks the columns of `fills` as not to be read yet (`EngineResource.unfilledColumns`). */
export function markUnfilled(model: EngineModel, fills: ColumnFill[]): void {
  for (const resource of model.resources) {
    resource.unfilledColumns = new Set(fills.filter((fill) => fill.table === resource.table).flatMap((fill) => fill.columns));
  }
}

/** How often a process that did not fill a column itself looks whether another one has. */
const LOOK_AGAIN_MS = 5_000;

/**
 * Keeps `unfilledColumns` true while columns are filled after start: this process's builder says so at once
 * (`filled`), another process's is seen within LOOK_AGAIN_MS (engine_state). Until then a process reads the
 * expression: slower, never wrong. `stop` ends the looking (the app closing).
 */
export function watchFills(
  model: EngineModel,
  database: Database,
  initial: ColumnFill[],
  lookAgainMs = LOOK_AGAIN_MS,
): { filled(fill: ColumnFill): void; stop(): void } {
  markUnfilled(model, initial);
  const pending = () => model.resources.some((resource) => resource.unfilledColumns.size > 0);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const look = () => {
    timer = null;
    pendingFills(database.pool)
      .then((fills) => markUnfilled(model, fills))
      .catch(() => {})
      .finally(() => {
        if (pending() && !stopped) timer = setTimeout(look, lookAgainMs).unref();
      });
  };
  if (pending()) timer = setTimeout(look, lookAgainMs).unref();
  return {
    filled(fill) {
      const resource = model.resources.find((candidate) => candidate.table === fill.table);
      for (const column of fill.columns) resource?.unfilledColumns.delete(column);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
