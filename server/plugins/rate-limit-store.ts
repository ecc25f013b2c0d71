/**
 * The store of @fastify/rate-limit (its `store` option) kept in the database, table `rate_limit_hits`
 * (migration 014), so that server processes on one PostgreSQL share one count per client address and route:
 * in each process's memory (the plugin's default), two processes behind a load balancer let an address make
 * twice the allowed sign-ins, ten processes ten times.
 *
 * A fixed window per key, as the plugin's own in-memory store counts: one atomic upsert per request adds one
 * and answers the count and the time left. Concurrent requests for one key queue on its row, so none is lost.
 * Times are the database's, the one clock every process shares. Expired rows are deleted once a minute
 * (`deleteExpiredHits`, run by plugins/rate-limit.ts).
 *
 * Used on the embedded database too, though no other process can open it: one code path, tested by the same
 * suites on both databases, and a restart does not hand a guesser a fresh budget. The cost is one round trip
 * to the database process per limited request (sign-in, registration, password reset), which spend far more
 * on hashing a password or on their own queries.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/pool';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * The time left in a window, in milliseconds, never negative. From the clock, not the statement's start: an
 * upsert that waited for another's row lock started before that one opened the window, and would read more
 * time left than the window has.
 */
const TTL = `greatest(0, ceil(extract(epoch FROM window_ends_at - clock_timestamp()) * 1000))::int`;

// `now()` is the statement's start: every comparison within the upsert agrees on whether the window is over.
const HIT = `
  INSERT INTO rate_limit_hits AS h (key, hits, window_ends_at)
  VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.window_ends_at <= now() THEN 1 ELSE least(h.hits, 2147483646) + 1 END,
    window_ends_at = CASE WHEN h.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE h.window_ends_at END
  RETURNING hits, ${TTL} AS ttl`;

const READ = `SELECT hits, ${TTL} AS ttl FROM rate_limit_hits WHERE key = $1 AND window_ends_at > clock_timestamp()`;

interface Count {
  hits: number;
  ttl: number;
}

function answer(promise: Promise<{ rows: Count[] }>, callback: Callback) {
  promise.then(
    ({ rows }) => callback(null, { current: Number(rows[0]?.hits ?? 0), ttl: Number(rows[0]?.ttl ?? 0) }),
    (error: Error) => callback(error),
  );
}

/** A store class for the plugin's `store` option, counting in `db`. */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      answer(db.query<Count>(HIT, [key, Math.max(1, Math.round(timeWindow))]), callback);
    }

    /** The count without adding to it (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback) {
      answer(db.query<Count>(READ, [key]), callback);
    }

    /** One table for every route: the key names the route (plugins/rate-limit.ts), each call brings its window. */
    child() {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}

/** Deletes the rows of windows that are over; answers how many. */
export async function deleteExpiredHits(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM rate_limit_hits WHERE window_ends_at <= now()');
  return result.rowCount ?? 0;
}
