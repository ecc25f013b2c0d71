/**
 * Versioned SQL migrations (`migrations/NNN_name.sql`), applied at start, each in its own transaction
 * and recorded in `schema_migrations`. A transaction-level advisory lock makes two servers starting
 * against one PostgreSQL take turns instead of racing; the same SQL runs on PostgreSQL 15 and PGlite.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { inTransaction } from './pool';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number works: it only has to be the same for every Fleetdesk server.
const MIGRATION_LOCK_KEY = 7_240_513;

export interface Migration {
  version: string;
  file: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name)).sort();
  return files.map((file) => ({ version: file.slice(0, 3), file: path.join(dir, file) }));
}

/** Applies what is missing; answers the versions applied by this call. */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of await listMigrations(dir)) {
    const sql = await fs.readFile(migration.file, 'utf8');
    try {
      await inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        await client.query(
          `CREATE TABLE IF NOT EXISTS schema_migrations (
             version text PRIMARY KEY,
             applied_at timestamptz NOT NULL DEFAULT now()
           )`,
        );
        const done = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
        if (done.rowCount === 0) {
          // No parameters: pg sends it as one simple query, so a file may hold many statements.
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
          applied.push(migration.version);
        }
      });
    } catch (error) {
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}
