/**
 * Boots Fleetdesk: reads the configuration, opens the database, listens, and shuts down cleanly on
 * SIGINT/SIGTERM (closing the embedded database process and releasing the data folder).
 * Run with `node --import tsx server/server.ts` (npm start builds the web app first).
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from './build-server';
import { ConfigError, loadConfig } from './config';
import { DataFolderLockedError } from './db/data-folder-lock';

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

  let app: FastifyInstance | null = null;
  let stopping = false;
  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    try {
      await app?.close();
    } finally {
      process.exit(exitCode);
    }
  };

  try {
    app = await buildServer({
      config,
      onFatal: (error) => {
        app?.log.fatal({ err: error }, 'the database stopped working; shutting down');
        void stop(1);
      },
    });
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1); // a second Ctrl-C: do not wait any longer
      app?.log.info(`${signal} received, shutting down`);
      void stop(0);
    });
  }

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
