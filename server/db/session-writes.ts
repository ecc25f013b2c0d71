/**
 * Tells the session cache (auth/session-cache.ts) when a statement may have changed what a session
 * resolves to: a member's row (rights, active, administrator, password), a revoked token, a deleted
 * tenant. Every query of this process goes through a pool made by pool.ts, whose clients report here,
 * so no route has to remember to invalidate anything.
 *
 * Reported twice: when the statement ran (later readers must not use the cache), and again when its
 * transaction ends, because a reader that queried between the statement and the commit still saw the
 * old row and may have cached it afterwards. Other server processes on the same PostgreSQL learn of
 * the same writes through NOTIFY (migration 005, auth/session-notify.ts).
 */
import pg from 'pg';

// A token inserted (sign-in) or touched (last_used_at) changes no existing session: only deletes count.
const SESSION_WRITE = /\b(?:(?:insert\s+into|update|delete\s+from)\s+"?users"?|delete\s+from\s+"?(?:auth_tokens|tenants)"?)[\s(]/i;
const TRANSACTION_END = /^\s*(?:commit|rollback|end)\b/i;

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` after every statement (and transaction end) that may change a session. */
export function onSessionWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writesSessions(text: string): boolean {
  return SESSION_WRITE.test(text);
}

function report() {
  for (const listener of listeners) listener();
}

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** The pg client every pool of this process uses (pool.ts): a pg.Client that reports session writes. */
export class SessionWatchingClient extends pg.Client {
  private wroteSessions = false;

  // pg's query has many overloads; the watch only reads the text and hands everything on unchanged.
  query(...args: unknown[]): never {
    const text = statementText(args[0]);
    const writes = writesSessions(text);
    const ends = this.wroteSessions && TRANSACTION_END.test(text);
    if (writes) this.wroteSessions = true;
    const result = (super.query as (...inner: unknown[]) => unknown)(...args);
    if (writes || ends) {
      if (ends) this.wroteSessions = false;
      // After the statement has finished, whatever its outcome (and right away too).
      report();
      if (result && typeof (result as Promise<unknown>).finally === 'function') void (result as Promise<unknown>).finally(report).catch(() => {});
    }
    return result as never;
  }
}
