import { describe, expect, it } from 'vitest';
import { checkField, fieldChecks } from './field-checks';

const register = {
  required: ['login', 'password', 'password_confirmation', 'email'],
  properties: {
    login: { type: 'string', minLength: 8, maxLength: 128, format: 'login' },
    email: { type: 'string', minLength: 1, format: 'email' },
    phone: { type: 'string', format: 'phone' },
    password: { type: 'string', minLength: 8 },
    password_confirmation: { type: 'string', 'x-same-as': 'password' },
  },
};

describe('light field checks (forms without ajv)', () => {
  const check = (field: string, value: unknown, all: Record<string, unknown> = {}) => checkField(register, field, value, { [field]: value, ...all });

  it('asks for required fields first', () => {
    for (const empty of [undefined, null, '']) expect(check('login', empty)).toEqual({ key: 'validation.required' });
  });

  it('checks lengths with the schema limits', () => {
    expect(check('login', 'short1')).toEqual({ key: 'validation.minLength', params: { limit: 8 } });
    expect(check('login', 'a'.repeat(129))).toEqual({ key: 'validation.maxLength', params: { limit: 128 } });
  });

  it('checks formats with the shared format functions', () => {
    expect(check('login', 'has spaces in it')).toEqual({ key: 'validation.format.login' });
    expect(check('email', 'nope')).toEqual({ key: 'validation.format.email' });
    expect(check('email', 'someone@example.com')).toBeNull();
  });

  it('leaves optional fields alone when empty, and checks them when filled', () => {
    expect(check('phone', '')).toBeNull();
    expect(check('phone', '12')).toEqual({ key: 'validation.format.phone' });
    expect(check('phone', '+49 30 1234567')).toBeNull();
  });

  it('compares a confirmation with its sibling', () => {
    expect(check('password_confirmation', 'secret-12', { password: 'secret-12' })).toBeNull();
    expect(check('password_confirmation', 'secret-13', { password: 'secret-12' })).toEqual({ key: 'validation.sameAs' });
  });

  it('gives the same answers as the server for the same rules', () => {
    // minLength 1 is covered by "required", so it adds no separate check.
    expect(fieldChecks(register, 'email')).toHaveLength(2);
  });

  it('refuses a schema that names an unknown format', () => {
    expect(() => fieldChecks({ properties: { zip: { type: 'string', format: 'postcode' } } }, 'zip')).toThrow(/Unknown format/);
  });
});
