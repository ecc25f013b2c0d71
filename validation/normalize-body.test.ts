import { describe, expect, it } from 'vitest';
import { canonicalText, dropEmptyOptionalFields } from './normalize-body';

const schema = { required: ['login', 'email'], properties: { login: {}, email: {}, phone: {}, job_position: {} } };

describe('dropping optional fields sent empty', () => {
  it('drops "" and null of optional fields and keeps required ones as sent', () => {
    expect(dropEmptyOptionalFields(schema, { login: '', email: null, phone: '', job_position: null })).toEqual({ login: '', email: null });
  });

  it('keeps filled values, false and 0', () => {
    expect(dropEmptyOptionalFields(schema, { login: 'a', email: 'b', phone: 0, job_position: false })).toEqual({
      login: 'a',
      email: 'b',
      phone: 0,
      job_position: false,
    });
  });

  it('leaves anything but a plain object as it is', () => {
    for (const body of [null, 'text', 42, [1, 2]]) expect(dropEmptyOptionalFields(schema, body)).toBe(body);
  });

  it('does not mutate the body it was given', () => {
    const body = { login: 'a', email: 'b', phone: '' };
    dropEmptyOptionalFields(schema, body);
    expect(body).toEqual({ login: 'a', email: 'b', phone: '' });
  });

  it('keeps a "__proto__" field as data: it cannot replace the prototype of the result', () => {
    const body = JSON.parse('{"login":"a","email":"b","__proto__":{"isAdmin":true}}') as Record<string, unknown>;
    const result = dropEmptyOptionalFields(schema, body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect((result as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(Object.keys(result)).toEqual(['login', 'email', '__proto__']);
  });
});

describe('text as it is meant', () => {
  const entity = {
    properties: {
      name: { type: 'string' },
      notes: { type: 'string', 'x-widget': 'textarea' },
      iban: { type: 'string', format: 'iban', 'x-widget': 'iban' },
      swift: { type: 'string', format: 'swift' },
      password: { type: 'string', writeOnly: true, 'x-widget': 'password' },
      pin: { type: 'string', 'x-widget': 'password' },
      year: { type: 'integer' },
    },
  };

  it('drops the white space typed around a text, and writes an IBAN in one piece in capitals', () => {
    expect(canonicalText(entity, { name: '  Acme Trans ', notes: 'first line\nsecond \n', iban: 'de89 3704 0044 0532 0130 00', year: 2020 })).toEqual({
      name: 'Acme Trans',
      notes: 'first line\nsecond',
      iban: 'DE89370400440532013000',
      year: 2020,
    });
  });

  it('writes a SWIFT/BIC code in capitals, as statements print it', () => {
    expect(canonicalText(entity, { swift: ' cobadeffxxx ' })).toEqual({ swift: 'COBADEFFXXX' });
  });

  it('takes a password or a PIN as typed, spaces and all', () => {
    expect(canonicalText(entity, { password: ' my secret phrase ', pin: ' 1234' })).toEqual({ password: ' my secret phrase ', pin: ' 1234' });
  });

  it('turns white space alone into "", which an optional field then drops', () => {
    const body = canonicalText(entity, { name: '   ' });
    expect(body).toEqual({ name: '' });
    expect(dropEmptyOptionalFields(entity, body)).toEqual({});
  });

  it('leaves fields the schema does not name, and the body it was given, as they are', () => {
    const body = { name: ' Acme ', other: ' kept ' };
    expect(canonicalText(entity, body)).toEqual({ name: 'Acme', other: ' kept ' });
    expect(body.name).toBe(' Acme ');
    const unchanged = { name: 'Acme' };
    expect(canonicalText(entity, unchanged)).toBe(unchanged);
  });
});
