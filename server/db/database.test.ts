import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { listMigrations, migrate } from './migrate';
import { createPool, onEmbeddedDatabase } from './pool';
import { sql } from './sql';
import { TenantDb } from './tenant-db';
import { wireTimestampTypes } from './wire-timestamps';

describe.each(databases)('database layer on %s', (kind) => {
  let server: TestApp;
  let tenantA: TenantDb;
  let tenantB: TenantDb;

  beforeAll(async () => {
    server = await startTestApp(kind);
    const { database } = server;
    const ids = (await database.pool.query('INSERT INTO tenants (created_at) VALUES (now()), (now()) RETURNING id')).rows.map((row) => row.id as number);
    tenantA = new TenantDb(database, ids[0]);
    tenantB = new TenantDb(database, ids[1]);
  });
  afterAll(() => server?.close());

  describe('migrations', () => {
    it('are all recorded, and a second run applies nothing', async () => {
      const { rows } = await server.database.pool.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual((await listMigrations()).map((migration) => migration.version));
      expect(await migrate(server.database.pool)).toEqual([]);
    });
  });

  it('tells the embedded database apart, by its pool and by each of its clients (where the two plan differently)', async () => {
    const embedded = kind === 'pglite';
    expect(onEmbeddedDatabase(server.database.pool)).toBe(embedded);
    expect(await server.database.transaction((client) => Promise.resolve(onEmbeddedDatabase(client)))).toBe(embedded);
    expect(onEmbeddedDatabase({ query: () => undefined })).toBe(false);
  });

  describe('types', () => {
    it('parses int8 ids, count(*) and numeric as numbers', async () => {
      const { rows } = await server.database.pool.query(
        `SELECT 9007199254740991::int8 AS big, count(*) AS total, 12.50::numeric AS amount, 7::int AS small FROM tenants`,
      );
      expect(rows[0]).toEqual({ big: 9007199254740991, total: expect.any(Number), amount: 12.5, small: 7 });
    });

    it('round-trips jsonb and bytea', async () => {
      const bytes = randomBytes(1000);
      const { rows } = await server.database.pool.query<{ data: unknown; content: Buffer }>(`SELECT $1::jsonb AS data, $2::bytea AS content`, [
        { name: 'Ünïcødé', main: true },
        bytes,
      ]);
      expect(rows[0].data).toEqual({ name: 'Ünïcødé', main: true });
      expect(Buffer.compare(rows[0].content, bytes)).toBe(0);
    });

    it('reads timestamps as the wire text that a Date would give, in any session time zone', async () => {
      const moments = ['2026-11-24 12:34:56.789123+00', '2026-01-01 00:00:00+00', '1999-12-31 23:59:59.9+00', '2026-03-29 01:30:00.05+00'];
      const select = `SELECT m::timestamptz AS at FROM unnest($1::text[]) WITH ORDINALITY AS t(m, n) ORDER BY n`;
      const asDates = (await server.database.pool.query<{ at: Date }>(select, [moments])).rows.map((row) => row.at.toISOString());
      expect(asDates[0]).toBe('2026-11-24T12:34:56.789Z');
      const client = await server.database.pool.connect();
      try {
        for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
          await client.query(`SET TIME ZONE '${zone}'`);
          const asText = await client.query<{ at: string }>({ text: select, values: [moments], types: wireTimestampTypes });
          expect(asText.rows.map((row) => row.at)).toEqual(asDates);
        }
      } finally {
        await client.query('RESET TIME ZONE');
        client.release();
      }
    });
  });

  describe('TenantDb', () => {
    it('sets the tenant on insert and sees only its own rows', async () => {
      const mine = await tenantA.insert<{ id: number; tenant_id: number }>('companies', { data: { name: 'A one' } });
      await tenantB.insert('companies', { data: { name: 'B one' } });
      expect(mine.tenant_id).toBe(tenantA.tenantId);
      const seenByA = await tenantA.select<{ data: { name: string } }>('companies');
      expect(seenByA.map((row) => row.data.name)).toEqual(['A one']);
      expect(await tenantB.selectOne('companies', { id: mine.id })).toBeNull();
    });

    it("cannot update or delete another tenant's rows", async () => {
      const row = await tenantA.insert<{ id: number }>('companies', { data: { name: 'Keep me' } });
      expect(await tenantB.update('companies', { id: row.id }, { data: { name: 'Stolen' } })).toEqual([]);
      expect(await tenantB.delete('companies', { id: row.id })).toBe(0);
      expect((await tenantA.selectOne<{ data: { name: string } }>('companies', { id: row.id }))?.data.name).toBe('Keep me');
    });

    it('filters with fragments and keeps the tenant condition', async () => {
      await tenantA.insert('companies', { data: { name: 'Main A', main: true } });
      await tenantB.insert('companies', { data: { name: 'Main B', main: true } });
      const main = await tenantA.select<{ data: { name: string } }>('companies', sql`data @> ${{ main: true }}`);
      expect(main.map((row) => row.data.name)).toEqual(['Main A']);
    });

    it('refuses a caller-supplied tenant_id', async () => {
      await expect(tenantA.insert('companies', { tenant_id: tenantB.tenantId, data: {} })).rejects.toThrow(/tenant_id/);
      await expect(tenantA.select('companies', { tenant_id: tenantB.tenantId })).rejects.toThrow(/tenant_id/);
    });

    it('rolls a transaction back when its work throws', async () => {
      await expect(
        tenantA.transaction(async (tx) => {
          await tx.insert('companies', { data: { name: 'Rolled back' } });
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await tenantA.select('companies', sql`data->>'name' = ${'Rolled back'}`)).toEqual([]);
    });
  });

  describe('concurrency', () => {
    it('answers many simultaneous queries of different shapes correctly, alongside a transaction', async () => {
      const pool = server.database.pool;
      const transaction = tenantA.transaction(async (tx) => {
        await tx.insert('companies', { data: { name: 'During load' } });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return (await tx.select('companies', sql`data->>'name' = ${'During load'}`)).length;
      });
      const answers = await Promise.all(
        Array.from({ length: 120 }, async (_, i) => {
          if (i % 3 === 0) return (await pool.query('SELECT $1::int AS value', [i])).rows[0].value === i;
          if (i % 3 === 1) return (await pool.query('SELECT $1::text AS a, $2::text AS b', [`v${i}`, 'x'])).rows[0].a === `v${i}`;
          return (await pool.query('SELECT $1::int + $2::int + $3::int AS sum', [i, 1, 2])).rows[0].sum === i + 3;
        }),
      );
      expect(answers.every(Boolean)).toBe(true);
      expect(await transaction).toBe(1);
    });
  });
});

describe.runIf(inject('postgresAdminUrl'))('migrations on a shared PostgreSQL', () => {
  it('let two servers starting at once take turns instead of racing', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const name = `fleetdesk_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pools = [createPool({ connectionString: url.toString() }), createPool({ connectionString: url.toString() })];
    // DROP … WITH (FORCE) below may still catch a connection that is closing: not an error here.
    for (const pool of pools) pool.on('error', () => {});
    try {
      const applied = await Promise.all(pools.map((pool) => migrate(pool)));
      const all = (await listMigrations()).map((migration) => migration.version);
      expect([...(applied[0] ?? []), ...(applied[1] ?? [])].sort()).toEqual(all);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
