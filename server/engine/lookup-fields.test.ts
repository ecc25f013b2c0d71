/**
 * `x-lookup` fields (lookup-fields.ts), over every one of the registry: an id the reference list does not hold is
 * refused on create and on update with a 422 on the field in the member's language, and nothing is written; an id
 * it holds is stored; a value stored before the check is kept while another field changes. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker, uniqueFieldValues } from '../test-support/engine-records';
import { localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { typeOf } from './entity-schemas';
import type { EngineResource } from './model';

const cases = model.resources.flatMap((resource) =>
  resource.lookupFields.filter(() => isCreatable(resource)).map(({ field, list }) => ({ resource, field, list, label: `${resource.name}.${field} (${list})` })),
);

/** An id of the list as the field stores it: text or a number. */
const asStored = (resource: EngineResource, field: string, id: number) => (typeOf(resource.properties[field]) === 'string' ? String(id) : id);

describe.each(databases)('reference list fields on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let maker: RecordMaker;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
  });
  afterAll(async () => test?.close());

  const stored = async (resource: EngineResource, id: number) =>
    ((await test.database.pool.query(`SELECT data FROM "${resource.table}" WHERE id = $1`, [id])).rows[0] as { data: Record<string, unknown> }).data;

  it('covers the contract types, car models and tracking systems of the registry', () => {
    expect(cases.map((entry) => entry.label).sort()).toEqual(
      expect.arrayContaining(['employees.contract_type (contracts)', 'transport.car_model_id (car-models)', 'transport.tracking_system_id (tracking-systems)']),
    );
  });

  it.each(cases)('$label: refuses an id the list lacks on create, in the member language, and writes nothing', async ({ resource, field }) => {
    const made = await maker.make(resource, { [field]: asStored(resource, field, 2) });
    expect(made.record[field]).toEqual(asStored(resource, field, 2));
    const before = (await test.database.pool.query(`SELECT count(*)::int AS n FROM "${resource.table}"`)).rows[0] as { n: number };
    const body = { ...made.body, [field]: asStored(resource, field, 999_999) };
    // Unique fields of their own (a VIN, a registration number): the refusal must be the one under test.
    Object.assign(body, uniqueFieldValues(resource));
    const refused = await call(test.app, 'POST', endpointUrl(resource.definition.api.create as Endpoint, made.params), body, {
      token: owner.token,
      language: 'uk',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(expectErrorShape(refused).errors).toEqual({ [field]: [localeText('uk', 'validation.lookup')] });
    expect((await test.database.pool.query(`SELECT count(*)::int AS n FROM "${resource.table}"`)).rows[0]).toEqual(before);
  });

  it.each(cases)('$label: refuses a change to an id the list lacks, and keeps a value stored before the check', async ({ resource, field }) => {
    const made = await maker.make(resource);
    const update = (changes: Record<string, unknown>, version: number) =>
      call(test.app, 'PUT', endpointUrl(resource.definition.api.update as Endpoint, made.params), { ...changes, version }, { token: owner.token });
    let version = made.record.version as number;
    const refused = await update({ [field]: asStored(resource, field, 999_999) }, version);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(expectErrorShape(refused).errors ?? {})).toEqual([field]);
    expect((await stored(resource, made.id))[field]).toEqual(made.record[field]);
    const changed = await update({ [field]: asStored(resource, field, 3) }, version);
    expect(changed.statusCode, changed.body).toBe(200);
    version = changed.json<{ data: { version: number } }>().data.version;
    // A value written before lists were checked (a contract typed in as text) stays while the record is saved.
    const legacy = typeOf(resource.properties[field]) === 'string' ? 'Typed in by hand' : 424_242;
    await test.database.pool.query(`UPDATE "${resource.table}" SET data = jsonb_set(data, $2, $3::jsonb) WHERE id = $1`, [
      made.id,
      `{${field}}`,
      JSON.stringify(legacy),
    ]);
    const kept = await update({ [field]: legacy }, version);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await stored(resource, made.id))[field]).toEqual(legacy);
  });

  it('keeps a vehicle’s car model within its brand (x-lookup-within), on create and when either changes', async () => {
    const transport = model.byName.get('transport') as EngineResource;
    const refusal = (response: { statusCode: number; body: string }) => {
      expect(response.statusCode, response.body).toBe(422);
      return expectErrorShape(response as never).errors;
    };
    // Model 1 is the DAF XF of reference-data/car-models.json.
    const made = await maker.make(transport, { car_brand: 'daf', car_model_id: 1 });
    expect(made.record).toMatchObject({ car_brand: 'daf', car_model_id: 1 });
    const create = (body: Record<string, unknown>) =>
      call(
        test.app,
        'POST',
        endpointUrl(transport.definition.api.create as Endpoint, made.params),
        { ...made.body, ...uniqueFieldValues(transport), ...body },
        {
          token: owner.token,
          language: 'uk',
        },
      );
    expect(refusal(await create({ car_brand: 'MAN', car_model_id: 1 }))).toEqual({
      car_model_id: [localeText('uk', 'validation.lookupWithin', { group: 'MAN' })],
    });
    // A brand the list does not know leaves every model open.
    expect((await create({ car_brand: 'Tatra', car_model_id: 1 })).statusCode).toBe(200);
    const update = (changes: Record<string, unknown>, version: number) =>
      call(test.app, 'PUT', endpointUrl(transport.definition.api.update as Endpoint, made.params), { ...changes, version }, { token: owner.token });
    const version = made.record.version as number;
    expect(Object.keys(refusal(await update({ car_brand: 'MAN' }, version)) ?? {})).toEqual(['car_model_id']);
    expect((await stored(transport, made.id)).car_brand).toBe('daf');
    const renamed = await update({ car_brand: 'DAF' }, version);
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
