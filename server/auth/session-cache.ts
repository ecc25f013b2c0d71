/**
 * Sessions resolved by plugins/auth.ts, kept in memory so that a request does not spend a database
 * round trip on "who is this?" (a third of a list request's queries, and the part the benchmark's floor
 * does not pay). Correctness first, speed second:
 * - every statement of this process that may change a session clears the whole cache
 *   (db/session-writes.ts), so a changed right, a disabled member or a revoked token applies to the
 *   member's very next request, as before;
 * - another server process on the same PostgreSQL clears it through NOTIFY (auth/session-notify.ts);
 *   while that channel is down the cache is not used at all;
 * - a lookup that started before a clear is not stored (the generation check), so a row read before a
 *   change cannot be cached after it;
 * - entries live a few seconds at most and never past their token's expiry.
 */
import type { UserRow } from './users';

export interface CachedSession {
  user: Readonly<UserRow>;
  tokenExpiresAt: number;
  /** When last_used_at is next due to be written (once a minute, as before the cache). */
  touchDueAt: number;
}

interface Entry extends CachedSession {
  storedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  /** False while another process's changes could go unheard (the NOTIFY channel is down). */
  enabled = true;

  constructor(
    private readonly lifetimeMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The generation a lookup starts in: pass it to `store`. */
  begin(): number {
    return this.generation;
  }

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.lifetimeMs || now >= entry.tokenExpiresAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  store(tokenHash: string, session: CachedSession, startedIn: number, now = Date.now()): void {
    if (!this.enabled || startedIn !== this.generation) return;
    // Oldest first out (a Map iterates in insertion order): a bound, not an LRU; misses only cost a query.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { ...session, storedAt: now });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
