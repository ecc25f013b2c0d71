/**
 * Password-reset tokens: single use, valid for 60 minutes, only the newest one per user works.
 * Stored as SHA-256 like session tokens.
 */
import type { Queryable } from '../db/pool';
import { hashToken, looksLikeToken, newToken, RESET_MINUTES } from './tokens';

/** Makes a new reset token for the user, invalidating the older ones. Answers the token itself. */
export async function createPasswordReset(db: Queryable, userId: number): Promise<string> {
  const token = newToken();
  await db.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
  await db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
    hashToken(token),
    userId,
    RESET_MINUTES,
  ]);
  return token;
}

/**
 * The database work of `createPasswordReset` for an address that has no account: the same token, the same
 * statements in a transaction, touching no row. "Forgot password" does it so that an unknown address costs
 * the server what a known one does.
 */
export async function spendPasswordResetWork(db: Queryable): Promise<void> {
  const tokenHash = hashToken(newToken());
  await db.query('DELETE FROM password_resets WHERE user_id = $1', [null]);
  await db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) SELECT $1, NULL, now() + make_interval(mins => $2) WHERE false`, [
    tokenHash,
    RESET_MINUTES,
  ]);
}

export interface ValidReset {
  tokenHash: string;
  userId: number;
  email: string;
  /** What the user is known by, for the new password's strength check. */
  login: string;
  name: string | null;
  lastName: string | null;
}

/** The unused, unexpired reset for this token, with its user's e-mail; null otherwise. */
export async function findValidReset(db: Queryable, token: string): Promise<ValidReset | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  const result = await db.query(
    `SELECT r.user_id, u.email, u.login, u.name, u.last_name FROM password_resets r JOIN users u ON u.id = r.user_id
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()`,
    [tokenHash],
  );
  const row = result.rows[0] as { user_id: number; email: string; login: string; name: string | null; last_name: string | null } | undefined;
  return row ? { tokenHash, userId: row.user_id, email: row.email, login: row.login, name: row.name, lastName: row.last_name } : null;
}

/**
 * Marks the reset used, exactly once: of two requests racing with one token, only one gets true.
 */
export async function consumeReset(db: Queryable, tokenHash: string): Promise<boolean> {
  const result = await db.query(`UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [tokenHash]);
  return result.rowCount === 1;
}

/** Sets a user's password hash (reset flow: the user is known by the reset, not by a session). */
export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query(`UPDATE users SET data = jsonb_set(data, '{password}', to_jsonb($2::text)), updated_at = now(), version = version + 1 WHERE id = $1`, [
    userId,
    passwordHash,
  ]);
}
