import { describe, expect, it } from 'vitest';
import { dropEmptyOptionalFields } from './normalize-body';

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
