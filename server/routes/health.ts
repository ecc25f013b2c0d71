/**
 * `GET /api/health`: the server answers and its database ran a query a moment ago.
 *
 * The probe never queries the database itself. The embedded database has one connection (every query
 * waits its turn in the pool's queue, embedded-database.ts), so a `SELECT 1` per probe waited behind
 * whatever list queries were queued: under list load the probe took as long as the queue (issue 5).
 * Instead a heartbeat runs `SELECT 1` every second in the background, one at a time, and the route
 * answers from its last result: 200 while the last beat succeeded less than STALE_AFTER_MS ago, else
 * 503. A database that stops answering turns the probe to 503 within a few seconds (the beat in flight
 * never returns, so the last success ages), one that fails turns it at the next beat. The age of the last
 * success is in the `x-health-age-ms` header (and in the body of a 503).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

export const HEARTBEAT_INTERVAL_MS = 1_000;
export const STALE_AFTER_MS = 5_000;
const STOP_WAIT_MS = 1_000;

export interface HeartbeatState {
  /** `Date.now()` of the last successful beat, or null before the first one. */
  lastSuccessAt: number | null;
  /** The last beat failed (with this error); cleared by the next success. */
  lastError: Error | null;
}

export interface Heartbeat {
  readonly state: HeartbeatState;
  /** Runs one beat now (unless one is in flight: then waits for it). */
  beat(): Promise<void>;
  /** Stops the timer and waits for the beat in flight (at most STOP_WAIT_MS: a hung database must not hold up a close). */
  stop(): Promise<void>;
}

export function startHeartbeat(
  check: () => Promise<unknown>,
  options: { intervalMs?: number; onError?: (error: Error) => void; now?: () => number } = {},
): Heartbeat {
  const now = options.now ?? Date.now;
  const state: HeartbeatState = { lastSuccessAt: null, lastError: null };
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  const beat = () => {
    // Never two at a time: a slow database must not collect a queue of heartbeats.
    inFlight ??= (async () => {
      try {
        await check();
        state.lastSuccessAt = now();
        state.lastError = null;
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        // Logged when the database starts failing, not once a second while it stays down.
        if (!state.lastError) options.onError?.(failure);
        state.lastError = failure;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  const timer = setInterval(() => {
    if (!stopped) void beat();
  }, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  // The heartbeat alone never keeps the process alive.
  timer.unref();

  return {
    state,
    beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (!inFlight) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([inFlight, new Promise((resolve) => (timeout = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timeout);
    },
  };
}

/** Healthy when the last beat succeeded and is fresh; the age is null before any success. */
export function healthOf(state: HeartbeatState, at: number, staleAfterMs = STALE_AFTER_MS): { ok: boolean; ageMs: number | null } {
  const ageMs = state.lastSuccessAt === null ? null : Math.max(0, at - state.lastSuccessAt);
  return { ok: state.lastError === null && ageMs !== null && ageMs <= staleAfterMs, ageMs };
}

export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; heartbeat?: { intervalMs?: number; staleAfterMs?: number; now?: () => number } },
) {
  const { database } = options;
  const now = options.heartbeat?.now ?? Date.now;
  const staleAfterMs = options.heartbeat?.staleAfterMs ?? STALE_AFTER_MS;
  const heartbeat = startHeartbeat(() => database.pool.query('SELECT 1'), {
    intervalMs: options.heartbeat?.intervalMs,
    now,
    onError: (error) => app.log.error({ err: error }, 'health check: the database does not answer'),
  });
  app.addHook('onClose', async () => heartbeat.stop());
  // The first beat before the server listens: a probe right after the start already knows.
  await heartbeat.beat();

  app.get('/api/health', async (_request, reply) => {
    const { ok, ageMs } = healthOf(heartbeat.state, now(), staleAfterMs);
    reply.header('cache-control', 'no-store');
    if (ageMs !== null) reply.header('x-health-age-ms', String(ageMs));
    if (ok) return { status: 'ok', database: database.kind };
    return reply.code(503).send({ status: 'error', database: database.kind, age_ms: ageMs });
  });
}
