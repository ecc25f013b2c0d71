import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import * as loginRequest from 'virtual:request-validator/login';
import * as profileRequest from 'virtual:request-validator/profile-update';
import * as registerRequest from 'virtual:request-validator/register';
import registerSchema from '../../schemas/requests/register.json';
import { createAjv } from '../../validation/create-ajv';
import { toFieldMessages } from '../../validation/field-errors';
import { formatsUsedBy, generateRequestValidatorModule } from '../crud/precompile/request-validators';
import { requestFieldMessage } from './request-validation';

const filled = {
  login: 'driver.one',
  email: 'someone@example.com',
  phone: '+49 30 1234567',
  company_name: 'Danube Steel',
  password: 'secret-12',
  password_confirmation: 'secret-12',
};
const check = (field: string, changes: Record<string, unknown>) => requestFieldMessage(registerRequest, field, { ...filled, ...changes });

describe('form fields checked by their request schema’s precompiled validator', () => {
  it('accept a complete request', () => {
    for (const field of Object.keys(filled)) expect(check(field, {})).toBeNull();
  });

  it('ask for an empty required field, whatever its length and format rules', () => {
    expect(check('login', { login: '' })).toEqual({ key: 'validation.required' });
    expect(check('email', { email: '' })).toEqual({ key: 'validation.required' });
  });

  it('check lengths, formats and a confirmation with the schema’s rules', () => {
    expect(check('login', { login: 'short1' })).toEqual({ key: 'validation.minLength', params: { limit: 8 } });
    expect(check('login', { login: 'has spaces in it' })).toEqual({ key: 'validation.format.login' });
    expect(check('phone', { phone: '12' })).toEqual({ key: 'validation.format.phone' });
    expect(check('password_confirmation', { password_confirmation: 'secret-13' })).toEqual({ key: 'validation.sameAs' });
  });

  it('count characters as the server does (code points, not UTF-16 units)', () => {
    // Seven emoji are fourteen UTF-16 units: String.length says long enough, the server says 7 < 8.
    const sevenEmoji = '🚚'.repeat(7);
    expect(check('password', { password: sevenEmoji, password_confirmation: sevenEmoji })).toEqual({ key: 'validation.minLength', params: { limit: 8 } });
  });

  it('drop an empty optional field first, as the server does', () => {
    expect(check('phone', { phone: '' })).toEqual({ key: 'validation.required' }); // required at registration
    expect(requestFieldMessage(profileRequest, 'phone', { login: 'driver', name: 'Anna', last_name: 'Berg', email: 'a@b.de', phone: '' })).toBeNull();
  });

  it('leave the form’s own values (remember me, the agreement) alone', () => {
    expect(requestFieldMessage(loginRequest, 'login', { login: 'driver.one', password: 'x', remember: true })).toBeNull();
    expect(requestFieldMessage(loginRequest, 'remember', { login: 'driver.one', password: 'x', remember: true })).toBeNull();
  });

  it('give the same messages as the server’s ajv for the same requests', () => {
    const server = createAjv().compile(registerSchema);
    const samples = [
      filled,
      {},
      { ...filled, login: 'a b' },
      { ...filled, email: 'nope', phone: '' },
      { ...filled, password: 'short', password_confirmation: 'other' },
    ];
    for (const sample of samples) {
      server(sample);
      registerRequest.validate(sample);
      expect(toFieldMessages(registerRequest.validate.errors, sample), JSON.stringify(sample)).toEqual(toFieldMessages(server.errors, sample));
    }
  });
});

describe('the request validator modules', () => {
  const schemasDir = resolve('schemas'); // vitest runs from the repository's root

  it('import only the formats their schema uses (no phone rules on /login)', () => {
    const login = generateRequestValidatorModule(schemasDir, 'login', '/formats.ts');
    expect(login).not.toMatch(/import .*phone/);
    const register = generateRequestValidatorModule(schemasDir, 'register', '/formats.ts');
    expect(register).toMatch(/import \{[^}]*phone[^}]*\} from "\/formats.ts"/);
    expect([...formatsUsedBy(registerSchema)].sort()).toEqual(['email', 'login', 'not-blank', 'phone']);
  });

  it('refuse a name that is not a request schema’s', () => {
    expect(() => generateRequestValidatorModule(schemasDir, '../enums', '/formats.ts')).toThrow(/Not a request schema/);
  });
});
