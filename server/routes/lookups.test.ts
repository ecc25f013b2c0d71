/** Lookups (countries, currencies, reference lists), the OpenAPI document and the docs page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { endpointsOf } from '../engine/model';
import { loadReferenceData } from '../lookups/reference-lists';

describe.each(databases)('lookups and API documents on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('names the routes the registry does not generate in the OpenAPI document', async () => {
    const document = (await call(test.app, 'GET', '/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(document.paths['/api/login']).toHaveProperty('post');
    expect(document.paths['/api/profile/update/password']).toHaveProperty('put');
    expect(document.paths['/api/transport/all']).toHaveProperty('get');
    expect(document.paths['/api/transport/repairs/store/{transport_id}']).toHaveProperty('post');
    expect(document.paths['/api/documents/{documentId}/status/destroy/{statusId}']).toHaveProperty('delete');
    // The generated operations keep their full description.
    expect(document.paths['/api/companies/store']?.post).toHaveProperty('requestBody');
    // The others say what they need and take: the JSON body's schema, or the multipart form's files.
    const body = (path: string, verb: string) =>
      (document.paths[path]?.[verb] as { requestBody?: { content: Record<string, { schema: { properties: object; required?: string[] } }> } } | undefined)
        ?.requestBody?.content;
    expect(body('/api/login', 'post')?.['application/json']?.schema.required).toEqual(expect.arrayContaining(['login', 'password']));
    expect(Object.keys(body('/api/transport/repairs/store/{transport_id}', 'post')?.['multipart/form-data']?.schema.properties ?? {})).toEqual([
      'repair_files[]',
    ]);
    expect(Object.keys(body('/api/transport/{transportId}/handover-acts/{id}/photos', 'post')?.['multipart/form-data']?.schema.properties ?? {})).toEqual([
      'fuel_photo',
      'mileage_photo',
      'driver_selfie',
    ]);
    expect((document.paths['/api/transport/all']?.get as { description?: string }).description).toContain('transport.view');
  });

  it('asks for sign-in', async () => {
    for (const url of ['/api/countries', '/api/currencies', '/api/app/load-data']) expect((await call(test.app, 'GET', url)).statusCode, url).toBe(401);
  });

  it('lists ISO 3166 countries with names in the six languages and in the request’s', async () => {
    const response = await call(test.app, 'GET', '/api/countries', undefined, { token: owner.token, language: 'de' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Array<{ id: number; iso: string; name: string; names: Record<string, string> }> }>();
    expect(data.length).toBeGreaterThan(240);
    const germany = data.find((country) => country.iso === 'DE');
    expect(germany).toMatchObject({
      id: 276,
      name: 'Deutschland',
      names: { en: 'Germany', de: 'Deutschland', uk: 'Німеччина', it: 'Germania', es: 'Alemania', el: 'Γερμανία' },
    });
    expect(data.every((country) => ['en', 'uk', 'el', 'it', 'es', 'de'].every((language) => country.names[language]))).toBe(true);
  });

  it('lists ISO 4217 currencies', async () => {
    const response = await call(test.app, 'GET', '/api/currencies', undefined, { token: owner.token });
    const { data } = response.json<{ data: Array<{ id: string; name: string }> }>();
    expect(data).toContainEqual(expect.objectContaining({ id: 'EUR', name: 'Euro' }));
    expect(data).toContainEqual(expect.objectContaining({ id: 'UAH' }));
    // Named in the member's language, as countries are.
    const inUkrainian = (await call(test.app, 'GET', '/api/currencies', undefined, { token: owner.token, language: 'uk' })).json<{
      data: Array<{ id: string; name: string }>;
    }>().data;
    expect(inUkrainian).toContainEqual(expect.objectContaining({ id: 'EUR', name: 'Євро' }));
    expect(inUkrainian).toContainEqual(expect.objectContaining({ id: 'USD', name: 'Долар США' }));
  });

  it('lists the contract types by country with names in the member’s language', async () => {
    const contracts = async (language: string) =>
      (await call(test.app, 'GET', '/api/contracts', undefined, { token: owner.token, headers: { 'accept-language': language } })).json<{
        data: Array<{ id: number; country: string; name: string }>;
      }>().data;
    const english = await contracts('en');
    expect(english).toContainEqual({ id: 15, country: 'DE', name: 'Temporary agency work' });
    expect(await contracts('uk')).toContainEqual({ id: 15, country: 'DE', name: 'Тимчасова робота через агентство' });
    expect(await contracts('de')).toContainEqual({ id: 1, country: 'DE', name: 'Arbeitsvertrag' });
    expect((await call(test.app, 'GET', '/api/contracts')).statusCode).toBe(401);
  });

  it('answers the reference lists under the names of SPEC §3', async () => {
    const response = await call(test.app, 'GET', '/api/app/load-data', undefined, { token: owner.token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual(loadReferenceData());
    for (const key of ['contracts', 'order_lists', 'transport_lists', 'trailers_lists', 'tracking_systems']) expect(data, key).toHaveProperty(key);
    expect((data.cars as { models: unknown[] }).models.length).toBeGreaterThan(0);
  });

  it('publishes every generated endpoint in the OpenAPI 3.1 document', async () => {
    const response = await call(test.app, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>();
    expect(document.openapi).toBe('3.1.0');
    for (const resource of resources) {
      for (const [, endpoint] of endpointsOf(resource.api)) {
        expect(document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${endpoint.path}`).toBeDefined();
      }
    }
    expect(Object.keys(document.components.schemas)).toContain('CompanyBankAccount');
    // List parameters are typed as the list reads them.
    const parameters = (document.paths['/api/orders']?.get as { parameters: Array<{ name: string; schema: { type: string; enum?: string[] } }> }).parameters;
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema]));
    expect(byName.page?.type).toBe('integer');
    expect(byName.order?.enum).toEqual(['asc', 'desc']);
    expect(byName.sort?.enum).toContain('created_at');
  });

  it('documents the query parameters of every list that refuses the ones it does not know, and accepts what it documents', async () => {
    type Parameter = { name: string; in: string; required?: boolean; schema: { type?: string | string[]; enum?: string[]; format?: string; minimum?: number } };
    const document = (await call(test.app, 'GET', '/api/openapi.json')).json<{ paths: Record<string, Record<string, { parameters?: Parameter[] }>> }>();
    // A value each documented parameter takes: its first choice, its smallest number, a date, or an id.
    const sample = (parameter: Parameter): string => {
      const { schema } = parameter;
      if (schema.enum) return schema.enum[0] ?? '';
      if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
      if (schema.format === 'date') return '2026-01-01';
      if (schema.type === 'boolean') return 'true';
      return { action: 'create', resource: 'orders', transport_id: '1', ids: '1' }[parameter.name] ?? 'a';
    };
    // A cursor is only ever one a previous answer handed out.
    const sampled = (parameter: Parameter) => parameter.in === 'query' && parameter.name !== 'cursor';
    const reads = Object.entries(document.paths).filter(([path, verbs]) => verbs.get && !path.includes('{') && path !== '/api/openapi.json');
    const refusing: string[] = [];
    for (const [path, verbs] of reads) {
      const probe = await call(test.app, 'GET', `${path}?not_a_parameter=1`, undefined, { token: owner.token });
      if (probe.statusCode !== 422) continue;
      refusing.push(path);
      const documented = (verbs.get?.parameters ?? []).filter((parameter) => parameter.in === 'query');
      expect(documented.length, `${path} refuses unknown parameters, so it must document the ones it reads`).toBeGreaterThan(0);
      const required = Object.fromEntries(documented.filter((parameter) => parameter.required).map((parameter) => [parameter.name, sample(parameter)]));
      for (const parameter of documented.filter(sampled)) {
        const query = new URLSearchParams({ ...required, [parameter.name]: sample(parameter) });
        const response = await call(test.app, 'GET', `${path}?${query}`, undefined, { token: owner.token });
        expect(response.statusCode, `${path}?${query}: ${response.body.slice(0, 200)}`).not.toBe(422);
      }
    }
    // The hand-written readers are among them (a route that stopped refusing would pass unseen).
    expect(refusing).toEqual(expect.arrayContaining(['/api/audit-log', '/api/compliance', '/api/hr/expiring', '/api/transport/documents', '/api/mail/failed']));
  });

  it('serves a self-contained docs page', async () => {
    const response = await call(test.app, 'GET', '/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('/api/companies/store');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!json-schema)/);
  });
});

describe('the docs page switch', () => {
  it('is off with API_DOCS=off', async () => {
    const test = await startTestApp('pglite', { env: { API_DOCS: 'off' } });
    try {
      expect((await call(test.app, 'GET', '/api/docs')).statusCode).toBe(404);
      expect((await call(test.app, 'GET', '/api/openapi.json')).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});
