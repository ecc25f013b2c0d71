/**
 * The indexes start-up-ddl.ts left for later, built after start with CREATE INDEX CONCURRENTLY so that the
 * table's writes go on meanwhile (a plain build over a million orders blocked every write for its whole
 * length; issue 16, point 2). The server listens without waiting: it works without an index, only slower.
 * Before a group's indexes, the new columns of its large tables are filled in batches (column-fills.ts), and
 * after them, once everything succeeded, what they replace is dropped (the group's `retirements`).
 *
 * - One build at a time, each statement on its own (CONCURRENTLY cannot run inside a transaction), on one
 *   connection holding a session advisory lock, so two servers starting together take turns instead of
 *   building the same index twice; the second then finds it valid and skips it.
 * - A concurrent build that fails or is cancelled leaves an INVALID index behind, which IF NOT EXISTS would
 *   then keep for good: an invalid index of ours is dropped (DROP INDEX CONCURRENTLY) before it is built,
 *   and a failed build is retried (MAX_ATTEMPTS). A build that still fails is logged as an error and left to
 *   the next start; it never stops the server.
 * - The fingerprint of the indexes is written only when every one of them is valid, so a start after an
 *   interrupted build (a restart, a crash) checks them again and finishes the work.
 * - stop() (the app closing) cancels a running build (pg_cancel_backend) instead of waiting minutes for it:
 *   the invalid index it leaves is dropped at the next start.
 */
import type pg from 'pg';
import { fillInBatches, pendingFills, type ColumnFill } from './column-fills';
import type { Database } from './database';
import { indexStates, writeFingerprint, type DeferredIndexes, type IndexStatement, analyzeAfter } from './start-up-ddl';

/** Different from the start-up transactions' keys: those must never wait for a build of minutes. */
const BUILD_LOCK_KEY = 7_240_516;
export const MAX_ATTEMPTS = 3;
const CANCEL_AGAIN_MS = 500;

export interface BuildLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface IndexBuildOutcome {
  built: string[];
  failed: string[];
  /** stop() came before the builds were done. */
  cancelled: boolean;
}

export interface IndexBuilds {
  /** Adds indexes to build (before start()). */
  defer(deferred: DeferredIndexes | null): void;
  /** Starts the builds in the background; the answer is `ready`. */
  start(): void;
  /** Resolves (never rejects) when every build has ended, or at once when there is none. */
  readonly ready: Promise<IndexBuildOutcome>;
  /** Cancels a running build and waits for the builder to let go of its connection. */
  stop(): Promise<void>;
}

export interface IndexBuildOptions {
  log: BuildLog;
  /** Wait before attempt n+1 (default 1 s, then 5 s). */
  retryDelayMs?: (attempt: number) => number;
  /** A table's columns are filled (column-fills.ts): the reads may use them. */
  onFilled?: (fill: ColumnFill) => void;
}

