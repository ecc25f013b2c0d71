/**
 * Text the database cannot store (U+0000, an unpaired surrogate) is a 422 naming its field on every route,
 * never a 500: sent in a JSON body to every route that takes one, in the query string and in the path, and
 * in a multipart text field; nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { multipart, PNG } from '../test-support/files';
import { model, RecordMaker } from '../test-support/engine-records';
import { startTestApp, type TestApp } from '../test-support/test-app';
import type { EngineResource } from '../engine/model';

const BAD_TEXTS = ['nul\u0000inside', '\ud800 alone', 'lone low \udc00', 'bell\u0007ring', 'escape \u001b[31m red'];

describe.each(databases)('unstorable text on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  /** Every route with its path parameters filled with 1 (a 404 for a missing id is fine: not a 500). */
  const routes = () =>
    test.app.apiRoutes
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      .map((route) => ({ method: route.method as 'POST' | 'PUT' | 'DELETE', url: route.url.replace(/:\w+/g, '1') }));

  it('answers 422 on the field, never 5xx, for a JSON body carrying it, on every route that takes a body', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      for (const text of BAD_TEXTS) {
        const body = { name: text, statuses: [{ name: text }], login: text, password: text, email: text };
        const response = await call(test.app, route.method, route.url, body, { token: owner.token });
        if (response.statusCode >= 500) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
        else if (response.statusCode === 422 && route.url !== '/api/logout') {
          const errors = response.json<{ errors?: Record<string, string[]> }>().errors ?? {};
          if (Object.keys(errors).length === 0) failures.push(`${route.method} ${route.url}: 422 without field errors`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses it in the list the status route takes, in a query string and in a path', async () => {
    const type = await call(
      test.app,
      'POST',
      '/api/documents/store',
      { name: 'Licence', short_name: 'LIC', statuses: [{ name: 'Valid' }] },
      { token: owner.token },
    );
    const typeId = type.json<{ data: { id: number } }>().data.id;
    const status = await call(test.app, 'POST', `/api/documents/${typeId}/status/store`, { statuses: [{ name: 'bad\u0000' }] }, { token: owner.token });
    expect(status.statusCode, status.body).toBe(422);
    expect(Object.keys(status.json<{ errors: object }>().errors)).toEqual(['statuses']);
    const rename = await call(test.app, 'PUT', `/api/documents/${typeId}/status/update/1`, { name: '\ud800' }, { token: owner.token });
    expect(rename.statusCode, rename.body).toBe(422);
    for (const url of ['/api/employees?search=a%00b', '/api/orders?customer=%00', `/api/documents/${typeId}%00/usage`]) {
      const response = await call(test.app, 'GET', url, undefined, { token: owner.token });
      expect(response.statusCode, url).toBeLessThan(500);
      expect([404, 422], url).toContain(response.statusCode);
    }
    const stored = await test.database.pool.query(`SELECT data FROM r_hr_document_types WHERE id = $1`, [typeId]);
    expect((stored.rows[0] as { data: { statuses: unknown[] } }).data.statuses).toHaveLength(1);
  });

  it('refuses it in a multipart text field, writing nothing', async () => {
    const vehicle = await new RecordMaker(test.app, owner.token).make(model.byName.get('transport') as EngineResource);
    const form = multipart([
      { field: 'type', content: 'repair' },
      { field: 'description', content: 'oil\u0000change' },
      { field: 'repair_files[]', fileName: 'scan.png', contentType: 'image/png', content: PNG },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/transport/repairs/store/${vehicle.id}`,
      headers: { authorization: `Bearer ${owner.token}`, ...CSRF, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['description']);
    expect((await test.database.pool.query('SELECT id FROM r_repairs')).rows).toEqual([]);
  });
});
