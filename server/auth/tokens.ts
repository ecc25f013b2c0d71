/**
 * Opaque bearer tokens: 256 random bits, base64url. Only their SHA-256 is stored, so a leaked
 * database opens no session; a token is revoked by deleting its row.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool';

export const SESSION_DAYS = 30;
export const RESET_MINUTES = 60;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A 256-bit base64url token is 43 characters; anything else cannot be one of ours. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export async function issueSessionToken(db: Queryable, user: { id: number; tenant_id: number }): Promise<string> {
  const token = newToken();
  // Expired sessions are cleared as the user signs in again: no sweeper job needed for them.
  await db.query('DELETE FROM auth_tokens WHERE user_id = $1 AND expires_at <= now()', [user.id]);
  await db.query(
    `INSERT INTO auth_tokens (token_hash, user_id, tenant_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [hashToken(token), user.id, user.tenant_id, SESSION_DAYS],
  );
  return token;
}

export async function revokeToken(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM auth_tokens WHERE token_hash = $1', [tokenHash]);
}

export async function revokeAllTokens(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
}
