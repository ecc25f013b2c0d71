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

/**
 * Drops a suite's database once its connections have gone. A pool's `end()` may resolve while a connection's backend
 * is still closing; `WITH (FORCE)` then terminated it, and the FATAL "terminating connection due to administrator
 * command" reached the ending client as an uncaught error that failed the whole run. Up to 5 s, then forced anyway.
 */
export async function dropTestDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    if ((rows[0] as { n: number }).n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    dropDatabase = async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await dropTestDatabase(admin, name);
      } finally {
        await admin.end();
      }
    };
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
