/**
 * Sessions are cached per server process (auth/session-cache.ts), yet a change to a member applies to
 * their very next request: a write through this process clears the cache at once, whoever makes it
 * (routes or any other code on the pool), and on PostgreSQL a write by another process is heard through
 * NOTIFY (migration 005) within moments.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('cached sessions on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  const orders = (token: string) => call(test.app, 'GET', '/api/orders', undefined, { token });
  const revokeRights = `UPDATE users SET data = jsonb_set(data, '{permissions}', '[]'::jsonb) WHERE id = $1`;

  it("a right removed by any statement on the server's pool applies to the next request", async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await orders(member.token)).statusCode).toBe(200);
    expect((await orders(member.token)).statusCode).toBe(200);
    await test.database.pool.query(revokeRights, [member.id]);
    expect((await orders(member.token)).statusCode).toBe(403);
  });

  it('a token deleted inside a transaction stops working once it commits, not before a rollback', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await orders(member.token)).statusCode).toBe(200);
    await expect(
      test.database.transaction(async (client) => {
        await client.query('DELETE FROM auth_tokens WHERE user_id = $1', [member.id]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await orders(member.token)).statusCode).toBe(200);
    await test.database.transaction((client) => client.query('DELETE FROM auth_tokens WHERE user_id = $1', [member.id]));
    expect((await orders(member.token)).statusCode).toBe(401);
  });

  it.skipIf(kind !== 'postgres')('a member disabled by another process on the same PostgreSQL is refused within moments', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await orders(member.token)).statusCode).toBe(200);
    // A plain pg client, not this process's pool: only NOTIFY can tell the server.
    const other = new pg.Client({ connectionString: test.config.databaseUrl as string });
    await other.connect();
    try {
      await other.query(`UPDATE users SET data = data || '{"active": false}'::jsonb WHERE id = $1`, [member.id]);
    } finally {
      await other.end();
    }
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await orders(member.token)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});
