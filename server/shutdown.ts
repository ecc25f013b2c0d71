/**
 * How the server stops (issue 16, point 3): in seconds, whatever its clients are doing.
 *
 * Fastify's close() stops accepting and closes the connections idle at that moment, then waits for every
 * other connection to end. A keep-alive connection that was busy when the signal came becomes idle after
 * its answer and then stays open until the client or the 72 s keep-alive timeout ends it: the server lived
 * ~73 s after SIGTERM, holding the data folder. So while draining, every answer says `Connection: close`
 * and idle connections are reaped again and again; requests still running after the drain time are cut.
 * A deadline timer ends the process whatever hangs (a database that never answers, a hook that never
 * returns), and a second signal ends it at once.
 */
import type { FastifyInstance } from 'fastify';

/** Requests in flight get this long to finish after SIGTERM/SIGINT. */
export const DRAIN_MS = 10_000;
/** After the drain, closing the database gets this long before the process exits anyway. */
const CLOSE_MS = 3_000;
/**
 * When the database died there is nothing left to finish well: a supervisor should restart us quickly
 * (the issue asks for an exit within 5 s).
 */
const FATAL_DRAIN_MS = 1_500;
const FATAL_CLOSE_MS = 2_000;
const REAP_EVERY_MS = 100;

export interface ShutdownOptions {
  /** Ends the process (tests of this module hand in their own). */
  exit?: (code: number) => void;
  /** Where a shutdown is told when the app has no logger yet (start-up). */
  report?: (message: string) => void;
}

export interface Shutdown {
  /** Starts stopping with `exitCode` (0 after a signal, 1 when the database died); later calls do nothing. */
  stop(exitCode: number, reason: string): void;
  readonly stopping: boolean;
  /** The app once it is built: until then, stop() exits at once (nothing to drain). */
  attach(app: FastifyInstance): void;
}

export function createShutdown(options: ShutdownOptions = {}): Shutdown {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const report = options.report ?? ((message: string) => console.error(message));
  let app: FastifyInstance | null = null;
  let stopping = false;

  function stop(exitCode: number, reason: string) {
    if (stopping) return;
    stopping = true;
    const fatal = exitCode !== 0;
    const drainMs = fatal ? FATAL_DRAIN_MS : DRAIN_MS;
    const closeMs = fatal ? FATAL_CLOSE_MS : CLOSE_MS;
    if (app) app.log[fatal ? 'fatal' : 'info'](reason);
    else report(reason);
    // stderr as well: whoever restarts the server reads why there, whatever the log level.
    if (fatal && app) report(reason);

    // Unref'd: they never keep the process alive themselves, they only end a shutdown that hangs.
    setTimeout(() => {
      report(`Fleetdesk did not stop within ${(drainMs + closeMs) / 1000} s; exiting anyway`);
      exit(fatal ? exitCode : 1);
    }, drainMs + closeMs).unref();
    if (!app) return exit(exitCode);

    const server = app.server;
    const reaper = setInterval(() => server.closeIdleConnections(), REAP_EVERY_MS).unref();
    const cut = setTimeout(() => {
      app?.log.warn(`requests still running after ${drainMs / 1000} s are cut`);
      server.closeAllConnections();
    }, drainMs).unref();
    app.close().then(
      () => {
        clearInterval(reaper);
        clearTimeout(cut);
        exit(exitCode);
      },
      (error: unknown) => {
        app?.log.error({ err: error }, 'error while shutting down');
        exit(fatal ? exitCode : 1);
      },
    );
  }

  return {
    stop,
    get stopping() {
      return stopping;
    },
    attach(built) {
      app = built;
      // An answer given while draining closes its connection: the client reconnects to another server.
      // Fastify's callback style: no promise per request for a check that is almost always false.
      built.addHook('onSend', (_request, reply, payload, done) => {
        if (stopping) reply.header('connection', 'close');
        done(null, payload);
      });
    },
  };
}

/** SIGTERM/SIGINT stop the server gracefully; a second one, while stopping, exits at once. */
export function stopOnSignals(shutdown: Shutdown, exit: (code: number) => void = (code) => process.exit(code)) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shutdown.stopping) {
        console.error(`${signal} received again while stopping: exiting now`);
        return exit(1);
      }
      shutdown.stop(0, `${signal} received, shutting down`);
    });
  }
}
