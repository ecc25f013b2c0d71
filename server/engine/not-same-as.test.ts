/**
 * `x-not-same-as` over every field of the registry that carries it (an order's second driver, an act's receiver):
 * a record naming one person in both roles is refused with a 422 on the field, in the member's language, on create
 * and on update, and nothing is written; two people are stored. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker, uniqueFieldValues } from '../test-support/engine-records';
import { localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { refOf } from './entity-schemas';
import type { EngineResource } from './model';

const cases = model.resources.flatMap((resource) =>
  Object.entries(resource.properties)
    .filter(([, property]) => typeof property['x-not-same-as'] === 'string' && isCreatable(resource))
    .map(([field, property]) => ({ resource, field, sibling: property['x-not-same-as'] as string, label: `${resource.name}.${field}` })),
);

describe.each(databases)('fields that must differ from a sibling on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let maker: RecordMaker;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
  });
  afterAll(async () => test?.close());

  const count = async (resource: EngineResource) =>
    ((await test.database.pool.query(`SELECT count(*)::int AS n FROM "${resource.table}"`)).rows[0] as { n: number }).n;

  it('covers the two drivers of an order and the two people of a handover act', () => {
    expect(cases.map((entry) => entry.label)).toEqual(expect.arrayContaining(['orders.secondary_driver_id', 'handover-acts.received_by_id']));
  });

  it.each(cases)('$label: one person in both roles is refused on create and on update; two are stored', async ({ resource, field, sibling }) => {
    const target = refOf(resource.properties[field])?.resource as string;
    const first = (await maker.make(model.byName.get(target) as EngineResource)).id;
    const second = (await maker.make(model.byName.get(target) as EngineResource)).id;
    const made = await maker.make(resource, { [sibling]: first, [field]: second });
    expect(made.record).toMatchObject({ [sibling]: first, [field]: second });
    const before = await count(resource);
    const body = { ...made.body, [sibling]: first, [field]: first };
    // Unique fields of their own (a VIN, a registration number): the refusal must be the one under test.
    Object.assign(body, uniqueFieldValues(resource));
    const created = await call(test.app, 'POST', endpointUrl(resource.definition.api.create as Endpoint, made.params), body, {
      token: owner.token,
      language: 'it',
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(expectErrorShape(created).errors?.[field]).toEqual([localeText('it', 'validation.notSameAs')]);
    expect(await count(resource)).toBe(before);
    const updated = await call(
      test.app,
      'PUT',
      endpointUrl(resource.definition.api.update as Endpoint, made.params),
      { [field]: first, version: made.record.version },
      { token: owner.token },
    );
    expect(updated.statusCode, updated.body).toBe(422);
    const stored = (await test.database.pool.query(`SELECT data FROM "${resource.table}" WHERE id = $1`, [made.id])).rows[0] as {
      data: Record<string, unknown>;
    };
    expect(stored.data[field]).toBe(second);
  });
});
