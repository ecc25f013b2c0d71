/**
 * Fuzzed requests to every generated endpoint, built by fast-check from each resource's schema: bodies
 * mixing valid values, wrong types, boundary lengths, nasty text (NUL, lone surrogates, SQL, huge
 * strings), nulls, nested junk and unknown fields; random list queries; random ids. Never a 5xx, every
 * refusal keeps the error shape, and nothing is stored on a 4xx (the table grows by exactly the number
 * of 200s). Seeded: a failure prints the seed and the shrunk counterexample.
 *
 * Requests per run: RUNS_PER_RESOURCE × 3 (create, update, list) per creatable resource per database
 * (logged at the end of each suite); ENGINE_FUZZ_RUNS raises it for a longer local run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import type { PropertySchema } from '../../validation/prepare-schema';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker } from '../test-support/engine-records';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { typeOf } from './entity-schemas';
import { listParameters } from './list-query';
import type { EngineResource } from './model';
import { sampleValue, type RefIds } from './sample-record';

const RUNS_PER_RESOURCE = Number(process.env.ENGINE_FUZZ_RUNS ?? 30);
const SEED = Number(process.env.ENGINE_FUZZ_SEED ?? 20_261_122);

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  "' OR 1=1 --",
  '"; DROP TABLE companies; --',
  '%',
  '_',
  '\\',
  '💥🚚',
  'مرحبا',
  '2999-12-31',
  '0000-00-00',
  '1e309',
  'NaN',
  '__proto__',
  'y'.repeat(5000),
];

function junk(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...NASTY),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
  );
}

function propertyArbitrary(property: PropertySchema, refs: RefIds): fc.Arbitrary<unknown> {
  const valid = sampleValue(property, refs);
  const type = typeOf(property);
  const near: Array<fc.Arbitrary<unknown>> = [fc.constant(valid)];
  if (type === 'string') {
    const max = Number(property.maxLength ?? 50);
    near.push(fc.string({ minLength: Math.max(0, Number(property.minLength ?? 0) - 1), maxLength: max + 1 }));
  }
  if (type === 'integer' || type === 'number') near.push(fc.integer({ min: -5, max: Number(property.maximum ?? 1e6) + 5 }));
  if (Array.isArray(property.enum)) near.push(fc.constantFrom(...property.enum));
  return fc.oneof({ arbitrary: fc.oneof(...near), weight: 3 }, { arbitrary: junk(), weight: 2 });
}

function bodyArbitrary(resource: EngineResource, refs: RefIds): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(resource.properties).map(([name, property]) => [name, propertyArbitrary(property, refs)]));
  const object = fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(
        fc.dictionary(fc.constantFrom('id', 'tenant_id', 'created_by', 'version', 'unknown_field', '__proto__', 'constructor'), junk(), { maxKeys: 2 }),
        { nil: undefined },
      ),
    )
    .map(([known, extra]) => ({ ...known, ...extra }));
  return fc.oneof({ arbitrary: object, weight: 12 }, { arbitrary: junk(), weight: 1 });
}

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate; Buffer writes U+FFFD). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function queryArbitrary(resource: EngineResource): fc.Arbitrary<string> {
  const names = [...listParameters(resource), 'perPge', 'tenant_id', 'sort'];
  const value = fc.oneof(
    fc.constantFrom(...NASTY.map((text) => text.slice(0, 50)), '1', '0', '-1', '100', '101', 'asc', 'desc', 'id', 'true'),
    fc.string({ maxLength: 10 }),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, text]) => `${percentEncoded(name)}=${percentEncoded(text)}`).join('&'));
}

const creatable = model.resources.filter((resource) => isCreatable(resource));

describe.each(databases)('fuzzed requests on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let maker: RecordMaker;
  let requests = 0;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
  });
  afterAll(async () => {
    console.log(`[engine fuzz] ${requests} fuzzed requests on ${kind}`);
    await test?.close();
  });

  const count = async (resource: EngineResource) =>
    Number(((await test.database.pool.query(`SELECT count(*) AS total FROM "${resource.table}"`)).rows[0] as { total: number }).total);

  const send = async (method: Endpoint['method'], url: string, body?: unknown) => {
    requests += 1;
    const response = await call(test.app, method, url, body === undefined ? undefined : JSON.stringify(body), {
      token: owner.token,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    if (response.statusCode >= 400) expectErrorShape(response);
    return response;
  };

  it.each(creatable.map((resource) => [resource.name, resource] as const))('%s: never a 5xx, nothing stored on a 4xx', async (_name, resource) => {
    const { api } = resource.definition;
    const refs = await maker.refs(resource);
    const params = await maker.pathParams(resource, refs);
    const target = await maker.make(resource);
    let created = 0;
    const before = await count(resource);

    await fc.assert(
      fc.asyncProperty(bodyArbitrary(resource, refs), async (body) => {
        const response = await send('POST', endpointUrl(api.create as Endpoint, params), body);
        if (response.statusCode === 200) created += 1;
      }),
      { numRuns: RUNS_PER_RESOURCE, seed: SEED },
    );
    expect(await count(resource)).toBe(before + created);

    if (api.update) {
      const update = api.update;
      const snapshot = await test.database.pool.query(`SELECT data, version FROM "${resource.table}" WHERE id = $1`, [target.id]);
      let updated = 0;
      await fc.assert(
        fc.asyncProperty(
          bodyArbitrary(resource, refs),
          fc.oneof(fc.constant(target.id), fc.constantFrom('0', '-1', 'x', '999999999', '1e3')),
          async (body, id) => {
            // The current version half of the time, so some updates get past the version check.
            const current = Number(
              ((await test.database.pool.query(`SELECT version FROM "${resource.table}" WHERE id = $1`, [target.id])).rows[0] as { version: number }).version,
            );
            const withVersion = body && typeof body === 'object' && !Array.isArray(body) && updated % 2 === 0 ? { ...body, version: current } : body;
            const response = await send(update.method, endpointUrl(update, { ...target.params, id }), withVersion);
            if (response.statusCode === 200) updated += 1;
          },
        ),
        { numRuns: RUNS_PER_RESOURCE, seed: SEED },
      );
      if (updated === 0) {
        const after = await test.database.pool.query(`SELECT data, version FROM "${resource.table}" WHERE id = $1`, [target.id]);
        expect(after.rows).toEqual(snapshot.rows);
      }
    }

    if (api.list) {
      const list = api.list;
      await fc.assert(
        fc.asyncProperty(queryArbitrary(resource), async (query) => {
          await send('GET', `${endpointUrl(list, target.params)}?${query}`);
        }),
        { numRuns: RUNS_PER_RESOURCE, seed: SEED },
      );
    }
  });
});
