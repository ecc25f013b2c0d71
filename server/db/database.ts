/**
 * Opens the database the configuration names: a real PostgreSQL server when DATABASE_URL is set,
 * else the embedded PGlite in DATA_DIR (locked, in its own process). Both are reached through one
 * `pg` pool and get the same migrations; the rest of the server does not know which one it has.
 */
import type pg from 'pg';
import { lockDataFolder } from './data-folder-lock';
import { startEmbeddedDatabase } from './embedded-database';
import { migrate } from './migrate';
import { listenOn } from './listen';
import { createPool, inTransaction } from './pool';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly pool: pg.Pool;
  /** Runs `work` in a transaction on one client; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /**
   * Where other processes can write (a PostgreSQL server): hears `channel`'s notifications on a connection
   * of its own, reconnecting when it drops; `onState(false)` while it cannot hear. Null for the embedded
   * database, which no other process can open (the data folder is locked).
   */
  listen: ((channel: string, onNotify: (payload: string) => void, onState: (listening: boolean) => void) => Promise<() => Promise<void>>) | null;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** The database became unusable while running (embedded process died, lock lost). */
  onFatal?: (error: Error) => void;
  /** Apply migrations (default true). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const onFatal = options.onFatal ?? ((error: Error) => console.error(error));
  let database: Database;

  if (options.databaseUrl) {
    const pool = createPool({ connectionString: options.databaseUrl, max: 10 });
    // A dropped idle connection must not crash the process; the next query reports the problem.
    pool.on('error', () => {});
    const databaseUrl = options.databaseUrl;
    database = {
      ...withTransactions('postgres', pool, () => pool.end()),
      listen: (channel, onNotify, onState) => listenOn(databaseUrl, channel, onNotify, onState),
    };
  } else {
    const release = await lockDataFolder(options.dataDir, (error) => onFatal(new Error(`The data folder lock was lost: ${error.message}`)));
    let embedded;
    try {
      embedded = await startEmbeddedDatabase(options.dataDir, onFatal);
    } catch (error) {
      await release();
      throw error;
    }
    const { pool, close } = embedded;
    database = withTransactions('pglite', pool, async () => {
      try {
        await close();
      } finally {
        await release();
      }
    });
  }

  if (options.migrate !== false) {
    try {
      await migrate(database.pool);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

function withTransactions(kind: DatabaseKind, pool: pg.Pool, closePool: () => Promise<void>): Database {
  let closed: Promise<void> | null = null;
  return {
    kind,
    pool,
    transaction: (work) => inTransaction(pool, work),
    listen: null,
    close: () => (closed ??= closePool()),
  };
}
