/**
 * List totals without counting: `engine_row_counts` holds the number of rows of every engine table per
 * tenant as a sum of deltas, appended by statement-level triggers (one row per tenant per INSERT or DELETE
 * statement, however many rows it touched, so bulk loads stay cheap). An unfiltered list of a tenant (the
 * orders page as it opens) reads its total as the sum of a few delta rows instead of `count(*)` over up to
 * a million rows. A filtered, searched or scoped list (sub-resources, path fields) still counts exactly:
 * those totals are smaller and come through an index. See docs/architecture.md, "Totals and deep pages".
 *
 * Why deltas and not one counter row per tenant (the first design, `engine_counts`): a counter row is
 * updated by every insert of its tenant and stays locked until that transaction commits, so one tenant's
 * creates queued behind each other's commit (fsync): at 10 concurrent creates ~40 ms each instead of ~7.
 * Appending a row takes no lock anyone else waits for. The reader folds the deltas into one row when they
 * pile up (`compactCountsQuery`), one statement that deletes them and inserts their sum, so the sum stays
 * exact at every moment for every snapshot.
 *
 * The statements are part of the engine's DDL (storage.ts): made at start with the tables, and every time
 * the DDL changes the counts are recomputed from the tables in the same transaction.
 */
import { sql, type Sql } from '../db/sql';

const COUNTS_TABLE = `CREATE TABLE IF NOT EXISTS engine_row_counts (
    table_name text NOT NULL,
    tenant_id bigint NOT NULL,
    delta bigint NOT NULL
  )`;
const COUNTS_INDEX = `CREATE INDEX IF NOT EXISTS engine_row_counts_table_tenant ON engine_row_counts (table_name, tenant_id)`;
// The first design's table, replaced by engine_row_counts.
const OLD_COUNTS_TABLE = `DROP TABLE IF EXISTS engine_counts`;

const COUNT_FUNCTION = `CREATE OR REPLACE FUNCTION engine_count_rows() RETURNS trigger LANGUAGE plpgsql AS $engine_count$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO engine_row_counts (table_name, tenant_id, delta)
      SELECT TG_TABLE_NAME, tenant_id, count(*) FROM engine_new_rows GROUP BY tenant_id;
  ELSE
    INSERT INTO engine_row_counts (table_name, tenant_id, delta)
      SELECT TG_TABLE_NAME, tenant_id, -count(*) FROM engine_old_rows GROUP BY tenant_id;
  END IF;
  RETURN NULL;
END
$engine_count$`;

/** The statements that keep `table`'s per-tenant count, and the recount that starts it from the table itself. */
export function countStatements(table: string): string[] {
  const quoted = table.replace(/'/g, "''");
  return [
    OLD_COUNTS_TABLE,
    COUNTS_TABLE,
    COUNTS_INDEX,
    COUNT_FUNCTION,
    `CREATE OR REPLACE TRIGGER engine_count_insert AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS engine_new_rows FOR EACH STATEMENT EXECUTE FUNCTION engine_count_rows()`,
    `CREATE OR REPLACE TRIGGER engine_count_delete AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS engine_old_rows FOR EACH STATEMENT EXECUTE FUNCTION engine_count_rows()`,
    `DELETE FROM engine_row_counts WHERE table_name = '${quoted}'`,
    `INSERT INTO engine_row_counts (table_name, tenant_id, delta) SELECT '${quoted}', tenant_id, count(*) FROM "${table}" GROUP BY tenant_id`,
  ];
}

/** More delta rows than this for one tenant's table and the reader folds them into one. */
export const COMPACT_AFTER = 64;

/** The maintained total of a tenant's rows in `table`, and how many delta rows it is summed from (two scalar subqueries). */
export function maintainedCountSql(table: string, tenantId: number): { total: Sql; pieces: Sql } {
  const deltas = sql`FROM engine_row_counts WHERE table_name = ${table} AND tenant_id = ${tenantId}`;
  return { total: sql`(SELECT coalesce(sum(delta), 0) ${deltas})`, pieces: sql`(SELECT count(*) ${deltas})` };
}

/**
 * Folds a tenant's delta rows of `table` into one, in one statement: the rows it deletes are exactly the
 * rows whose sum it inserts, so every reader sees the same total before and after. Deltas appended
 * meanwhile are not in its snapshot and stay. The advisory lock (try, never wait) keeps two readers from
 * folding the same rows at once; the loser simply leaves it to the winner.
 */
export function compactCountsQuery(table: string, tenantId: number): { text: string; values: unknown[] } {
  return {
    text: `WITH turn AS (SELECT pg_try_advisory_xact_lock(hashtext($1::text), ($2::bigint % 2147483647)::int) AS mine),
          gone AS (DELETE FROM engine_row_counts WHERE table_name = $1::text AND tenant_id = $2::bigint AND (SELECT mine FROM turn) RETURNING delta)
     INSERT INTO engine_row_counts (table_name, tenant_id, delta) SELECT $1::text, $2::bigint, sum(delta) FROM gone HAVING count(*) > 0`,
    values: [table, tenantId],
  };
}

/** How often the delta rows' table is vacuumed and analyzed by the server itself (countsMaintenance). */
export const COUNTS_MAINTENANCE_MS = 30_000;

/**
 * Keeps `engine_row_counts` small and its statistics fresh, whatever the database does on its own.
 * Every insert statement appends a row and every fold deletes some, so the table churns; PGlite has no
 * autovacuum at all, and a PostgreSQL server may run with it off (the benchmark machine's does). Left
 * alone, the table filled with dead rows and its stale statistics made the planner read it whole (a
 * sequential scan of 400 pages, ~2.5 ms, in every list request) instead of its index. VACUUM ANALYZE of
 * this one small table takes a few milliseconds; it runs outside any transaction, on the pool.
 */
export function countsMaintenance(run: (statement: string) => Promise<unknown>, everyMs = COUNTS_MAINTENANCE_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run('VACUUM (ANALYZE) engine_row_counts')
      .catch(() => {}) // housekeeping: the next turn tries again
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
