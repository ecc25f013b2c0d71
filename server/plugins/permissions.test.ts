/**
 * The permission matrix, generated from the registry and the routes as they registered: for every
 * protected /api route, a member holding every right but the one it needs (every one of them, where any
 * will do: a list whose labels referencing resources' members read) gets 403 and the database is
 * unchanged; for the generated endpoints, a member holding that right (and every other) succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '../../resources/permissions';
import type { Endpoint } from '../../resources/types';
import type { Database } from '../db/database';
import { tableName } from '../engine/model';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker, uniqueFieldValues, type Made } from '../test-support/engine-records';
import { en, localeText } from '../test-support/locale-text';
import { createMember, type Member, storeRights } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { SIGNED_IN } from './auth';

type Action = 'list' | 'show' | 'create' | 'update' | 'delete';
const ACTIONS: Action[] = ['list', 'show', 'create', 'update', 'delete'];

/** Rows and versions of every table a request could change, for one tenant: equal means nothing changed. */
async function fingerprint(database: Database, tenantId: number): Promise<string> {
  const tables = [...new Set(['users', 'companies', 'files', 'audit_log', ...model.resources.map((resource) => tableName(resource.name))])];
  const parts: string[] = [];
  for (const table of tables) {
    const versioned = table !== 'files' && table !== 'audit_log';
    const result = await database.pool.query(
      `SELECT count(*)::text || '/' || ${versioned ? 'coalesce(sum(version), 0)::text' : "''"} AS part FROM "${table}" WHERE tenant_id = $1`,
      [tenantId],
    );
    parts.push(`${table}:${(result.rows[0] as { part: string }).part}`);
  }
  return parts.join(' ');
}

/** A route's rights, any one of which will do, as one key. */
const rightsKey = (permission: string | readonly string[]) => [permission].flat().join(' | ');

/** `/api/employees/:employeeId/documents/:documentId/status/store` with every parameter an id of nothing. */
const filled = (url: string) => url.replace(/:\w+/g, '987654321');

