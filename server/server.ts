/**
 * Boots Fleetdesk: reads the configuration, opens the database, listens, and shuts down within seconds on
 * SIGINT/SIGTERM or when the embedded database's process dies (shutdown.ts), closing the database process
 * and releasing the data folder.
 * Run with `node --import tsx server/server.ts` (npm start builds the web app first).
 */
import { buildServer } from './build-server';
import { ConfigError, loadConfig } from './config';
import { DataFolderLockedError } from './db/data-folder-lock';
import { createShutdown, stopOnSignals } from './shutdown';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Before the database opens: a signal during a long start-up ends it too.
  const shutdown = createShutdown();
  stopOnSignals(shutdown);

  let app;
  try {
    app = await buildServer({
      config,
      onFatal: (error) => shutdown.stop(1, `The database stopped working, so Fleetdesk stops (exit code 1) for a restart: ${error.message}`),
    });
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  shutdown.attach(app);
  // Stopped while starting: the process is already on its way out.
  if (shutdown.stopping) return;

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Fleetdesk is running at http://localhost:${port} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
