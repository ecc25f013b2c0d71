/**
 * The bell's read marks (table `notification_reads`, migration 010): per member, the keys of the
 * compliance items they have read (ComplianceItem.key). Always scoped by tenant and member: one member's
 * marks never show as another's.
 */
import type { Queryable } from '../db/pool';

export interface Reader {
  tenantId: number;
  userId: number;
}

/** Which of `keys` the member has read. */
export async function readKeys(client: Queryable, reader: Reader, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await client.query<{ item_key: string }>(
    'SELECT item_key FROM notification_reads WHERE tenant_id = $1 AND user_id = $2 AND item_key = ANY($3::text[])',
    [reader.tenantId, reader.userId, keys],
  );
  return new Set(rows.map((row) => row.item_key));
}

/** Marks `keys` read for the member (again: the first read time stays). */
export async function markRead(client: Queryable, reader: Reader, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await client.query(
    `INSERT INTO notification_reads (tenant_id, user_id, item_key)
     SELECT $1, $2, key FROM unnest($3::text[]) AS key
     ON CONFLICT (user_id, item_key) DO NOTHING`,
    [reader.tenantId, reader.userId, [...new Set(keys)]],
  );
}
