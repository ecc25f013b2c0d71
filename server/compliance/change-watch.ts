/**
 * When compliance readings kept in memory must go: after any write that may change them, a write to an engine
 * table (`r_*`) other than the orders (orders are no obligation; a token's last use, the audit trail or the
 * mail queue are none either, and clearing on them would clear on every order saved and every minute a member
 * works). This process's own writes are heard from its pools (db/write-watch.ts); on PostgreSQL other server
 * processes' writes are heard through NOTIFY on `fleetdesk_data` (the statement triggers every engine table has,
 * engine/storage.ts, migration 013; the orders' are not listened to). While that
 * connection is down a change could go unheard, so `reliable` is false and the caches keep nothing; the
 * embedded database has no other writer (its data folder is locked), so there it is always reliable.
 */
import type { Database } from '../db/database';
import { watchWrites } from '../db/write-watch';

/** A statement that writes an engine table other than the orders (store.ts quotes the names). */
const RECORD_WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|copy|merge\s+into)\s+(?:only\s+)?"?r_(?!orders\b)\w/i;

export const writesObligations = (text: string) => RECORD_WRITE.test(text);

export interface ComplianceChanges {
  /** Calls `listener` after every such write, and whenever hearing stops or starts again. */
  onChange(listener: () => void): () => void;
  /** Whether every change is heard now. */
  readonly reliable: boolean;
  stop(): Promise<void>;
}

export const DATA_CHANNEL = 'fleetdesk_data';

export async function watchComplianceChanges(database: Database): Promise<ComplianceChanges> {
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((listener) => listener());
  const stopLocal = watchWrites(writesObligations, tell);
  let reliable = database.listen === null;
  const stopRemote = database.listen
    ? await database.listen(
        DATA_CHANNEL,
        (table) => table !== 'r_orders' && tell(),
        (listening) => {
          reliable = listening;
          tell();
        },
      )
    : null;
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get reliable() {
      return reliable;
    },
    async stop() {
      stopLocal();
      await stopRemote?.();
    },
  };
}
