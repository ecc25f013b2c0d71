/**
 * An admin adds a property to a schema file: after a restart the API accepts, validates, stores,
 * returns and filters it, and the OpenAPI document has it, with no migration and no code change.
 * The app is started on a copy of schemas/ with one property added.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en } from '../test-support/locale-text';
import { editedSchemas } from '../test-support/edited-schemas';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('a property added to a schema file on %s', (kind) => {
  let schemasDir: string;
  let test: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    schemasDir = await editedSchemas('company.json', (schema) => {
      schema.properties.fleet_code = { type: 'string', minLength: 2, maxLength: 10, 'x-list': true, 'x-filter': 'exact', 'x-sort': true };
    });
    test = await startTestApp(kind, { extra: { schemasDir } });
    owner = await registerUser(test.app);
  });
  afterAll(async () => {
    await test?.close();
    await fs.rm(schemasDir, { recursive: true, force: true });
  });

  it('is accepted, stored, returned, filtered and sorted', async () => {
    const created = await call(test.app, 'POST', '/api/companies/store', { name: 'Added field Ltd', fleet_code: 'FC-7' }, { token: owner.token });
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json<{ data: { id: number; fleet_code: string } }>();
    expect(data.fleet_code).toBe('FC-7');
    const stored = await test.database.pool.query('SELECT data FROM companies WHERE id = $1', [data.id]);
    expect((stored.rows[0] as { data: Record<string, unknown> }).data.fleet_code).toBe('FC-7');
    const shown = await call(test.app, 'GET', `/api/companies/show/${data.id}`, undefined, { token: owner.token });
    expect(shown.json<{ data: { fleet_code: string } }>().data.fleet_code).toBe('FC-7');
    const filtered = await call(test.app, 'GET', '/api/companies?fleet_code=FC-7&sort=fleet_code', undefined, { token: owner.token });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json<{ data: Array<{ id: number }> }>().data.map((record) => record.id)).toEqual([data.id]);
  });

  it('is validated by its rules', async () => {
    for (const [value, key] of [
      [42, 'validation.type.string'],
      ['x', 'validation.minLength'],
    ] as const) {
      const response = await call(test.app, 'POST', '/api/companies/store', { name: 'Bad field Ltd', fleet_code: value }, { token: owner.token });
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response).errors?.fleet_code).toEqual([en(key, { limit: 2 })]);
    }
  });

  it('is in the OpenAPI document', async () => {
    const response = await call(test.app, 'GET', '/api/openapi.json');
    const document = response.json<{
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      paths: Record<string, Record<string, { parameters: Array<{ name: string }> }>>;
    }>();
    expect(document.components.schemas.Company?.properties.fleet_code).toMatchObject({ type: 'string', maxLength: 10 });
    expect(document.paths['/api/companies']?.get?.parameters.map((parameter) => parameter.name)).toContain('fleet_code');
  });

  it('is unknown to a server started on the original schemas', async () => {
    const original = await startTestApp(kind);
    try {
      const user = await registerUser(original.app);
      const response = await call(original.app, 'POST', '/api/companies/store', { name: 'Plain Ltd', fleet_code: 'FC-7' }, { token: user.token });
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response).errors?.fleet_code).toEqual([en('validation.notAllowed')]);
    } finally {
      await original.close();
    }
  });
});
