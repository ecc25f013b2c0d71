/**
 * Once per `vitest --project api` run:
 * - a PGlite template data folder with every migration applied (initdb takes 2–8 s, a copy ~0.1 s).
 *   It is cached in .test-data/ under a hash of the PGlite version and the migrations, so only a
 *   changed migration pays initdb again;
 * - which PostgreSQL to test against as well: TEST_DATABASE_URL, else a local server on
 *   127.0.0.1:5432 (trust auth) if one answers. Each test file then makes its own database in it.
 * Both reach the test files through vitest's provide/inject (see databases.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { listMigrations } from '../db/migrate';
import { resources } from '../../resources/index';
import { buildModel } from '../engine/model';
import { allStatements, engineStatements, ensureTables } from '../engine/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    /** Admin connection string of the PostgreSQL server to test against, or '' when none answered. */
    postgresAdminUrl: string;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE_DIR = path.join(ROOT, '.test-data');
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(await fs.readFile(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  for (const migration of await listMigrations()) hash.update(migration.version).update(await fs.readFile(migration.file));
  // The engine's tables are in the template too: a changed registry or schema makes a new template.
  hash.update(allStatements(buildModel(resources)).join(';'));
  // And how they are split and fingerprinted (db/start-up-ddl.ts): a template made before would re-run its DDL in every suite.
  hash.update(JSON.stringify(engineStatements(buildModel(resources))));
  return hash.digest('hex').slice(0, 16);
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function prepareTemplate(): Promise<string> {
  const template = path.join(CACHE_DIR, `pglite-template-${await templateKey()}`);
  if (await exists(path.join(template, '.complete'))) return template;
  // Built aside and renamed into place, so an interrupted run never leaves a half-made template.
  const building = `${template}.building-${process.pid}`;
  await fs.rm(building, { recursive: true, force: true });
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: null, dataDir: building });
  try {
    await ensureTables(database, buildModel(resources));
  } finally {
    await database.close();
  }
  await fs.writeFile(path.join(building, '.complete'), new Date().toISOString());
  await fs.rm(template, { recursive: true, force: true });
  await fs.rename(building, template);
  console.log(`[api tests] PGlite template with migrations made in ${Date.now() - started} ms`);
  return template;
}

async function answeringPostgres(): Promise<string> {
  const explicit = process.env.TEST_DATABASE_URL?.trim();
  const url = explicit || DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    console.log(`[api tests] PostgreSQL ${(rows[0] as { server_version: string }).server_version} answers: API tests run on PGlite and PostgreSQL.`);
    return url;
  } catch (error) {
    // Asked for explicitly and not there: that is a broken set-up, not a reason to skip.
    if (explicit) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${(error as Error).message}`);
    console.warn(
      `[api tests] No PostgreSQL answered at 127.0.0.1:5432 (${(error as Error).message}): ONLY PGlite ran. ` +
        'Set TEST_DATABASE_URL or start a local server to test on PostgreSQL too.',
    );
    return '';
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject) {
  const [template, postgresUrl] = await Promise.all([prepareTemplate(), answeringPostgres()]);
  project.provide('pgliteTemplateDir', template);
  project.provide('postgresAdminUrl', postgresUrl);
}
