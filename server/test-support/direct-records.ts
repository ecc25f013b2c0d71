/**
 * Records written straight into the engine's tables, as the bulk seed writes them: for tests that need many
 * dated records of every kind (the compliance engine, the order check, the bell) without a request each.
 */
import type { Queryable } from '../db/pool';

/** The tenant of a member. */
export async function tenantOf(pool: Queryable, userId: number): Promise<number> {
  const { rows } = await pool.query<{ tenant_id: string | number }>('SELECT tenant_id FROM users WHERE id = $1', [userId]);
  return Number(rows[0].tenant_id);
}

/** One record of `table` (`r_<resource>`); `userId` as its author, `parentId` for a sub-resource's. Answers its id. */
export async function insertRecord(
  pool: Queryable,
  table: string,
  tenantId: number,
  data: object,
  options: { userId?: number; parentId?: number } = {},
): Promise<number> {
  const columns = ['tenant_id', 'data'];
  const values: unknown[] = [tenantId, JSON.stringify(data)];
  if (options.userId !== undefined) {
    columns.push('created_by', 'updated_by');
    values.push(options.userId, options.userId);
  }
  if (options.parentId !== undefined) {
    columns.push('parent_id');
    values.push(options.parentId);
  }
  const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
  const { rows } = await pool.query<{ id: string | number }>(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders}) RETURNING id`, values);
  return Number(rows[0].id);
}
