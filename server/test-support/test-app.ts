/**
 * A real Fleetdesk server for one suite, on a fresh database of the given kind:
 * PGlite → a copy of the migrated template folder; PostgreSQL → a new database `fleetdesk_test_<random>`,
 * dropped again by `close()`. Requests go through `app.inject` (no port needed).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildServer, loggerOptions, type BuildServerOptions } from '../build-server';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DatabaseKind } from '../db/database';

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** Closes the server and starts another on the same database (a restart), with `extra` in place of the first's. */
  reopen(extra?: TestAppOptions['extra']): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (e.g. AUTH_RATE_LIMIT, SMTP_URL). */
  env?: Record<string, string>;
  logger?: FastifyServerOptions['logger'];
  /** Runs before the app is ready: add test-only routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  extra?: Omit<BuildServerOptions, 'config' | 'database' | 'logger'>;
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-test-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (kind === 'pglite') {
    await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  } else {
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error('No PostgreSQL to test against');
    const name = `fleetdesk_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    databaseUrl = withDatabase(adminUrl, name);
    dropDatabase = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_URL: 'http://fleetdesk.test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Suites share 127.0.0.1 as their client address: only the rate-limit suite sets a low limit.
    AUTH_RATE_LIMIT: '100000',
    // No reminder digests or queued mails behind a suite's back: the reminder suites run them by hand.
    BACKGROUND_JOBS: 'off',
    // Nor a VACUUM between two of its requests (server/db/idle-vacuum.ts): its own suite switches it on.
    EMBEDDED_VACUUM: 'off',
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const build = (extra: TestAppOptions['extra']) =>
    buildServer({ ...extra, config, database, logger: options.logger ?? (process.env.TEST_LOG_LEVEL ? loggerOptions(config) : false) });
  const app = await build(options.extra);
  await options.beforeReady?.(app);
  await app.ready();

  const test: TestApp = {
    kind,
    app,
    config,
    database,
    async reopen(extra) {
      await test.app.close();
      const next = await build(extra);
      await next.ready();
      test.app = next;
    },
    async close() {
      await test.app.close();
      await database.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}
