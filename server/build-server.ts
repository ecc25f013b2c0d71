/**
 * Makes the Fastify instance with Fleetdesk's server options (logging, request ids, limits), opens
 * the database unless one is given (tests hand in theirs), and registers the app.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fleetdeskApp, type AppOptions } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createTranslator } from './i18n/i18n';
import { frameworkErrorHandler } from './plugins/errors';
import { generateRequestId } from './plugins/request-id';

/** Never log a secret: tokens and passwords are censored wherever they appear in a logged object. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'body',
        '*.password',
        '*.password_confirmation',
        '*.current_password',
        '*.password_hash',
        '*.token',
        '*.token_hash',
      ],
      censor: '[redacted]',
    },
  };
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildServerOptions extends Omit<AppOptions, 'database'> {
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The database became unusable while running (default: log it). */
  onFatal?: (error: Error) => void;
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const translator = options.translator ?? createTranslator();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Our generator alone decides (it checks the client's X-Request-Id before using it).
    genReqId: generateRequestId,
    requestIdHeader: false,
    // The client's address (per-address rate limits) from X-Forwarded-For, only as set by the proxies configured.
    // A hop count as Fastify reads a number (its types take only the function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkErrorHandler(translator),
    // The app plugin checks and completes the database's tables and indexes on start: on a large database
    // and a busy machine that takes longer than Fastify's default 10 s (seen at 100,000 employees).
    pluginTimeout: 120_000,
  });
  let database = options.database;
  if (!database) {
    try {
      database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        onFatal: options.onFatal ?? ((error) => app.log.fatal({ err: error }, 'the database stopped working')),
      });
    } catch (error) {
      await app.close();
      throw error;
    }
    const opened = database;
    app.addHook('onClose', async () => opened.close());
  }
  await app.register(fleetdeskApp, { ...options, translator, database });
  return app;
}
