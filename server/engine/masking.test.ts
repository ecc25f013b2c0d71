/**
 * Sensitive fields (x-sensitive) for members without `sensitive.view`, over every resource of the
 * registry that has one: masked in list, show and write answers; not searchable, filterable or
 * sortable; not writable (403, nothing stored) except by posting back the masked value unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, SENSITIVE_RIGHT } from '../../resources/permissions';
import type { Endpoint } from '../../resources/types';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker } from '../test-support/engine-records';
import { localeText } from '../test-support/locale-text';
import { createMember, type Member } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { MASK, maskValue } from './masking';

const withSensitive = model.resources.filter((resource) => resource.sensitiveFields.length > 0 && isCreatable(resource));

describe('masking values', () => {
  it('keeps the last four characters of long values only, so a PIN shows nothing', () => {
    expect(maskValue('DE89 3704 0044 0532 0130 00')).toBe(`${MASK}3000`);
    expect(maskValue('1234')).toBe(MASK);
    expect(maskValue(42)).toBe(MASK);
  });

  it('keeps nothing of a date: with the age beside it, a birth date’s month and day would give it away', () => {
    expect(maskValue('1964-06-14')).toBe(MASK);
    expect(maskValue('2020-01-15T10:00:00Z')).toBe(MASK);
  });
});

describe.each(databases)('sensitive fields on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let maker: RecordMaker;
  let unprivileged: Member;
  let privileged: Member;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
    unprivileged = await createMember(test.app, owner.token, { permissions: allPermissions().filter((right) => right !== SENSITIVE_RIGHT) });
    privileged = await createMember(test.app, owner.token, { permissions: allPermissions() });
  }, 60_000);
  afterAll(async () => test?.close());

  it('covers every resource with sensitive fields', () => {
    expect(withSensitive.map((resource) => resource.name)).toEqual(expect.arrayContaining(['passports', 'employee-banks', 'company-banks', 'cards']));
  });

  it.each(withSensitive.map((resource) => [resource.name, resource] as const))(
    '%s: masked in list, show and answers; refused on write',
    async (_name, resource) => {
      const made = await maker.make(resource);
      const api = resource.definition.api;
      const expectMasked = (record: Record<string, unknown>) => {
        for (const field of resource.sensitiveFields) {
          if (made.record[field] === undefined) continue;
          expect(record[field], field).toBe(maskValue(made.record[field]));
          expect(record[field], field).not.toBe(made.record[field]);
        }
      };
      const list = await call(test.app, 'GET', endpointUrl(api.list as Endpoint, made.params), undefined, { token: unprivileged.token });
      expect(list.statusCode, list.body).toBe(200);
      const listed = (list.json().data as Array<Record<string, unknown>>).find((record) => record[resource.idField] === made.id) as Record<string, unknown>;
      expectMasked(listed);
      if (api.show) {
        const show = await call(test.app, 'GET', endpointUrl(api.show, made.params), undefined, { token: unprivileged.token });
        expectMasked(show.json<{ data: Record<string, unknown> }>().data);
      }
      // The privileged member sees the values themselves.
      const plain = await call(test.app, 'GET', endpointUrl(api.list as Endpoint, made.params), undefined, { token: privileged.token });
      const plainRecord = (plain.json().data as Array<Record<string, unknown>>).find((record) => record[resource.idField] === made.id) as Record<
        string,
        unknown
      >;
      for (const field of resource.sensitiveFields) expect(plainRecord[field], field).toEqual(made.record[field]);

      const field = resource.sensitiveFields.find((name) => made.record[name] !== undefined) as string;
      // Posting back the record as shown (masked values included) changes the other fields and keeps the secret.
      const shown = { ...listed, version: made.record.version };
      const resave = await call(test.app, 'PUT', endpointUrl(api.update as Endpoint, made.params), shown, { token: unprivileged.token });
      expect(resave.statusCode, resave.body).toBe(200);
      expectMasked(resave.json<{ data: Record<string, unknown> }>().data);
      const stored = await test.database.pool.query(`SELECT data FROM "${resource.table}" WHERE id = $1`, [made.id]);
      expect((stored.rows[0] as { data: Record<string, unknown> }).data[field]).toEqual(made.record[field]);

      // Any other value is refused and nothing is written; even the true one, so guesses cannot be tested.
      const version = (resave.json().data as { version: number }).version;
      const guess = await call(
        test.app,
        'PUT',
        endpointUrl(api.update as Endpoint, made.params),
        { [field]: made.record[field], version },
        { token: unprivileged.token },
      );
      expect(guess.statusCode, guess.body).toBe(403);
      const forged = await call(
        test.app,
        'PUT',
        endpointUrl(api.update as Endpoint, made.params),
        { [field]: 'CHANGED1234567', version },
        { token: unprivileged.token, language: 'de' },
      );
      expect(forged.statusCode, forged.body).toBe(403);
      // The field by its label in the member's language, not its name in the API.
      const de = (key: string, params?: Record<string, string>) => localeText('de', key, params);
      expect(forged.json().message).toBe(de('errors.sensitiveWrite', { field: de(`${resource.name}.fields.${field}`) }));
      expect(forged.json().message).not.toContain(field);
      const after = await test.database.pool.query(`SELECT data, version FROM "${resource.table}" WHERE id = $1`, [made.id]);
      expect((after.rows[0] as { data: Record<string, unknown> }).data[field]).toEqual(made.record[field]);
      const create = await call(test.app, 'POST', endpointUrl(api.create as Endpoint, made.params), made.body, { token: unprivileged.token });
      expect(create.statusCode, create.body).toBe(403);
    },
  );

  it('a member without the right cannot search, filter or sort by a sensitive field', async () => {
    const companies = model.byName.get('companies');
    const made = await maker.make(companies as never, { tax_number: 'TAX998877' });
    const search = (token: string) => call(test.app, 'GET', '/api/companies?search=998877', undefined, { token });
    const found = (response: Awaited<ReturnType<typeof search>>) => (response.json().data as Array<{ id: number }>).some((record) => record.id === made.id);
    expect(found(await search(privileged.token))).toBe(true);
    expect(found(await search(unprivileged.token))).toBe(false);
    const passports = model.byName.get('passports');
    if (passports?.sortFields.includes('number')) {
      const sorted = await call(test.app, 'GET', `/api/employees/1/passports?sort=number`, undefined, { token: unprivileged.token });
      expect([404, 422]).toContain(sorted.statusCode);
    }
  });
});
