/**
 * The tenant's settings (migration 009): read by any signed-in member (the web app shows what they change),
 * changed by administrators. A tenant that never changed one has the defaults below; reading is one
 * primary-key lookup, cheap enough for every order save.
 */
import type { Queryable } from '../db/pool';

export interface TenantSettings {
  /** A problem of an order's crew or equipment over the trip stops the save (server/rules/orders.ts). */
  orders_block_on_compliance: boolean;
}

export const DEFAULT_TENANT_SETTINGS: Readonly<TenantSettings> = { orders_block_on_compliance: false };

const COLUMNS = Object.keys(DEFAULT_TENANT_SETTINGS) as Array<keyof TenantSettings>;

export async function readTenantSettings(client: Queryable, tenantId: number): Promise<TenantSettings> {
  const result = await client.query(`SELECT ${COLUMNS.join(', ')} FROM tenant_settings WHERE tenant_id = $1`, [tenantId]);
  return { ...DEFAULT_TENANT_SETTINGS, ...((result.rows[0] as Partial<TenantSettings> | undefined) ?? {}) };
}

/** Changes the settings given (validated by schemas/requests/tenant-settings.json); answers them all. */
export async function writeTenantSettings(client: Queryable, tenantId: number, changes: Partial<TenantSettings>, actorId: number): Promise<TenantSettings> {
  const changed = COLUMNS.filter((column) => changes[column] !== undefined);
  const values = changed.map((column) => changes[column]);
  // Columns come from the fixed list above, never from the body's keys.
  const result = await client.query(
    `INSERT INTO tenant_settings (tenant_id, updated_by${changed.map((column) => `, ${column}`).join('')})
     VALUES ($1, $2${changed.map((_, index) => `, $${index + 3}`).join('')})
     ON CONFLICT (tenant_id) DO UPDATE SET updated_at = now(), updated_by = EXCLUDED.updated_by${changed.map((column) => `, ${column} = EXCLUDED.${column}`).join('')}
     RETURNING ${COLUMNS.join(', ')}`,
    [tenantId, actorId, ...values],
  );
  return { ...DEFAULT_TENANT_SETTINGS, ...(result.rows[0] as Partial<TenantSettings>) };
}
