/**
 * Sessions resolved by plugins/auth.ts, kept in memory so that a request does not spend a database
 * round trip on "who is this?" (a third of a list request's queries, and the part the benchmark's floor
 * does not pay). Correctness first, speed second:
 * - every statement of this process that may change a session clears the whole cache
 *   (db/write-watch.ts), so a changed right, a disabled member or a revoked token applies to the
 *   member's very next request, as before;
 * - another server process on the same PostgreSQL clears it through NOTIFY on `fleetdesk_sessions`
 *   (the triggers of migration 005, heard in plugins/auth.ts); while that channel is down the cache is not
 *   used at all. A request reaching this process before the notification does (milliseconds after the other
 *   process's commit) can still be answered from the cache: server/multi-process.test.ts measures it;
 * - a lookup that started before a clear is not stored (the generation check), so a row read before a
 *   change cannot be cached after it;
 * - entries live a few seconds at most and never past their token's expiry.
 */
import { ReadCache } from '../db/read-cache';
import type { UserRow } from './users';

export interface CachedSession {
  user: Readonly<UserRow>;
  tokenExpiresAt: number;
  /** When last_used_at is next due to be written (once a minute, as before the cache). */
  touchDueAt: number;
}

/** Sessions by token hash, a few seconds each and never past their token's expiry. */
export class SessionCache extends ReadCache<CachedSession> {
  constructor(lifetimeMs = 5_000, maxEntries = 10_000) {
    super(lifetimeMs, maxEntries, (session, now) => now < session.tokenExpiresAt);
  }
}
