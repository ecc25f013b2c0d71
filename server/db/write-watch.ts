/**
 * Tells the in-memory caches when a statement may have changed what they hold:
 * - sessions (auth/session-cache.ts): a member's row (rights, active, administrator, password), a revoked
 *   token, a deleted tenant;
 * - any data (compliance/page-cache.ts): every insert, update or delete of any table.
 * Every query of this process goes through a pool made by pool.ts, whose clients report here, so no
 * route has to remember to invalidate anything.
 *
 * Reported twice: when the statement ran (later readers must not use the cache), and again when its
 * transaction ends, because a reader that queried between the statement and the commit still saw the
 * old row and may have cached it afterwards. Other server processes on the same PostgreSQL are told through
 * NOTIFY from statement triggers, not from here: session writes on `fleetdesk_sessions` (migration 005,
 * plugins/auth.ts), writes of every engine table, the orders too, on `fleetdesk_data` (the function of migration
 * 013, its triggers made with each table in engine/storage.ts; heard by compliance/change-watch.ts and
 * engine/list-totals.ts). A cache of anything else must stay in one process's own writes' reach: used
 * only where no other process can write (the embedded database), or not at all.
 */
import pg from 'pg';

// A token inserted (sign-in) or touched (last_used_at) changes no existing session: only deletes count.
const SESSION_WRITE = /\b(?:(?:insert\s+into|update|delete\s+from)\s+"?users"?|delete\s+from\s+"?(?:auth_tokens|tenants)"?)[\s(]/i;
// Any table; `SELECT … FOR UPDATE` counts too, which only clears a cache more often than needed.
const DATA_WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate|copy|merge\s+into)\s/i;
const TRANSACTION_END = /^\s*(?:commit|rollback|end)\b/i;

type Listener = () => void;

/** One kind of write and who wants to hear of it. */
class Watch {
  readonly listeners = new Set<Listener>();
  constructor(readonly matches: (text: string) => boolean) {}

  report() {
    for (const listener of this.listeners) listener();
  }
}

const sessionWrites = new Watch((text) => SESSION_WRITE.test(text));
const dataWrites = new Watch((text) => DATA_WRITE.test(text));
const watches = [sessionWrites, dataWrites];

function listen(watch: Watch, listener: Listener): () => void {
  watch.listeners.add(listener);
  return () => watch.listeners.delete(listener);
}

/** Calls `listener` after every statement (and transaction end) that may change a session. */
export const onSessionWrite = (listener: Listener) => listen(sessionWrites, listener);

/** Calls `listener` after every statement (and transaction end) that may change any data. */
export const onDataWrite = (listener: Listener) => listen(dataWrites, listener);

/**
 * Calls `listener` after every statement (and transaction end) that `matches` (its SQL text): a watch of some
 * tables only (server/compliance/change-watch.ts: the engine's records but the orders). Only statements that
 * write (`writesData`) are offered to `matches`.
 */
export function watchWrites(matches: (text: string) => boolean, listener: Listener): () => void {
  const watch = new Watch(matches);
  watch.listeners.add(listener);
  watches.push(watch);
  return () => {
    const index = watches.indexOf(watch);
    if (index >= 0) watches.splice(index, 1);
  };
}

export const writesSessions = (text: string) => sessionWrites.matches(text);
export const writesData = (text: string) => dataWrites.matches(text);

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** The pg client every pool of this process uses (pool.ts): a pg.Client that reports writes. */
export class WriteWatchingClient extends pg.Client {
  /** The watches this client's open transaction has written for: told again when it ends. */
  private readonly pending = new Set<Watch>();

  // pg's query has many overloads; the watch only reads the text and hands everything on unchanged.
  query(...args: unknown[]): never {
    const text = statementText(args[0]);
    const ends = this.pending.size > 0 && TRANSACTION_END.test(text);
    // Every watch hears of writes only, so a statement that writes nothing (most are reads: a list's long SELECT)
    // is not tried against each watch's pattern (one a resource: ~2 % of a list request's CPU in the profile).
    const told = ends ? [...this.pending] : DATA_WRITE.test(text) ? watches.filter((watch) => watch.matches(text)) : [];
    if (ends) this.pending.clear();
    else for (const watch of told) this.pending.add(watch);
    const result = (super.query as (...inner: unknown[]) => unknown)(...args);
    if (told.length > 0) {
      const report = () => told.forEach((watch) => watch.report());
      // After the statement has finished, whatever its outcome (and right away too).
      report();
      if (result && typeof (result as Promise<unknown>).finally === 'function') void (result as Promise<unknown>).finally(report).catch(() => {});
    }
    return result as never;
  }
}
