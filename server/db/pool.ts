/**
 * One way to make a `pg` pool, for PGlite behind its socket and for a real PostgreSQL server alike.
 * `int8` (ids, `count(*)`) and `numeric` arrive as strings from `pg`: they are parsed to numbers here,
 * once, for both databases (DESIGN.md, "Database facts"). Our ids and counts stay far below 2^53.
 */
import pg from 'pg';
import { WriteWatchingClient } from './write-watch';

const { builtins } = pg.types;
const toNumber = (value: string) => Number(value);

/** Per-pool parsers rather than `pg.types.setTypeParser`, so no other `pg` user in the process is affected. */
export const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => {
    if (format !== 'binary' && (oid === builtins.INT8 || oid === builtins.NUMERIC)) return toNumber;
    // pg types its own parsers' results `any`; what they give is read (and typed) where a row is read.
    const parser: unknown = pg.types.getTypeParser(oid, format);
    return parser;
  },
};

/** Its clients report writes (write-watch.ts) to the caches that hold what they may change. */
export function createPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ types: typeParsers, Client: WriteWatchingClient, ...config });
}

/** A client of the embedded database (embedded-database.ts), told apart where the two plan differently. */
export class EmbeddedClient extends WriteWatchingClient {}

const embeddedPools = new WeakSet<pg.Pool>();

/** The embedded database's pool: its clients are EmbeddedClients. */
export function createEmbeddedPool(config: pg.PoolConfig): pg.Pool {
  const pool = createPool({ ...config, Client: EmbeddedClient });
  embeddedPools.add(pool);
  return pool;
}

/** Whether `client` (a pool or one of its clients) speaks to the embedded database. */
export function onEmbeddedDatabase(client: unknown): boolean {
  return client instanceof EmbeddedClient || (client instanceof pg.Pool && embeddedPools.has(client));
}

/** Anything that runs a query: the pool, or one client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Runs `work` in one transaction on a client of its own. A checked-out client whose connection drops
 * emits 'error'; unheard, that would crash the process. The statement in flight rejects anyway, which is
 * how the caller learns of it, and the broken client is discarded instead of going back to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const ignoreConnectionError = (error: Error) => (broken = error);
  client.on('error', ignoreConnectionError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.off('error', ignoreConnectionError);
    client.release(broken);
  }
}