describe.each(databases)('rights on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let tenantId: number;
  let maker: RecordMaker;
  /** Holds every right (not an administrator). */
  let allowed: Member;
  /** Per right (or rights any one of which will do: rightsKey): a member holding every right but those. */
  const lacking = new Map<string, Member>();

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    tenantId = ((await test.database.pool.query('SELECT tenant_id FROM users WHERE id = $1', [owner.user.id])).rows[0] as { tenant_id: number }).tenant_id;
    maker = new RecordMaker(test.app, owner.token);
    allowed = await createMember(test.app, owner.token, { permissions: allPermissions() });
    const needed = new Map(
      test.app.apiRoutes.flatMap((route) =>
        route.permission && route.permission !== SIGNED_IN ? [[rightsKey(route.permission), [route.permission].flat()]] : [],
      ),
    );
    for (const [key, rights] of needed) {
      // Stored as it is: the member dialog and the API no longer give Create without View, yet such members may exist.
      const member = await createMember(test.app, owner.token);
      const permissions = allPermissions().filter((right) => !rights.includes(right));
      await storeRights(test.database.pool, member.id, permissions);
      lacking.set(key, member);
    }
  }, 120_000);
  afterAll(async () => test?.close());

  it('every protected route declares a right of the registry, or only asks for a signed-in member', () => {
    const protectedRoutes = test.app.apiRoutes.filter((route) => route.permission !== undefined);
    expect(protectedRoutes.length).toBeGreaterThan(90);
    const known = new Set([...allPermissions(), SIGNED_IN]);
    for (const route of protectedRoutes)
      for (const right of [route.permission ?? []].flat()) expect(known.has(right), `${route.method} ${route.url}`).toBe(true);
    // The public ones are exactly the sign-in flow, the health probe and the API's own description.
    const open = test.app.apiRoutes.filter((route) => route.permission === undefined).map((route) => route.url);
    expect(new Set(open)).toEqual(
      new Set(['/api/health', '/api/login', '/api/register', '/api/forget-password', '/api/update-password', '/api/openapi.json', '/api/docs']),
    );
  });

  it('a member without the right gets 403 on every protected route, and nothing changes; with it, the route answers', async () => {
    const guarded = test.app.apiRoutes.filter((route) => route.permission && route.permission !== SIGNED_IN);
    for (const route of guarded) {
      const member = lacking.get(rightsKey(route.permission ?? [])) as Member;
      const before = await fingerprint(test.database, tenantId);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { name: 'Changed', version: 1 };
      const response = await call(test.app, route.method as 'GET', filled(route.url), body, { token: member.token });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(403);
      expect(response.json().message).toBe(en('errors.forbidden'));
      expect(await fingerprint(test.database, tenantId), `${route.method} ${route.url}`).toBe(before);
      // Holding the right gets past the check (ids of nothing here: a 404 or a 422 from the route itself).
      const passed = await call(test.app, route.method as 'GET', filled(route.url), body, { token: allowed.token });
      expect(passed.statusCode, `${route.method} ${route.url} with the right: ${passed.body}`).not.toBe(403);
      expect(passed.statusCode, `${route.method} ${route.url} with the right: ${passed.body}`).toBeLessThan(500);
    }
  });

  const creatable = model.resources.filter((resource) => isCreatable(resource));

  it.each(creatable.map((resource) => [resource.name, resource] as const))(
    '%s: each generated endpoint refuses the member lacking its right and serves the one holding it',
    async (_name, resource) => {
      const made: Made = await maker.make(resource);
      const url = (action: Action) => endpointUrl(resource.definition.api[action] as Endpoint, made.params);
      const bodyOf = (action: Action, version: number) =>
        action === 'create'
          ? { ...made.body, ...uniqueFieldValues(resource) }
          : action === 'update'
            ? { ...made.body, ...uniqueFieldValues(resource), version }
            : undefined;
      const rightOf = { list: 'view', show: 'view', create: 'create', update: 'update', delete: 'delete' } as const;
      const present = ACTIONS.filter((action) => resource.definition.api[action]);

      for (const action of present) {
        const endpoint = resource.definition.api[action] as Endpoint;
        const route = test.app.apiRoutes.find(
          (candidate) => candidate.method === endpoint.method && candidate.url === `/api${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`,
        );
        expect([route?.permission].flat(), action).toContain(`${resource.definition.permission}.${rightOf[action]}`);
        const member = lacking.get(rightsKey(route?.permission ?? [])) as Member;
        const before = await fingerprint(test.database, tenantId);
        const response = await call(test.app, endpoint.method, url(action), bodyOf(action, 1), { token: member.token });
        expect(response.statusCode, `${action}: ${response.body}`).toBe(403);
        expect(await fingerprint(test.database, tenantId), action).toBe(before);
      }
      let version = 1;
      for (const action of present) {
        const endpoint = resource.definition.api[action] as Endpoint;
        const response = await call(test.app, endpoint.method, url(action), bodyOf(action, version), { token: allowed.token });
        expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
        if (action === 'update') version += 1;
      }
    },
  );

  it('a member without any right sees only what every member may: their profile and the lookups', async () => {
    const nobody = await createMember(test.app, owner.token, { permissions: [] });
    for (const url of ['/api/profile/show', '/api/countries', '/api/currencies', '/api/app/load-data']) {
      expect((await call(test.app, 'GET', url, undefined, { token: nobody.token })).statusCode, url).toBe(200);
    }
    for (const url of ['/api/orders', '/api/employees', '/api/users', '/api/transport/all', '/api/audit-log']) {
      expect((await call(test.app, 'GET', url, undefined, { token: nobody.token })).statusCode, url).toBe(403);
    }
  });

  it('a changed right applies to the member’s next request', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await call(test.app, 'GET', '/api/orders', undefined, { token: member.token })).statusCode).toBe(200);
    const update = await call(
      test.app,
      'PUT',
      `/api/users/update/${member.id}`,
      { version: member.record.version, permissions: ['transport.view'] },
      { token: owner.token },
    );
    expect(update.statusCode, update.body).toBe(200);
    expect((await call(test.app, 'GET', '/api/orders', undefined, { token: member.token })).statusCode).toBe(403);
    expect((await call(test.app, 'GET', '/api/transport', undefined, { token: member.token })).statusCode).toBe(200);
  });

  it('answers 403 in the member’s language', async () => {
    const member = lacking.get('orders.view') as Member;
    const response = await call(test.app, 'GET', '/api/orders', undefined, { token: member.token, language: 'de' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(localeText('de', 'errors.forbidden'));
  });
});
