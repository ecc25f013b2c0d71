/**
 * Two server processes on one PostgreSQL behind a load balancer (issue 16, point 6): what one of them
 * changes or counts, the other sees at once (what it keeps in memory, as soon as PostgreSQL's NOTIFY reaches it:
 * `seenThrough`). The test plays the balancer: it sends each
 * request to the process it chooses, with `X-Forwarded-For` naming the client (TRUST_PROXY=127.0.0.1).
 * - a token signed out, a member disabled, a right taken away through A: refused by B (sessions are cached in
 *   each process, dropped through NOTIFY, auth/session-cache.ts);
 * - sign-ins from one address alternating between A and B: limited at AUTH_RATE_LIMIT in all, not per process
 *   (plugins/rate-limit-store.ts); failed sign-ins of one account the same (auth/sign-in-throttle.ts);
 * - a department's name (a reference label), a tenant setting, an employee's name on the compliance page and a
 *   driver's contract in the order check (pages and obligations kept in each process, dropped through NOTIFY,
 *   compliance/change-watch.ts): changed through A, seen through B.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registrationBody, uniqueLogin } from './test-support/api-client';
import { startServerProcess, waitUntilListening, type ServerProcess } from './test-support/server-process';

const LIMIT = 4;
const FREE_FAILURES = 2;

interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: unknown; message?: string };
}

/** One process behind the balancer. */
interface Upstream {
  name: string;
  url: string;
  server: ServerProcess;
}

let addressCount = 0;
/** A new client address (TEST-NET-2): each caller its own per-address budget. */
const newClient = () => `198.51.100.${++addressCount}`;