export const concurrentSql = (index: IndexStatement) => index.sql.replace(/^CREATE INDEX IF NOT EXISTS /, 'CREATE INDEX CONCURRENTLY IF NOT EXISTS ');

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createIndexBuilds(database: Database, options: IndexBuildOptions): IndexBuilds {
  const { log } = options;
  const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => (attempt === 1 ? 1_000 : 5_000));
  const groups: DeferredIndexes[] = [];
  let started = false;
  let stopped = false;
  /** The backend pid of the builder's connection while it works. */
  let busyPid: number | null = null;
  let wake: (() => void) | null = null;
  let resolveReady: (outcome: IndexBuildOutcome) => void = () => {};
  const ready = new Promise<IndexBuildOutcome>((resolve) => (resolveReady = resolve));
  const outcome: IndexBuildOutcome = { built: [], failed: [], cancelled: false };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function buildOne(client: pg.PoolClient, index: IndexStatement, invalid: boolean): Promise<boolean> {
    let dropFirst = invalid;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !stopped; attempt++) {
      const since = performance.now();
      try {
        if (dropFirst) {
          log.warn(`index ${index.name} on ${index.table} is invalid (an earlier build failed or was stopped): dropping it to build it again`);
          await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
        }
        log.info(`building index ${index.name} on ${index.table} concurrently (writes go on meanwhile)`);
        await client.query(concurrentSql(index));
        const state = (await indexStates(client, [index.name])).get(index.name);
        if (state === 'valid') {
          log.info(`index ${index.name} on ${index.table} built in ${seconds(since)}`);
          // An expression index's statistics (start-up-ddl.ts `analyzeAfter`); a failure here costs only plans.
          if (analyzeAfter(index)) await client.query(`ANALYZE "${index.table}"`).catch(() => {});
          return true;
        }
        throw new Error(state === 'invalid' ? 'the index is invalid after its build' : 'the index is missing after its build');
      } catch (error) {
        if (stopped) break;
        dropFirst = true;
        if (attempt < MAX_ATTEMPTS) {
          log.warn(
            `index ${index.name} on ${index.table}: build ${attempt} of ${MAX_ATTEMPTS} failed after ${seconds(since)} (${messageOf(error)}); trying again`,
          );
          await pause(retryDelayMs(attempt));
        } else {
          // Not left invalid: writes would keep paying to maintain an index no query may use.
          await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`).catch(() => {});
          log.error(
            `index ${index.name} on ${index.table} could not be built (${MAX_ATTEMPTS} attempts, last: ${messageOf(error)}); ` +
              'the server works without it, only slower, and the next start tries again',
          );
        }
      }
    }
    return false;
  }

  /** Fills what is still marked (another server may have filled it meanwhile); false when stopped or failed. */
  async function fill(client: pg.PoolClient, wanted: ColumnFill): Promise<boolean> {
    const marked = (await pendingFills(client)).find((candidate) => candidate.table === wanted.table);
    if (!marked) {
      options.onFilled?.(wanted);
      return true;
    }
    const since = performance.now();
    log.info(`filling ${marked.columns.join(', ')} of ${marked.table} in batches (writes go on meanwhile)`);
    let lastLog = since;
    try {
      const done = await fillInBatches(client, marked, {
        stopped: () => stopped,
        progress: (rows) => {
          if (performance.now() - lastLog < 10_000) return;
          lastLog = performance.now();
          log.info(`filling ${marked.table}: ${rows} rows after ${seconds(since)}`);
        },
      });
      if (!done) return false;
      log.info(`${marked.columns.join(', ')} of ${marked.table} filled in ${seconds(since)}`);
      options.onFilled?.(marked);
      return true;
    } catch (error) {
      if (!stopped) log.error(`filling ${marked.table} failed (${messageOf(error)}); its lists read the expression meanwhile, and the next start goes on`);
      return false;
    }
  }

  async function buildGroup(client: pg.PoolClient, group: DeferredIndexes) {
    // The columns first: their indexes are then built once over their values.
    for (const wanted of group.fills ?? []) {
      if (stopped) return;
      if (!(await fill(client, wanted))) return;
    }
    // Checked again under the lock: another server may have built some meanwhile.
    const states = await indexStates(
      client,
      group.indexes.map((index) => index.name),
    );
    let complete = true;
    for (const index of group.indexes) {
      if (stopped) return;
      if (states.get(index.name) === 'valid') continue;
      if (await buildOne(client, index, states.get(index.name) === 'invalid')) outcome.built.push(index.name);
      else {
        if (!stopped) outcome.failed.push(index.name);
        complete = false;
      }
    }
    // What the new columns and indexes replace (start-up-ddl.ts RETIRE_AFTERWARDS): the lists used it until now.
    // Before the fingerprint: a start that finds it unwritten runs them again.
    if (complete && !stopped && (group.retirements?.length ?? 0) > 0) {
      try {
        await client.query((group.retirements as string[]).join(';\n'));
        log.info(`replaced columns and indexes dropped (${group.retirements?.length} statement(s))`);
      } catch (error) {
        complete = false;
        if (!stopped) log.warn(`dropping the replaced columns and indexes failed (${messageOf(error)}); the next start tries again`);
      }
    }
    if (complete && !stopped && group.indexes.length > 0) await writeFingerprint(client, group.stateKey, group.fingerprint);
    for (const table of group.vacuum ?? []) {
      if (stopped) return;
      const since = performance.now();
      // Rewritten by the start-up DDL (start-up-ddl.ts `rewrittenTables`): its visibility map and new column's statistics.
      try {
        await client.query(`VACUUM (ANALYZE) "${table}"`);
        log.info(`table ${table} (rewritten at start) vacuumed in ${seconds(since)}`);
      } catch (error) {
        if (!stopped) log.warn(`table ${table} (rewritten at start): VACUUM failed (${messageOf(error)}); autovacuum comes for it once it changes`);
      }
    }
  }

  async function run() {
    const client = await database.pool.connect();
    let broken: Error | undefined;
    const onConnectionError = (error: Error) => (broken = error);
    client.on('error', onConnectionError);
    try {
      busyPid = ((await client.query('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number }).pid;
      if (stopped) return;
      await client.query('SELECT pg_advisory_lock($1)', [BUILD_LOCK_KEY]);
      const since = performance.now();
      const count = groups.reduce((total, group) => total + group.indexes.length, 0);
      const fills = groups.reduce((total, group) => total + (group.fills?.length ?? 0), 0);
      log.info(`checking ${count} index(es) to build concurrently after start${fills > 0 ? `, after filling the new columns of ${fills} table(s)` : ''}`);
      for (const group of groups) await buildGroup(client, group);
      if (!stopped) log.info(`index builds done in ${seconds(since)}: ${outcome.built.length} built, ${outcome.failed.length} failed`);
    } finally {
      busyPid = null;
      client.off('error', onConnectionError);
      // Ended rather than pooled: its session lock goes with it, and a cancelled statement leaves nothing behind.
      client.release(broken ?? true);
    }
  }

  let running: Promise<void> = Promise.resolve();
  return {
    defer(deferred) {
      if (deferred && (deferred.indexes.length > 0 || (deferred.vacuum?.length ?? 0) > 0 || (deferred.fills?.length ?? 0) > 0)) groups.push(deferred);
    },
    start() {
      if (started) return;
      started = true;
      if (groups.length === 0 || stopped || database.kind === 'pglite') {
        resolveReady(outcome);
        return;
      }
      running = run().catch((error: unknown) => {
        if (!stopped) log.error(`index builds stopped: ${messageOf(error)}; the next start tries again`);
      });
      void running.then(() => {
        outcome.cancelled = stopped;
        resolveReady(outcome);
      });
    },
    ready,
    async stop() {
      if (stopped) return;
      stopped = true;
      wake?.();
      if (busyPid !== null) log.info('stopping: the index build in progress is cancelled (the next start drops what it leaves and builds it again)');
      // Again until the builder lets go: a cancel that reaches the connection between two statements does nothing.
      const ended = running.then(() => true);
      while (busyPid !== null) {
        await database.pool.query('SELECT pg_cancel_backend($1)', [busyPid]).catch(() => {});
        if (await Promise.race([ended, new Promise<false>((resolve) => setTimeout(() => resolve(false), CANCEL_AGAIN_MS).unref())])) break;
      }
      await running;
      if (!started) {
        outcome.cancelled = groups.length > 0;
        resolveReady(outcome);
      }
    },
  };
}
