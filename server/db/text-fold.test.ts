/**
 * Text folded for search (migration 021, engine/search.ts): unaccented, lower case, a Greek final sigma as a sigma,
 * the same on both databases and as the web app folds it (validation/fold-text.ts); a search word's pattern escapes the wildcards folding makes. On a PostgreSQL whose
 * owner may not declare a C function (a managed database), the migration makes the same functions over unaccent()
 * itself, and an index may still hold them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databases } from '../test-support/databases';
import { dropTestDatabase, startTestApp, type TestApp } from '../test-support/test-app';
import { foldText } from '../../validation/fold-text';
import { migrate } from './migrate';
import { createPool } from './pool';

/** Texts in the scripts of the six languages; the database must fold them as the web app does (fold-text.ts). */
const SAMPLES = [
  'Café Müller',
  'Straße',
  'ΔΟΥΝΑΒΗΣ',
  'Δούναβης',
  'José Núñez',
  'Škoda Dvořák',
  'Citroën Ærø Łódź Đakovo Œuvre Þór',
  // Cyrillic keeps its own letters: й and ї are letters of Ukrainian, not accented и and і.
  'Київ, вул. Йорданська',
  '５０％ ＿',
];
const PATTERNS: Array<[string, string]> = [
  ['Müller', '%muller%'],
  ['50%', '%50\\%%'],
  ['５０％', '%50\\%%'],
  ['a_b', '%a\\_b%'],
  ['＿', '%\\_%'],
  ['C:\\Temp', '%c:\\\\temp%'],
];

async function folds(pool: pg.Pool) {
  for (const text of SAMPLES) expect((await pool.query('SELECT fleetdesk_fold($1) AS t', [text])).rows[0].t, text).toBe(foldText(text));
  for (const [text, expected] of PATTERNS) expect((await pool.query('SELECT fleetdesk_contains_pattern($1) AS p', [text])).rows[0].p, text).toBe(expected);
  const { rows } = await pool.query(
    `SELECT fleetdesk_fold('Straße 50% Rabatt') LIKE fleetdesk_contains_pattern('STRASSE ５０％') AS whole,
            fleetdesk_fold('Straße 50 Rabatt') LIKE fleetdesk_contains_pattern('５０％') AS wildcard`,
  );
  expect(rows[0]).toEqual({ whole: true, wildcard: false });
  expect((await pool.query(`SELECT fleetdesk_fold('Straße 50% Rabatt') LIKE fleetdesk_contains_pattern('５０％') AS found`)).rows[0].found).toBe(true);
}

describe.each(databases)('text folded for search on %s', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => test?.close());

  it('folds as the web app does, and makes a pattern whose wildcards are escaped after folding', async () => {
    await folds(test.database.pool);
  });
});

describe.runIf(inject('postgresAdminUrl'))('text folded for search on a PostgreSQL whose owner is no superuser', () => {
  it('is made over unaccent() itself, folds the same, and may be indexed', async () => {
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error('No PostgreSQL to test against');
    const suffix = randomBytes(6).toString('hex');
    const role = `fleetdesk_owner_${suffix}`;
    const name = `fleetdesk_test_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${role}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    url.username = role;
    url.password = '';
    const pool = createPool({ connectionString: url.toString() });
    try {
      expect((await pool.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0].rolsuper).toBe(false);
      await migrate(pool);
      const { rows } = await pool.query(`SELECT l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE proname = 'fleetdesk_fold'`);
      expect(rows).toEqual([{ language: 'sql' }]);
      expect((await pool.query(`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'fleetdesk_unaccent'`)).rows[0].n).toBe(0);
      await folds(pool);
      await pool.query(`CREATE TABLE folded_probe (text text)`);
      await pool.query(`CREATE INDEX folded_probe_text ON folded_probe USING gin (fleetdesk_fold(text) gin_trgm_ops)`);
      await pool.query(`INSERT INTO folded_probe VALUES ('Café Müller'), ('Danube Steel')`);
      expect((await pool.query(`SELECT text FROM folded_probe WHERE fleetdesk_fold(text) LIKE fleetdesk_contains_pattern('MULLER')`)).rows).toEqual([
        { text: 'Café Müller' },
      ]);
    } finally {
      await pool.end();
      await dropTestDatabase(admin, name);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
