/**
 * The embedded database: PGlite in its own process (pglite-host.ts) behind the Postgres wire
 * protocol, reached through a `pg` pool like a real server.
 *
 * The pool holds ONE connection. PGlite is a single session that runs one statement at a time
 * anyway, and pglite-socket 0.2.x schedules each protocol message separately: outside an explicit
 * transaction, two connections' Parse/Bind/Execute messages can interleave in that one session and
 * bind against each other's statement (pglite issue #1046). With one connection every query and
 * every transaction runs whole; other callers wait in the pool's queue, which costs nothing that
 * PGlite's own serial execution did not already cost. The rule that follows: never query the pool
 * from inside a transaction (use the transaction's client), or the transaction waits for itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createEmbeddedPool } from './pool';

const HOST_MODULE = fileURLToPath(new URL('./pglite-host.ts', import.meta.url));
// initdb of a new folder takes 2–8 s here; a slow disk or a loaded CI machine gets generous slack.
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedDatabase {
  pool: pg.Pool;
  /** The database process (its priority is lowered: yieldToRequestThread). */
  pid: number | undefined;
  /** Needs no `this`: callers take it off the object. */
  close: () => Promise<void>;
}

/** The child runs TypeScript: it needs tsx's loader whether we run under tsx or under vitest. */
function childExecArgv(): string[] {
  const inherited = process.execArgv.filter((arg) => !arg.startsWith('--inspect'));
  const hasTsx = inherited.some((arg) => arg === 'tsx' || arg.endsWith('=tsx') || arg.includes('/tsx/'));
  return hasTsx ? inherited : [...inherited, '--import', 'tsx'];
}

function waitForReady(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`The embedded database did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const onMessage = (message: { type?: string; port?: number; message?: string }) => {
      if (message?.type === 'ready' && typeof message.port === 'number') done(() => resolve(message.port as number));
      else if (message?.type === 'failed') fail(new Error(`The embedded database could not start: ${message.message}`));
    };
    const onExit = (code: number | null, signal: string | null) =>
      fail(new Error(`The embedded database stopped while starting (exit code ${code ?? signal})`));
    const onError = (error: Error) => fail(error);
    const cleanUp = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    const done = (settle: () => void) => {
      cleanUp();
      settle();
    };
    const fail = (error: Error) => {
      done(() => reject(error));
      if (child.exitCode === null) child.kill('SIGKILL');
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The database process runs at a lower scheduling priority than the server's. On a machine with few
 * cores, a busy PGlite (one long list query after another) otherwise competes on equal terms with the
 * request thread, and a request that needs no database (the health probe, a cached session's refusal,
 * serializing an answer already read) waited for the scheduler behind it: issue 5's blocking check.
 * The work still gets done: a lower priority only decides who runs first when both want a core.
 */
const DATABASE_NICENESS = 5;

function yieldToRequestThread(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, Math.min(19, os.getPriority() + DATABASE_NICENESS));
  } catch {
    // Not permitted here (some containers): the server works the same, only less responsive under load.
  }
}

/**
 * Starts PGlite on `<dataDir>/pgdata` (the caller holds the data folder's lock).
 * @param onUnexpectedExit called if the database process dies while the server runs.
 */
export async function startEmbeddedDatabase(dataDir: string, onUnexpectedExit: (error: Error) => void): Promise<EmbeddedDatabase> {
  const child = fork(HOST_MODULE, [path.join(dataDir, 'pgdata')], {
    execArgv: childExecArgv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const port = await waitForReady(child);
  yieldToRequestThread(child);

  let closing = false;
  child.on('exit', (code, signal) => {
    process.off('exit', killChild);
    if (!closing) onUnexpectedExit(new Error(`The embedded database process stopped (exit code ${code ?? signal})`));
  });
  // The server exiting before its database closed (a shutdown's deadline passed while a long statement ran,
  // an idle VACUUM of a large table: server/db/idle-vacuum.ts) releases the data folder's lock on its way out.
  // The database process cannot hear the parent go while PGlite is inside a statement, so without this it
  // would go on writing the folder while the next server opens it. Killed, it loses only that statement.
  const killChild = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', killChild);

  const pool = createEmbeddedPool({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // A query that never answers (a wedged database process) fails the request instead of hanging it.
    query_timeout: 60_000,
  });
  // An idle connection that breaks (database process gone) must not crash the server: the next
  // query reports it.
  pool.on('error', () => {});

  return {
    pool,
    pid: child.pid,
    async close() {
      if (closing) return;
      closing = true;
      await pool.end().catch(() => {});
      if (child.connected) child.send({ type: 'shutdown' });
      await waitForExit(child, STOP_TIMEOUT_MS);
    },
  };
}
