/** Which statements clear the caches (write-watch.ts): for sessions, writes to members, token revocations, tenant removal; for data, any write. */
import { describe, expect, it } from 'vitest';
import { writesData, writesSessions } from './write-watch';

describe('writesSessions', () => {
  it.each([
    'UPDATE users SET data = $1 WHERE id = $2',
    'INSERT INTO "users" ("tenant_id", "data") VALUES ($1, $2)',
    'WITH previous AS (SELECT data FROM "users" WHERE id = 1) UPDATE "users" SET data = $1',
    'DELETE FROM "users" WHERE tenant_id = 1',
    'DELETE FROM auth_tokens WHERE user_id = $1',
    'delete from tenants where id = $1',
    "UPDATE users SET data = jsonb_set(data, '{password}', to_jsonb($2::text)) WHERE id = $1",
  ])('counts %s', (text) => expect(writesSessions(text)).toBe(true));

  it.each([
    'SELECT * FROM users WHERE id = $1',
    'INSERT INTO auth_tokens (token_hash, user_id, tenant_id, expires_at) VALUES ($1, $2, $3, $4)',
    'UPDATE auth_tokens SET last_used_at = now() WHERE token_hash = $1',
    'INSERT INTO "r_orders" ("tenant_id", "data") VALUES ($1, $2)',
    'UPDATE "r_users_notes" SET data = $1',
    'INSERT INTO audit_log (resource) VALUES ($1)',
  ])('ignores %s', (text) => expect(writesSessions(text)).toBe(false));
});

describe('writesData', () => {
  it.each([
    'INSERT INTO "r_employees" ("tenant_id", "data") VALUES ($1, $2)',
    'UPDATE r_employee_document_statuses SET data = $1 WHERE id = $2',
    'with gone as (delete from "r_passports" where id = $1 returning id) select count(*) from gone',
    'TRUNCATE r_orders',
    'UPDATE auth_tokens SET last_used_at = now() WHERE token_hash = $1',
  ])('counts %s', (text) => expect(writesData(text)).toBe(true));

  it.each([
    'SELECT * FROM r_employees WHERE tenant_id = $1',
    "SELECT to_char(current_date, 'YYYY-MM-DD') AS today",
    'BEGIN',
    "SELECT data->>'updated_by' FROM r_orders",
  ])('ignores %s', (text) => expect(writesData(text)).toBe(false));
});
