/**
 * List totals without counting: `engine_counts` holds the number of rows of every engine table per
 * tenant, kept by statement-level triggers (one upsert per INSERT or DELETE statement, however many rows
 * it touched, so bulk loads stay cheap). An unfiltered list of a tenant (the orders page as it opens)
 * reads its total from here in O(1) instead of `count(*)` over up to a million rows. A filtered, searched
 * or scoped list (sub-resources, path fields) still counts exactly: those totals are smaller and come
 * through an index. See docs/architecture.md, "Totals and deep pages".
 *
 * The statements are part of the engine's DDL (storage.ts): made at start with the tables, and every time
 * the DDL changes the counts are recomputed from the tables in the same transaction.
 */
const COUNTS_TABLE = `CREATE TABLE IF NOT EXISTS engine_counts (
    table_name text NOT NULL,
    tenant_id bigint NOT NULL,
    total bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (table_name, tenant_id)
  )`;

// Rows of one statement grouped per tenant; ORDER BY keeps concurrent statements locking counters in one order.
const COUNT_FUNCTION = `CREATE OR REPLACE FUNCTION engine_count_rows() RETURNS trigger LANGUAGE plpgsql AS $engine_count$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO engine_counts (table_name, tenant_id, total)
      SELECT TG_TABLE_NAME, tenant_id, count(*) FROM engine_new_rows GROUP BY tenant_id ORDER BY tenant_id
      ON CONFLICT (table_name, tenant_id) DO UPDATE SET total = engine_counts.total + EXCLUDED.total;
  ELSE
    INSERT INTO engine_counts (table_name, tenant_id, total)
      SELECT TG_TABLE_NAME, tenant_id, -count(*) FROM engine_old_rows GROUP BY tenant_id ORDER BY tenant_id
      ON CONFLICT (table_name, tenant_id) DO UPDATE SET total = engine_counts.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END
$engine_count$`;

/** The statements that keep `table`'s per-tenant count, and the recount that starts it from the table itself. */
export function countStatements(table: string): string[] {
  const quoted = table.replace(/'/g, "''");
  return [
    COUNTS_TABLE,
    COUNT_FUNCTION,
    `CREATE OR REPLACE TRIGGER engine_count_insert AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS engine_new_rows FOR EACH STATEMENT EXECUTE FUNCTION engine_count_rows()`,
    `CREATE OR REPLACE TRIGGER engine_count_delete AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS engine_old_rows FOR EACH STATEMENT EXECUTE FUNCTION engine_count_rows()`,
    `DELETE FROM engine_counts WHERE table_name = '${quoted}'`,
    `INSERT INTO engine_counts (table_name, tenant_id, total) SELECT '${quoted}', tenant_id, count(*) FROM "${table}" GROUP BY tenant_id`,
  ];
}

/** The maintained total of a tenant's rows in `table`. */
export function maintainedCountQuery(table: string, tenantId: number): { text: string; values: unknown[] } {
  return { text: 'SELECT total FROM engine_counts WHERE table_name = $1 AND tenant_id = $2', values: [table, tenantId] };
}
