import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv';

const signUp = {
  $id: 'test/sign-up',
  type: 'object',
  additionalProperties: false,
  required: ['login', 'age', 'password', 'password_confirmation'],
  properties: {
    login: { type: 'string', format: 'login' },
    age: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
    password: { type: 'string' },
    password_confirmation: { type: 'string', 'x-same-as': 'password' },
  },
};

describe('createAjv', () => {
  const validate = createAjv().compile(signUp);
  const valid = { login: 'driver01', age: 30, password: 'secret-1', password_confirmation: 'secret-1' };

  it('accepts a valid body untouched', () => {
    const body = { ...valid };
    expect(validate(body)).toBe(true);
    expect(body).toEqual(valid);
  });

  it('does not coerce types: "42" is not an integer, "a" is not a list', () => {
    const body = { ...valid, age: '42', tags: 'a' };
    expect(validate(body)).toBe(false);
    expect(body.age).toBe('42');
    expect(body.tags).toBe('a');
    expect(validate.errors?.map((error) => error.keyword)).toEqual(['type', 'type']);
  });

  it('does not strip unknown fields: it reports them', () => {
    const body = { ...valid, role: 'admin' };
    expect(validate(body)).toBe(false);
    expect(body).toHaveProperty('role', 'admin');
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'additionalProperties', params: { additionalProperty: 'role' } });
  });

  it('reports all errors, not only the first', () => {
    expect(validate({ login: 'has space', age: 1.5 })).toBe(false);
    expect(validate.errors?.length).toBeGreaterThanOrEqual(4);
  });

  it('checks x-same-as against the sibling field', () => {
    expect(validate({ ...valid, password_confirmation: 'other' })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ keyword: 'x-same-as', instancePath: '/password_confirmation' })]);
  });

  it('runs in strict mode: an unknown keyword or format fails at compile time', () => {
    expect(() => createAjv().compile({ type: 'string', 'x-typo': true })).toThrow(/unknown keyword/i);
    expect(() => createAjv().compile({ type: 'string', format: 'postcode' })).toThrow(/unknown format/i);
    expect(() => createAjv().compile({ type: 'string', 'x-same-as': 5 })).toThrow();
  });
});
