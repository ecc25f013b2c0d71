import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv';
import { prepareSchema, type EntitySchema } from './prepare-schema';

const order: EntitySchema = {
  $id: 'test/bounded-order',
  type: 'object',
  properties: {
    price: { type: 'number' },
    distance: { type: ['integer', 'null'] },
    pallets: { type: 'integer', minimum: 0, maximum: 40 },
    note: { type: 'string' },
    stops: { type: 'array', items: { type: 'object', properties: { weight: { type: 'number' } } } },
  },
};

describe('prepareSchema', () => {
  const prepared = prepareSchema(order, {});
  const validate = createAjv().compile(prepared);
  const refused = (body: Record<string, unknown>) => (validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`));

  it('bounds a number without bounds of its own by what a JSON number carries exactly, and keeps a schema’s own bounds', () => {
    expect(prepared.properties.price).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER, minimum: -Number.MAX_SAFE_INTEGER });
    expect(prepared.properties.pallets).toMatchObject({ minimum: 0, maximum: 40 });
    expect(prepared.properties.note).not.toHaveProperty('maximum');
    expect(refused({ price: 1e308 })).toEqual(['/price maximum']);
    expect(refused({ price: -1e308 })).toEqual(['/price minimum']);
    // 9007199254740993 arrives as 9007199254740992: past the bound, so refused instead of stored one less.
    expect(refused(JSON.parse('{"distance": 9007199254740993}') as Record<string, unknown>)).toEqual(['/distance maximum']);
    expect(refused({ stops: [{ weight: 1e300 }] })).toEqual(['/stops/0/weight maximum']);
    expect(refused({ price: 1_250_000.5, distance: null, pallets: 33, stops: [{ weight: 24 }] })).toEqual([]);
  });
});
