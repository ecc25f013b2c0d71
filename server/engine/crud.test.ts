/**
 * The generated API over the whole registry, on every database: round trip, each validation rule,
 * mass assignment, stale versions and tenant isolation. Resources are iterated, not listed, so a new
 * resource is covered the moment it is in the registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import type { PropertySchema } from '../../validation/prepare-schema';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker, uniqueFieldValues, type Made } from '../test-support/engine-records';
import { en, localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { refOf, typeOf } from './entity-schemas';
import { endpointsOf, type EngineResource } from './model';

const creatable = model.resources.filter((resource) => isCreatable(resource));

/** Values that break one rule of a property each (a wrong type always breaks one). */
function invalidValues(property: PropertySchema): unknown[] {
  const values: unknown[] = [];
  const type = typeOf(property);
  values.push(type === 'string' ? 12345 : type === 'array' || type === 'object' ? 'text' : 'text');
  if (refOf(property)) values.push(987_654_321);
  if (Array.isArray(property.enum)) values.push(typeof property.enum[0] === 'number' ? 987_654 : 'not-a-value');
  if (type === 'string') {
    if (typeof property.minLength === 'number' && property.minLength > 1) values.push('A'.repeat(property.minLength - 1));
    if (typeof property.maxLength === 'number') values.push('A'.repeat(property.maxLength + 1));
    if (typeof property.format === 'string') values.push(property.format === 'not-blank' ? '   ' : property.format === 'latin' ? 'Привіт' : 'bad value ✗');
    if (typeof property.pattern === 'string') values.push('!!!');
    if (property['x-not-after-today']) values.push('2999-01-01');
  }
  if (type === 'integer' || type === 'number') {
    if (typeof property.minimum === 'number') values.push(property.minimum - 1);
    if (typeof property.maximum === 'number') values.push(property.maximum + 1);
    // A step of 0.01 (money) refuses 1.001.
    if (typeof property.multipleOf === 'number') values.push(1 + property.multipleOf / 10);
    if (type === 'integer') values.push(1.5);
    if (property['x-not-after-this-year']) values.push(new Date().getUTCFullYear() + 2);
  }
  return values;
}

async function tableCount(test: TestApp, resource: EngineResource): Promise<number> {
  const result = await test.database.pool.query(`SELECT count(*) AS total FROM "${resource.table}"`);
  return Number((result.rows[0] as { total: number }).total);
}