async function send(to: Upstream, method: string, url: string, options: { body?: unknown; token?: string; client?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? '198.51.100.250' };
  if (method !== 'GET') headers['x-csrf-token'] = 'test-tab-token';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${to.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<Answer['body']> {
  const { status, body } = await answer;
  expect(status, `${what}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

const adminUrl = inject('postgresAdminUrl');

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * What B answers, from the first request after the change on, until it is what `expected` says: at once, or as
 * soon as B has heard A's NOTIFY (delivered at commit; milliseconds, but a request racing it can be first).
 * Bounded well below every cache's lifetime (sessions 5 s, pages 30 s), so an unheard change fails.
 */
const HEARD_WITHIN_MS = 1_000;
async function seenThrough<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + HEARD_WITHIN_MS;
  let seen = await read();
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    seen = await read();
  }
  expect(seen).toEqual(expected);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  let a: Upstream;
  let b: Upstream;
  const cleanUps: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    const name = `fleetdesk_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    cleanUps.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      AUTH_RATE_LIMIT: String(LIMIT),
      SIGN_IN_FREE_FAILURES: String(FREE_FAILURES),
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    // Both start at once on the empty database: migrations and the engine's tables take turns (advisory locks).
    const start = async (upstream: string) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `fleetdesk-multi-${upstream}-`));
      cleanUps.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      // Its own port; the log level must let "running at" through.
      const server = startServerProcess(dataDir, { ...env, LOG_LEVEL: 'info' });
      cleanUps.unshift(async () => {
        if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
        await server.exited;
      });
      return { name: upstream, server, url: await waitUntilListening(server) };
    };
    [a, b] = await Promise.all([start('A'), start('B')]);
  }, 180_000);

  afterAll(async () => {
    for (const cleanUp of cleanUps) await cleanUp();
  });

  /** Registers a tenant through `via`; answers its owner's token, company and login. */
  async function registerThrough(via: Upstream) {
    const body = registrationBody();
    const answer = await expectOk(send(via, 'POST', '/api/register', { body, client: newClient() }), 'register');
    const data = answer.data as { token: string; user: { id: number; company: { id: number } } };
    return { token: data.token, companyId: data.user.company.id, login: body.login, password: body.password };
  }

  /** A member made by the owner through `via`, signed in through `signInVia`. */
  async function memberThrough(via: Upstream, signInVia: Upstream, ownerToken: string, permissions: string[]) {
    const login = uniqueLogin('member');
    const password = 'member-password-1';
    const created = await expectOk(
      send(via, 'POST', '/api/users/store', {
        token: ownerToken,
        body: { login, password, name: 'Mia', last_name: 'Member', email: `${login}@example.com`, permissions },
      }),
      'create member',
    );
    const record = created.data as Record<string, unknown> & { id: number; version: number };
    const signedIn = await expectOk(send(signInVia, 'POST', '/api/login', { body: { login, password }, client: newClient() }), 'member sign-in');
    return { record, login, password, token: (signedIn.data as { token: string }).token };
  }

  const updateMember = (via: Upstream, ownerToken: string, record: Record<string, unknown>, changes: Record<string, unknown>) => {
    const { login, name, last_name, email, permissions, active, version } = record;
    return expectOk(
      send(via, 'PUT', `/api/users/update/${String(record.id)}`, {
        token: ownerToken,
        body: { login, name, last_name, email, permissions, active, version, ...changes },
      }),
      'update member',
    );
  };

  describe('sessions', () => {
    it('a token signed out through A is refused by B at once', async () => {
      const owner = await registerThrough(a);
      // B has the session now (it caches sessions for a few seconds).
      await expectOk(send(b, 'GET', '/api/profile/show', { token: owner.token }), 'B before');
      await expectOk(send(b, 'GET', '/api/profile/show', { token: owner.token }), 'B again');
      await expectOk(send(a, 'POST', '/api/logout', { token: owner.token }), 'sign out through A');
      await seenThrough(async () => (await send(b, 'GET', '/api/profile/show', { token: owner.token })).status, 401);
      expect((await send(a, 'GET', '/api/profile/show', { token: owner.token })).status).toBe(401);
    });

    it('a member disabled through A is refused by B at once, and a right taken away through A is refused by B at once', async () => {
      const owner = await registerThrough(a);
      const disabled = await memberThrough(a, b, owner.token, ['orders.view']);
      const narrowed = await memberThrough(a, b, owner.token, ['orders.view', 'departments.view']);
      for (const member of [disabled, narrowed]) await expectOk(send(b, 'GET', '/api/orders', { token: member.token }), 'orders on B before');

      await updateMember(a, owner.token, disabled.record, { active: false });
      await seenThrough(async () => (await send(b, 'GET', '/api/orders', { token: disabled.token })).status, 401);

      await updateMember(a, owner.token, narrowed.record, { permissions: ['departments.view'] });
      await seenThrough(async () => (await send(b, 'GET', '/api/orders', { token: narrowed.token })).status, 403);
      await expectOk(send(b, 'GET', '/api/departments', { token: narrowed.token }), 'the right kept');
    });
  });

  describe('limits', () => {
    it(`counts sign-ins from one address across both: the ${LIMIT + 1}th is refused, wherever it goes`, async () => {
      const client = newClient();
      const statuses: string[] = [];
      for (let attempt = 1; attempt <= LIMIT + 2; attempt++) {
        const via = attempt % 2 ? a : b;
        // Each attempt another login: only the per-address limit is at work here.
        const answer = await send(via, 'POST', '/api/login', { body: { login: uniqueLogin('nobody'), password: 'not-the-password' }, client });
        statuses.push(`${via.name}:${answer.status}`);
      }
      // Counted per process, each would allow LIMIT: all six would be 422.
      expect(statuses).toEqual(['A:422', 'B:422', 'A:422', 'B:422', 'A:429', 'B:429']);
      // Another address is not affected.
      expect((await send(b, 'POST', '/api/login', { body: { login: uniqueLogin('nobody'), password: 'x-password-1' }, client: newClient() })).status).toBe(422);
    });

    it('counts failed sign-ins of one account across both processes and any addresses', async () => {
      const owner = await registerThrough(a);
      const attempt = (via: Upstream, password: string) => send(via, 'POST', '/api/login', { body: { login: owner.login, password }, client: newClient() });
      expect((await attempt(a, 'wrong-password-1')).status).toBe(422);
      expect((await attempt(b, 'wrong-password-2')).status).toBe(422);
      // FREE_FAILURES reached through the two together: the next attempt waits, on either process.
      const waiting = await attempt(a, 'wrong-password-3');
      expect(waiting.status).toBe(429);
      expect((await attempt(b, owner.password)).status, 'even the right password waits its turn').toBe(429);
    });
  });

  describe('what one process may keep', () => {
    it('a department renamed through A is listed by its new name through B (a reference label)', async () => {
      const owner = await registerThrough(a);
      const created = await expectOk(send(a, 'POST', '/api/departments/store', { token: owner.token, body: { name: 'Night shift' } }), 'department');
      const department = created.data as { id: number; version: number };
      const labels = async () => {
        const body = await expectOk(send(b, 'GET', `/api/departments?ids=${department.id}`, { token: owner.token }), 'labels on B');
        return (body.data as { name: string }[]).map((row) => row.name);
      };
      expect(await labels()).toEqual(['Night shift']);
      await expectOk(
        send(a, 'PUT', `/api/departments/update/${department.id}`, { token: owner.token, body: { name: 'Late shift', version: department.version } }),
        'rename through A',
      );
      await seenThrough(labels, ['Late shift']);
    });

    it("an order saved through A counts in B's search total, which B keeps between requests (engine/list-totals.ts)", async () => {
      const owner = await registerThrough(a);
      const total = async () =>
        ((await expectOk(send(b, 'GET', '/api/orders?search=Kept+Across+Processes', { token: owner.token }), 'search on B')).pagination as { total: number })
          .total;
      expect(await total()).toBe(0);
      expect(await total()).toBe(0); // now kept by B
      await expectOk(
        send(a, 'POST', '/api/orders/store', {
          token: owner.token,
          body: { cargo_number: 'KEPT-2', customer: 'Kept Across Processes', loading_date: '2026-05-05' },
        }),
        'order through A',
      );
      await seenThrough(total, 1);
    });

    it('a tenant setting changed through A is read through B', async () => {
      const owner = await registerThrough(a);
      const setting = async () =>
        ((await expectOk(send(b, 'GET', '/api/settings/tenant', { token: owner.token }), 'settings on B')).data as { orders_block_on_compliance: boolean })
          .orders_block_on_compliance;
      expect(await setting()).toBe(false);
      await expectOk(send(a, 'PUT', '/api/settings/tenant', { token: owner.token, body: { orders_block_on_compliance: true } }), 'change through A');
      await seenThrough(setting, true);
    });

    it("an employee renamed through A shows by the new name on B's compliance page, which B keeps in memory", async () => {
      const owner = await registerThrough(a);
      const created = await expectOk(
        send(a, 'POST', `/api/employees/${owner.companyId}/store`, {
          token: owner.token,
          body: { name: 'Olga', last_name: 'Driver', category: 'staff', contract_type: '2', contract_end_date: day(12) },
        }),
        'employee',
      );
      const employee = created.data as Record<string, unknown> & { id: number };
      const labels = async () => {
        const body = await expectOk(send(b, 'GET', '/api/compliance?subject_type=employee', { token: owner.token }), 'compliance on B');
        return (body.data as { subject: { id: number; label: string } }[]).filter((item) => item.subject.id === employee.id).map((item) => item.subject.label);
      };
      expect(await labels()).toEqual(['Olga Driver']);
      expect(await labels(), 'kept by B').toEqual(['Olga Driver']);
      await expectOk(
        send(a, 'PUT', `/api/employees/${owner.companyId}/update/${employee.id}`, {
          token: owner.token,
          body: { name: 'Olena', last_name: 'Driver', category: 'staff', contract_type: '2', contract_end_date: day(12), version: employee.version },
        }),
        'rename through A',
      );
      await seenThrough(labels, ['Olena Driver']);
    });

    it("a driver's contract extended through A no longer warns in B's order check, which keeps the parties' obligations", async () => {
      const owner = await registerThrough(a);
      const person = { name: 'Pavel', last_name: 'Driver', category: 'staff', contract_type: '2' };
      const created = await expectOk(
        send(a, 'POST', `/api/employees/${owner.companyId}/store`, { token: owner.token, body: { ...person, contract_end_date: day(20) } }),
        'employee',
      );
      const driver = created.data as { id: number; version: number };
      const warnings = async () => {
        const trip = { loading_date: day(10), unloading_date: day(30), primary_driver_id: driver.id };
        const body = await expectOk(send(b, 'POST', '/api/orders/check', { token: owner.token, body: trip }), 'order check on B');
        return (body.warnings as { kind: string; valid_until: string }[]).map((warning) => `${warning.kind} ${warning.valid_until}`);
      };
      expect(await warnings()).toEqual([`contract ${day(20)}`]);
      expect(await warnings(), 'kept by B').toEqual([`contract ${day(20)}`]);
      await expectOk(
        send(a, 'PUT', `/api/employees/${owner.companyId}/update/${driver.id}`, {
          token: owner.token,
          body: { ...person, contract_end_date: day(400), version: driver.version },
        }),
        'extend through A',
      );
      await seenThrough(warnings, []);
    });
  });
});
