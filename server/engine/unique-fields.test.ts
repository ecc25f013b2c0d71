/**
 * `x-unique` over the whole registry, on every database: a value the tenant (or the owner, for a sub-resource)
 * already holds is refused on its field, on create and on update, storing nothing; the record keeps its own value
 * through an edit; another tenant may hold the same value. Resources are iterated, so a field marked later is covered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import type { EngineResource } from './model';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker, uniqueFieldValues } from '../test-support/engine-records';
import { en } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';

const cases = model.resources
  .filter((resource) => isCreatable(resource) && resource.definition.api.update)
  .flatMap((resource) => resource.uniqueFields.map((field) => ({ label: `${resource.name}.${field}`, resource, field })));

describe.each(databases)('unique fields on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('cover the vehicles’ registration numbers and VINs, the trailers’ and the cards’ serial numbers, the departments’ and the suppliers’ names', () => {
    expect(cases.map((item) => item.label)).toEqual(
      expect.arrayContaining([
        'transport.registration_number',
        'transport.vin',
        'trailers.register_number',
        'trailers.vin',
        'cards.serial_number',
        'departments.name',
        'suppliers.name',
        'hr-document-types.name',
      ]),
    );
  });

  it('compares text without regard to case: "logistics" is the department "Logistics"', async () => {
    const name = `Logistics ${Date.now()}`;
    const first = await call(test.app, 'POST', '/api/departments/store', { name }, { token: owner.token });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(test.app, 'POST', '/api/departments/store', { name: name.toLowerCase() }, { token: owner.token });
    expect(again.statusCode, again.body).toBe(422);
    expect(expectErrorShape(again).errors?.name).toEqual([en('validation.unique')]);
  });

  it('keeps records stored alike before a field became unique editable in their other fields, and refuses the value to a third', async () => {
    const types = model.byName.get('hr-document-types') as EngineResource;
    const maker = new RecordMaker(test.app, owner.token);
    const first = await maker.make(types);
    // Stored alike by a version that had no such rule: straight into the table.
    const copied = await test.database.pool.query(
      `INSERT INTO "${types.table}" (tenant_id, data, created_by, updated_by) SELECT tenant_id, data, created_by, updated_by FROM "${types.table}" WHERE id = $1 RETURNING id, version`,
      [first.id],
    );
    const copy = copied.rows[0] as { id: number; version: number };
    const update = types.definition.api.update as Endpoint;
    const edited = await call(
      test.app,
      update.method,
      endpointUrl(update, { id: String(copy.id) }),
      { ...first.body, short_name: 'CPY', version: copy.version },
      { token: owner.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const third = await maker.make(types);
    const moved = await call(
      test.app,
      update.method,
      endpointUrl(update, { id: String(third.id) }),
      { name: first.record.name, version: third.record.version },
      { token: owner.token },
    );
    expect(moved.statusCode, moved.body).toBe(422);
    expect(expectErrorShape(moved).errors?.name).toEqual([en('validation.unique')]);
  });

  it.each(cases)(
    '$label: a value the tenant holds is refused on create and on update; the record keeps its own; another tenant may hold it',
    async ({ resource, field }) => {
      const maker = new RecordMaker(test.app, owner.token);
      const first = await maker.make(resource);
      const taken = first.record[field];
      const count = async () => ((await test.database.pool.query(`SELECT count(*)::int AS n FROM "${resource.table}"`)).rows[0] as { n: number }).n;
      const before = await count();

      const createUrl = endpointUrl(resource.definition.api.create as Endpoint, first.params);
      const twice = await call(test.app, 'POST', createUrl, { ...first.body, ...uniqueFieldValues(resource), [field]: taken }, { token: owner.token });
      expect(twice.statusCode, twice.body).toBe(422);
      expect(expectErrorShape(twice).errors?.[field]).toEqual([en('validation.unique')]);
      expect(await count()).toBe(before);

      const second = await maker.make(resource);
      const updateUrl = endpointUrl(resource.definition.api.update as Endpoint, { ...second.params, id: String(second.id) });
      const update = resource.definition.api.update as Endpoint;
      const moved = await call(test.app, update.method, updateUrl, { [field]: taken, version: second.record.version }, { token: owner.token });
      expect(moved.statusCode, moved.body).toBe(422);
      expect(expectErrorShape(moved).errors?.[field]).toEqual([en('validation.unique')]);

      const ownUrl = endpointUrl(resource.definition.api.update as Endpoint, { ...first.params, id: String(first.id) });
      const kept = await call(test.app, update.method, ownUrl, { [field]: taken, version: first.record.version }, { token: owner.token });
      expect(kept.statusCode, kept.body).toBe(200);

      const theirs = await new RecordMaker(test.app, stranger.token).make(resource, { [field]: taken });
      expect(theirs.record[field]).toEqual(taken);
    },
  );
});
