import { describe, expect, it } from 'vitest';
import transportSchema from '../schemas/transport.json';
import trailerSchema from '../schemas/trailer.json';
import { createAjv } from './create-ajv';
import { messageOf, toFieldMessages } from './field-errors';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['login', 'email', 'password', 'password_confirmation'],
  properties: {
    login: { type: 'string', minLength: 8, maxLength: 12, format: 'login' },
    email: { type: 'string', minLength: 1, format: 'email' },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    kind: { enum: ['a', 'b'] },
    address: { type: 'object', properties: { 'zip/code': { type: 'string', maxLength: 5 } } },
    password: { type: 'string' },
    password_confirmation: { type: 'string', 'x-same-as': 'password' },
  },
};

function messagesFor(body: Record<string, unknown>, withData = true) {
  const validate = createAjv().compile(schema);
  validate(body);
  return toFieldMessages(validate.errors, withData ? body : undefined);
}

describe('ajv errors → field messages', () => {
  const base = { login: 'driver01', email: 'a@example.com', password: 'x', password_confirmation: 'x' };

  it('maps every rule to its validation.* key and parameters', () => {
    expect(messagesFor({ login: 'short', email: 'nope', count: 9, kind: 'c', extra: 1, password: 'x', password_confirmation: 'y' })).toEqual({
      login: [{ key: 'validation.minLength', params: { limit: 8 } }],
      email: [{ key: 'validation.format.email' }],
      count: [{ key: 'validation.maximum', params: { limit: 5 } }],
      kind: [{ key: 'validation.enum' }],
      extra: [{ key: 'validation.notAllowed' }],
      password_confirmation: [{ key: 'validation.sameAs' }],
    });
  });

  it('says a sum of money has at most 2 decimal places (cents, whatever binary floating point makes of 0.29), another step by its value', () => {
    const validate = createAjv().compile({
      type: 'object',
      properties: { price: { type: 'number', multipleOf: 0.01 }, pallets: { type: 'number', multipleOf: 5 } },
    });
    for (const price of [0.29, 1.1, 999.99, 10_000_000, 0.07]) expect(validate({ price }), String(price)).toBe(true);
    validate({ price: 999.999, pallets: 12 });
    expect(toFieldMessages(validate.errors)).toEqual({
      price: [{ key: 'validation.decimals', params: { count: 2 } }],
      pallets: [{ key: 'validation.multipleOf', params: { limit: 5 } }],
    });
  });

  it('names the date an x-not-before field follows by its label key: the resource’s field, or a readable name', () => {
    const ajv = createAjv();
    const passport = ajv.compile({
      $id: 'passport',
      type: 'object',
      properties: { issue_date: { type: 'string' }, expiration_date: { type: 'string', 'x-not-before': 'issue_date' } },
    });
    passport({ issue_date: '2026-02-01', expiration_date: '2026-01-01' });
    expect(toFieldMessages(passport.errors)).toEqual({
      expiration_date: [{ key: 'validation.notBefore', params: { label: 'passports.fields.issue_date' } }],
    });
    // The create and edit forms compile the schema under their own ids: the same label.
    const form = ajv.compile({
      $id: 'passport-create',
      type: 'object',
      properties: { issue_date: { type: 'string' }, expiration_date: { type: 'string', 'x-not-before': 'issue_date' } },
    });
    form({ issue_date: '2026-02-01', expiration_date: '2026-01-01' });
    expect(toFieldMessages(form.errors)).toEqual({
      expiration_date: [{ key: 'validation.notBefore', params: { label: 'passports.fields.issue_date' } }],
    });
    const unregistered = ajv.compile({ type: 'object', properties: { start_on: { type: 'string' }, end: { type: 'string', 'x-not-before': 'start_on' } } });
    unregistered({ start_on: '2026-02-01', end: '2026-01-01' });
    expect(toFieldMessages(unregistered.errors)).toEqual({ end: [{ key: 'validation.notBefore', params: { label: 'Start on' } }] });
  });

  it('puts missing fields under their own name as required', () => {
    expect(messagesFor({})).toEqual({
      login: [{ key: 'validation.required' }],
      email: [{ key: 'validation.required' }],
      password: [{ key: 'validation.required' }],
      password_confirmation: [{ key: 'validation.required' }],
    });
  });

  it('keeps several messages of one field, each once', () => {
    expect(messagesFor({ ...base, login: 'with space but long' })).toEqual({
      login: [{ key: 'validation.maxLength', params: { limit: 12 } }, { key: 'validation.format.login' }],
    });
  });

  it('says only "required" for a required field sent empty, when given the data', () => {
    expect(messagesFor({ ...base, login: '', email: '' })).toEqual({ login: [{ key: 'validation.required' }], email: [{ key: 'validation.required' }] });
    // Without the data it cannot know the value was empty.
    expect(messagesFor({ ...base, login: '' }, false).login).toEqual([
      { key: 'validation.minLength', params: { limit: 8 } },
      { key: 'validation.format.login' },
    ]);
  });

  it('names nested fields with dots, unescaping JSON pointers', () => {
    expect(messagesFor({ ...base, address: { 'zip/code': '1234567' } })).toEqual({
      'address.zip/code': [{ key: 'validation.maxLength', params: { limit: 5 } }],
    });
  });

  it('names the type a value should have', () => {
    expect(messagesFor({ ...base, count: 'three' })).toEqual({ count: [{ key: 'validation.type.integer' }] });
  });

  it('treats minLength 1 as required and falls back to validation.invalid for other keywords', () => {
    expect(messageOf({ keyword: 'minLength', params: { limit: 1 }, instancePath: '/a', schemaPath: '' })).toEqual({ key: 'validation.required' });
    expect(messageOf({ keyword: 'pattern', params: {}, instancePath: '/a', schemaPath: '' })).toEqual({ key: 'validation.invalid' });
  });

  it('answers no fields for no errors', () => {
    expect(toFieldMessages(null)).toEqual({});
    expect(toFieldMessages(undefined)).toEqual({});
  });

  it.each([
    ['vehicle', transportSchema],
    ['trailer', trailerSchema],
  ])('says one thing of a %s VIN of the wrong length: what a VIN is', (_name, entity) => {
    const vinOnly = { type: 'object', properties: { vin: entity.properties.vin } };
    const validate = createAjv().compile(vinOnly);
    validate({ vin: 'WDB963403123456' });
    expect(toFieldMessages(validate.errors, { vin: 'WDB963403123456' })).toEqual({ vin: [{ key: 'validation.format.vin' }] });
  });

  it.each([
    ['vehicle', transportSchema],
    ['trailer', trailerSchema],
  ])('says one thing of a %s built in 3025: not later than this year (not also "at most 2100")', (_name, entity) => {
    const yearOnly = { type: 'object', properties: { year_of_production: entity.properties.year_of_production } };
    const validate = createAjv().compile(yearOnly);
    validate({ year_of_production: 3025 });
    expect(validate.errors?.map((error) => error.keyword).sort()).toEqual(['maximum', 'x-not-after-this-year']);
    expect(toFieldMessages(validate.errors)).toEqual({ year_of_production: [{ key: 'validation.notAfterThisYear' }] });
    // A year before 1950 is said by its minimum, as before.
    validate({ year_of_production: 1900 });
    expect(toFieldMessages(validate.errors)).toEqual({ year_of_production: [{ key: 'validation.minimum', params: { limit: 1950 } }] });
  });
});