describe.each(databases)('the generated API on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let maker: RecordMaker;
  let strangerMaker: RecordMaker;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
    strangerMaker = new RecordMaker(test.app, stranger.token);
  });
  afterAll(async () => test?.close());

  it('lists the main company made at registration under /api/companies', async () => {
    const response = await call(test.app, 'GET', '/api/companies', undefined, { token: owner.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Array<{ id: number; name: string; main: boolean }>; pagination: { total: number } }>();
    expect(body.data).toEqual([expect.objectContaining({ id: owner.user.company.id, name: owner.user.company.name, main: true })]);
    expect(body.pagination).toEqual({ total: 1, currentPage: 1, perPage: 10, lastPage: 1, nextCursor: null, previousCursor: null });
  });

  it.each(creatable.map((resource) => [resource.name, resource] as const))('%s: create, show, list, update and delete round trip', async (_name, resource) => {
    const { api } = resource.definition;
    const made = await maker.make(resource);
    expect(made.record).toMatchObject({ version: 1, created_by: owner.user.id, updated_by: owner.user.id });
    for (const [field, value] of Object.entries(made.body)) {
      if (resource.properties[field]?.writeOnly) expect(made.record).not.toHaveProperty(field);
      // Items may come back with what the server gives them (a document type's statuses get their ids).
      else if (value !== null && typeof value === 'object') expect(made.record[field], field).toMatchObject(value);
      else expect(made.record[field], field).toEqual(value);
    }
    if (resource.definition.parent) expect(made.record[resource.definition.parent.field]).toBe(made.params[resource.definition.parent.param]);

    if (api.show) {
      const shown = await call(test.app, 'GET', endpointUrl(api.show, made.params), undefined, { token: owner.token });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json<{ data: unknown }>().data).toEqual(made.record);
    }
    if (api.list) {
      const listed = await call(test.app, 'GET', `${endpointUrl(api.list, made.params)}?perPage=100`, undefined, { token: owner.token });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<{ data: Array<Record<string, unknown>> }>().data.map((record) => record[resource.idField])).toContain(made.id);
    }
    if (api.update) {
      const updated = await call(
        test.app,
        'PUT' === api.update.method ? 'PUT' : 'POST',
        endpointUrl(api.update, made.params),
        { ...made.body, version: 1 },
        { token: owner.token },
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ message: en('crud.updated'), data: { version: 2, [resource.idField]: made.id } });
      const stale = await call(test.app, api.update.method, endpointUrl(api.update, made.params), { ...made.body, version: 1 }, { token: owner.token });
      expect(stale.statusCode).toBe(409);
      expect(expectErrorShape(stale).message).toBe(en('errors.stale'));
      const noVersion = await call(test.app, api.update.method, endpointUrl(api.update, made.params), made.body, { token: owner.token });
      expect(noVersion.statusCode).toBe(422);
      expect(expectErrorShape(noVersion).errors?.version).toEqual([en('validation.required')]);
    }
    if (api.delete) {
      const deleted = await call(test.app, 'DELETE', endpointUrl(api.delete, made.params), undefined, { token: owner.token });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: en('crud.deleted') });
      const again = await call(test.app, 'DELETE', endpointUrl(api.delete, made.params), undefined, { token: owner.token });
      expect(again.statusCode).toBe(404);
      if (api.show) expect((await call(test.app, 'GET', endpointUrl(api.show, made.params), undefined, { token: owner.token })).statusCode).toBe(404);
    }
  });

  it.each(creatable.map((resource) => [resource.name, resource] as const))(
    '%s: every rule of every field answers 422 naming the field, and stores nothing',
    async (_name, resource) => {
      const endpoint = resource.definition.api.create as Endpoint;
      const refs = await maker.refs(resource);
      const params = await maker.pathParams(resource, refs);
      const valid = (await maker.make(resource)).body;
      const before = await tableCount(test, resource);
      const fromPath = new Set(Object.values(resource.pathFields));
      const cases: Array<{ field: string; body: Record<string, unknown> }> = [];
      for (const [field, property] of Object.entries(resource.properties)) {
        if (property.readOnly || fromPath.has(field)) continue;
        for (const value of invalidValues(property)) cases.push({ field, body: { ...valid, [field]: value } });
      }
      for (const field of resource.loaded.schema.required ?? []) {
        if (fromPath.has(field)) continue;
        const { [field]: _dropped, ...body } = valid;
        cases.push({ field, body });
      }
      cases.push({ field: 'not_a_field', body: { ...valid, not_a_field: 'x' } });
      for (const { field, body } of cases) {
        const response = await call(test.app, 'POST', endpointUrl(endpoint, params), body, { token: owner.token });
        expect(response.statusCode, `${field} = ${JSON.stringify(body[field])}: ${response.body}`).toBe(422);
        const errors = expectErrorShape(response).errors ?? {};
        expect(
          Object.keys(errors).some((name) => name === field || name.startsWith(`${field}.`)),
          `${field}: ${response.body}`,
        ).toBe(true);
      }
      expect(await tableCount(test, resource)).toBe(before);
    },
  );

  it.each(creatable.map((resource) => [resource.name, resource] as const))(
    '%s: ids, tenant, authors and version in a body are ignored',
    async (_name, resource) => {
      const refs = await maker.refs(resource);
      const params = await maker.pathParams(resource, refs);
      const { body } = await maker.make(resource);
      const forged = {
        ...body,
        ...uniqueFieldValues(resource),
        id: 999_999,
        [resource.idField]: 999_998,
        tenant_id: stranger.user.id,
        created_by: stranger.user.id,
        updated_by: stranger.user.id,
        created_at: '2000-01-01T00:00:00Z',
        version: 77,
      };
      if (resource.definition.parent) forged[resource.definition.parent.field] = 999_997;
      const response = await call(test.app, 'POST', endpointUrl(resource.definition.api.create as Endpoint, params), forged, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      const record = response.json<{ data: Record<string, unknown> }>().data;
      expect(record[resource.idField]).not.toBe(999_998);
      expect(record).toMatchObject({ created_by: owner.user.id, updated_by: owner.user.id, version: 1 });
      expect(record.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      if (resource.definition.parent) expect(record[resource.definition.parent.field]).toBe(params[resource.definition.parent.param]);
      const stored = await test.database.pool.query(`SELECT tenant_id FROM "${resource.table}" WHERE id = $1`, [record[resource.idField]]);
      expect(Number((stored.rows[0] as { tenant_id: number }).tenant_id)).toBe(Number(owner.user.company && (await tenantOf(test, owner))));
    },
  );

  it.each(creatable.map((resource) => [resource.name, resource] as const))(
    '%s: another tenant gets 404 on show, update and delete, never sees it listed, and changes nothing',
    async (_name, resource) => {
      const { api } = resource.definition;
      const made: Made = await maker.make(resource);
      const snapshot = await test.database.pool.query(`SELECT data, version, updated_at FROM "${resource.table}" WHERE id = $1`, [made.id]);
      // The stranger's own parent/path records, so only the record id is foreign (and also all-foreign paths).
      const own = strangerMaker.creatable(resource) ? await strangerMaker.make(resource) : null;
      const pathVariants = [made.params, ...(own ? [{ ...own.params, id: made.id }] : [])];
      for (const params of pathVariants) {
        if (api.show) expect((await call(test.app, 'GET', endpointUrl(api.show, params), undefined, { token: stranger.token })).statusCode).toBe(404);
        if (api.update) {
          const response = await call(test.app, api.update.method, endpointUrl(api.update, params), { ...made.body, version: 1 }, { token: stranger.token });
          expect(response.statusCode, response.body).toBe(404);
          expect(expectErrorShape(response).message).toBe(en('errors.notFound'));
        }
        if (api.delete) expect((await call(test.app, 'DELETE', endpointUrl(api.delete, params), undefined, { token: stranger.token })).statusCode).toBe(404);
      }
      if (api.list && own) {
        const listed = await call(test.app, 'GET', `${endpointUrl(api.list, own.params)}?perPage=100`, undefined, { token: stranger.token });
        expect(listed.statusCode).toBe(200);
        const ids = listed.json<{ data: Array<Record<string, unknown>> }>().data.map((record) => record[resource.idField]);
        expect(ids).not.toContain(made.id);
      }
      if (api.list && (resource.definition.parent || Object.keys(resource.pathFields).some((param) => api.list?.path.includes(`{${param}}`)))) {
        // The owner's parent in the stranger's list URL: 404, like a missing parent.
        expect((await call(test.app, 'GET', endpointUrl(api.list, made.params), undefined, { token: stranger.token })).statusCode).toBe(404);
      }
      const after = await test.database.pool.query(`SELECT data, version, updated_at FROM "${resource.table}" WHERE id = $1`, [made.id]);
      expect(after.rows).toEqual(snapshot.rows);
    },
  );

  it('answers in the request’s language', async () => {
    for (const language of ['de', 'uk', 'el']) {
      const created = await call(test.app, 'POST', '/api/companies/store', { name: `Sprache ${language}` }, { token: owner.token, language });
      expect(created.json()).toMatchObject({ message: localeText(language, 'crud.created') });
      const { id } = created.json<{ data: { id: number } }>().data;
      const stale = await call(test.app, 'PUT', `/api/companies/update/${id}`, { version: 5 }, { token: owner.token, language });
      expect(stale.statusCode).toBe(409);
      expect(expectErrorShape(stale).message).toBe(localeText(language, 'errors.stale'));
    }
  });

  it('refuses a country or a currency no picker offers, on its field, and stores nothing', async () => {
    const banks = `/api/${owner.user.company.id}/banks`;
    const before = (await call(test.app, 'GET', banks, undefined, { token: owner.token })).json<{ data: unknown[] }>().data.length;
    const body = { account_name: 'Main', bank_name: 'Bank', iban: 'DE89370400440532013000', currency: 'ZZZ', bank_country: 'ZZ' };
    const refused = await call(test.app, 'POST', `${banks}/store`, body, { token: owner.token });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(expectErrorShape(refused).errors).toEqual({ currency: [en('validation.format.currency')], bank_country: [en('validation.format.country')] });
    expect((await call(test.app, 'GET', banks, undefined, { token: owner.token })).json<{ data: unknown[] }>().data).toHaveLength(before);
    const taken = await call(test.app, 'POST', `${banks}/store`, { ...body, currency: 'EUR', bank_country: 'DE' }, { token: owner.token });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('stores a text without the white space typed around it, and an IBAN in one piece in capitals', async () => {
    const created = await call(test.app, 'POST', '/api/companies/store', { name: '  Trimmed Haulage  ', address: ' Main street 1 ' }, { token: owner.token });
    expect(created.statusCode, created.body).toBe(200);
    const company = created.json<{ data: { id: number; name: string; address: string } }>().data;
    expect(company).toMatchObject({ name: 'Trimmed Haulage', address: 'Main street 1' });
    const updated = await call(test.app, 'PUT', `/api/companies/update/${company.id}`, { version: 1, name: 'Trimmed Haulage GmbH ' }, { token: owner.token });
    expect(updated.json<{ data: { name: string } }>().data.name).toBe('Trimmed Haulage GmbH');
    const banks = `/api/${owner.user.company.id}/banks`;
    const body = { account_name: ' Fuel ', bank_name: 'Bank', iban: 'gb82 west 1234 5698 7654 32', currency: 'EUR' };
    const bank = await call(test.app, 'POST', `${banks}/store`, body, { token: owner.token });
    expect(bank.statusCode, bank.body).toBe(200);
    const { id } = bank.json<{ data: { id: number } }>().data;
    const stored = await test.database.pool.query(`SELECT data FROM "${model.byName.get('company-banks')?.table ?? ''}" WHERE id = $1`, [id]);
    expect((stored.rows[0] as { data: Record<string, unknown> }).data).toMatchObject({ account_name: 'Fuel', iban: 'GB82WEST12345698765432' });
  });

  it('keeps fields an update does not send, and clears optional ones sent empty', async () => {
    const created = await call(
      test.app,
      'POST',
      '/api/companies/store',
      { name: 'Partial Ltd', email: 'office@example.com', address: 'Main street 1' },
      { token: owner.token },
    );
    const { id } = created.json<{ data: { id: number } }>().data;
    const updated = await call(
      test.app,
      'PUT',
      `/api/companies/update/${id}`,
      { version: 1, address: '', company_name: 'Partial Limited' },
      { token: owner.token },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const { data } = updated.json<{ data: Record<string, unknown> }>();
    expect(data).toMatchObject({ name: 'Partial Ltd', email: 'office@example.com', company_name: 'Partial Limited', version: 2 });
    expect(data).not.toHaveProperty('address');
    const emptied = await call(test.app, 'PUT', `/api/companies/update/${id}`, { version: 2, name: '' }, { token: owner.token });
    expect(emptied.statusCode).toBe(422);
    expect(expectErrorShape(emptied).errors?.name).toEqual([en('validation.required')]);
  });

  // Read-only derived fields; a writable one (a department's members) is written through its rule, tested with it.
  const readOnlyDerived = (resource: EngineResource) => Object.keys(resource.derived).filter((field) => resource.properties[field]?.readOnly === true);
  it.each(creatable.filter((resource) => readOnlyDerived(resource).length > 0).map((resource) => [resource.name, resource] as const))(
    '%s: derived fields are computed, returned and cannot be written',
    async (_name, resource) => {
      const forgedValue = (type: unknown) => (type === 'string' ? 'forged' : type === 'boolean' ? true : 4242);
      const forged = Object.fromEntries(readOnlyDerived(resource).map((field) => [field, forgedValue(resource.properties[field]?.type)]));
      const made = await maker.make(resource, forged);
      for (const field of readOnlyDerived(resource)) expect(made.record[field], field).not.toEqual(forged[field]);
      const stored = await test.database.pool.query(`SELECT data FROM "${resource.table}" WHERE id = $1`, [made.id]);
      for (const field of readOnlyDerived(resource)) expect((stored.rows[0] as { data: object }).data).not.toHaveProperty(field);
    },
  );

  it('derives an employee’s full name and age, and a card’s days left', async () => {
    const employees = model.byName.get('employees');
    if (employees && isCreatable(employees)) {
      const made = await maker.make(employees, { name: 'Olena', last_name: 'Kovalenko', date_of_birth: '1990-01-01' });
      const years = new Date().getUTCFullYear() - 1990 - (new Date().toISOString().slice(5, 10) < '01-01' ? 1 : 0);
      expect(made.record).toMatchObject({ full_name: 'Olena Kovalenko', age: years });
    }
    const cards = model.byName.get('cards');
    if (cards && isCreatable(cards) && cards.derived.days_left) {
      const inTen = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      const made = await maker.make(cards, { expires_at: inTen });
      expect([9, 10, 11]).toContain(made.record.days_left);
    }
  });

  it.each(creatable.filter((resource) => resource.definition.parent).map((resource) => [resource.name, resource] as const))(
    '%s: a record reached through another parent of the same tenant is a 404',
    async (_name, resource) => {
      const { api, parent } = resource.definition;
      const parentResource = model.byName.get(parent?.resource as string) as EngineResource;
      const made = await maker.make(resource);
      const otherParent = await maker.make(parentResource);
      const params = { ...made.params, [parent?.param as string]: otherParent.id };
      if (api.show) expect((await call(test.app, 'GET', endpointUrl(api.show, params), undefined, { token: owner.token })).statusCode).toBe(404);
      if (api.update)
        expect(
          (await call(test.app, api.update.method, endpointUrl(api.update, params), { ...made.body, version: 1 }, { token: owner.token })).statusCode,
        ).toBe(404);
      if (api.delete) expect((await call(test.app, 'DELETE', endpointUrl(api.delete, params), undefined, { token: owner.token })).statusCode).toBe(404);
      if (api.list) {
        const listed = await call(test.app, 'GET', `${endpointUrl(api.list, params)}?perPage=100`, undefined, { token: owner.token });
        expect(listed.json<{ data: Array<Record<string, unknown>> }>().data.map((record) => record[resource.idField])).not.toContain(made.id);
      }
      const stored = await test.database.pool.query(`SELECT version FROM "${resource.table}" WHERE id = $1`, [made.id]);
      expect(stored.rows).toEqual([{ version: 1 }]);
    },
  );

  it('answers 404 for ids in paths that are not positive integers', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999', '%20']) {
      const response = await call(test.app, 'GET', `/api/companies/show/${id}`, undefined, { token: owner.token });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('refuses a body that is not an object, and unstorable text, with 422', async () => {
    for (const body of [[], 'text', 42]) {
      const response = await call(test.app, 'POST', '/api/companies/store', JSON.stringify(body), {
        token: owner.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, response.body).toBe(422);
    }
    for (const name of ['nul\u0000inside', 'lone \ud800 surrogate']) {
      const response = await call(test.app, 'POST', '/api/companies/store', JSON.stringify({ name }), {
        token: owner.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, response.body).toBe(422);
    }
  });

  it('asks for sign-in on every generated route', async () => {
    for (const resource of model.resources) {
      for (const [, endpoint] of endpointsOf(resource.definition.api)) {
        const params = Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1], 1]));
        const response = await call(
          test.app,
          endpoint.method,
          endpointUrl(endpoint, params),
          endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {},
        );
        expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      }
    }
  });
});

async function tenantOf(test: TestApp, user: RegisteredUser): Promise<number> {
  const result = await test.database.pool.query('SELECT tenant_id FROM users WHERE id = $1', [user.user.id]);
  return Number((result.rows[0] as { tenant_id: number }).tenant_id);
}
