/**
 * Columns added to a table that already holds rows, whose values a row trigger computes (the engine's sort key
 * and search text: engine/computed-columns.ts), filled without stopping the table's writes.
 *
 * A stored generated column would be simpler, but adding one rewrites the whole table under an ACCESS
 * EXCLUSIVE lock inside the start-up transaction: 94 s of neither reads nor writes on the bench's million
 * orders, at the first start after a change of the searched fields (issue 16, point 2). Adding a plain column
 * is a change of the catalog alone; the trigger computes it for every row written from then on; the rows already
 * there are filled here:
 * - **A mark per column to fill** (`engine_state`, key `fill:<table>:<column>`), written by the statement that
 *   added the column (in the start-up transaction, only when the table holds rows) and deleted once the table is
 *   filled, so a start after an interrupted fill finishes it, and every server process can tell whether a column
 *   may be read yet (until then the engine reads the expression itself: slower, the same results).
 * - **Small tables and the embedded database: at once**, in the start-up transaction, before anything reads the
 *   column or indexes it (start-up-ddl.ts). PGlite has one connection and no writer to let through.
 * - **Large tables on PostgreSQL: in batches after start** (index-builds.ts, before the indexes of the column),
 *   each batch its own short transaction, so a writer waits at most for one batch. A batch is sized by time, not
 *   rows (batchRowsAfter): a row costs the trigger and every index of the table, 0.1 ms alone on the 2-core
 *   machine and several times that under load, so a fixed 5,000 rows held a row for 0.5–1.3 s.
 *
 * A fill sets the columns to NULL: the row trigger (BEFORE UPDATE) computes them again from the row, so this
 * module needs no expression, and a row written meanwhile is computed by the same trigger.
 */
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

const MARK_PREFIX = 'fill:';

/** One table's columns left to fill. */
export interface ColumnFill {
  table: string;
  columns: string[];
}

/** How long one batch of a fill after start may hold its rows: the longest a writer of one of them waits. */
export const FILL_BATCH_TARGET_MS = 100;
const FIRST_BATCH_ROWS = 500;
const MIN_BATCH_ROWS = 50;
const MAX_BATCH_ROWS = 20_000;

/**
 * The next batch's rows, from how long the last one took: scaled towards FILL_BATCH_TARGET_MS, growing at most
 * twice per batch (a fast batch on a table whose rows cost more further on must not jump), shrinking at once
 * (a machine under load makes every batch slower).
 */
export function batchRowsAfter(rows: number, tookMs: number): number {
  const scaled = Math.round((rows * FILL_BATCH_TARGET_MS) / Math.max(tookMs, 1));
  return Math.max(MIN_BATCH_ROWS, Math.min(MAX_BATCH_ROWS, 2 * rows, scaled));
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * For the start-up transaction: adds `column` to `table` unless it is there, marking it to fill when the table
 * holds rows, or turns a stored generated column of that name (the earlier design) into a plain one with its
 * values (DROP EXPRESSION: no rewrite either). A DO block: what the table holds is known only in the database.
 */
export function addColumnStatement(table: string, column: { name: string; type: string }): string {
  return `DO $$ DECLARE generated text; BEGIN
    SELECT attgenerated INTO generated FROM pg_attribute
      WHERE attrelid = to_regclass(${literal(`"${table}"`)}) AND attname = ${literal(column.name)} AND NOT attisdropped;
    IF NOT FOUND THEN
      ALTER TABLE "${table}" ADD COLUMN "${column.name}" ${column.type};
      IF EXISTS (SELECT FROM "${table}") THEN
        INSERT INTO engine_state (key, fingerprint) VALUES (${literal(`${MARK_PREFIX}${table}:${column.name}`)}, '') ON CONFLICT (key) DO NOTHING;
      END IF;
    ELSIF generated = 's' THEN
      ALTER TABLE "${table}" ALTER COLUMN "${column.name}" DROP EXPRESSION;
    END IF;
  END $$`;
}

/** The columns marked as left to fill, by table. */
export async function pendingFills(client: Queryable): Promise<ColumnFill[]> {
  const { rows } = await client.query(`SELECT key FROM engine_state WHERE starts_with(key, $1) ORDER BY key`, [MARK_PREFIX]);
  const byTable = new Map<string, string[]>();
  for (const { key } of rows as { key: string }[]) {
    const [table, column] = key.slice(MARK_PREFIX.length).split(':');
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  return [...byTable].map(([table, columns]) => ({ table, columns }));
}

async function clearMarks(client: Queryable, fill: ColumnFill) {
  await client.query('DELETE FROM engine_state WHERE key = ANY($1::text[])', [fill.columns.map((column) => `${MARK_PREFIX}${fill.table}:${column}`)]);
}

const setToNull = (fill: ColumnFill) => fill.columns.map((column) => `"${column}" = NULL`).join(', ');

/** Fills every row in one statement (inside the start-up transaction) and clears the marks. */
export async function fillAtOnce(client: Queryable, fill: ColumnFill): Promise<void> {
  await client.query({ text: `UPDATE "${fill.table}" SET ${setToNull(fill)}`, query_timeout: 3_600_000 } as { text: string });
  await clearMarks(client, fill);
}

export interface BatchFillOptions {
  /** Checked between batches: the server is closing. */
  stopped(): boolean;
  /** After each batch, with the rows filled so far. */
  progress?(rows: number): void;
}

/**
 * Fills the rows in batches by id, each batch committed on its own (autocommit), then clears the marks; answers
 * false when stopped first (the marks stay: the next start goes on). Rows inserted meanwhile have higher ids and
 * are computed by the trigger anyway; a row updated meanwhile likewise.
 */
export async function fillInBatches(client: Queryable, fill: ColumnFill, options: BatchFillOptions): Promise<boolean> {
  const table = `"${fill.table}"`;
  let after = 0;
  let rows = 0;
  let size = FIRST_BATCH_ROWS;
  for (;;) {
    if (options.stopped()) return false;
    const { rows: found } = await client.query(
      `SELECT max(id) AS last, count(*) AS rows FROM (SELECT id FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2) AS batch`,
      [after, size],
    );
    const { last, rows: batchRows } = found[0] as { last: string | null; rows: string };
    if (last === null) break;
    const since = performance.now();
    await client.query(`UPDATE ${table} SET ${setToNull(fill)} WHERE id > $1 AND id <= $2`, [after, last]);
    size = batchRowsAfter(size, performance.now() - since);
    after = Number(last);
    rows += Number(batchRows);
    options.progress?.(rows);
  }
  await clearMarks(client, fill);
  return true;
}
