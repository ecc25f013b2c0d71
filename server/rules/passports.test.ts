/** An employee's passports: at most five, one primary (SPEC §3, §8), on both databases and per tenant. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineResource } from '../engine/model';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { model, RecordMaker } from '../test-support/engine-records';
import { localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { MAX_PASSPORTS_PER_EMPLOYEE } from './passports';

const employees = model.byName.get('employees') as EngineResource;

interface Passport {
  id: number;
  number: string;
  primary?: boolean;
  version: number;
}

describe.each(databases)('passports of an employee on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let counter = 0;

  const add = (employeeId: number, body: Record<string, unknown> = {}, token = owner.token, language?: string) =>
    call(test.app, 'POST', `/api/employees/${employeeId}/passports/store`, { number: `AB${100000 + counter++}`, type: 'usual', ...body }, { token, language });
  const list = async (employeeId: number) =>
    (await call(test.app, 'GET', `/api/employees/${employeeId}/passports`, undefined, { token: owner.token }))
      .json<{ data: Passport[] }>()
      .data.sort((left, right) => left.id - right.id);
  const newEmployee = async (token = owner.token) => (await new RecordMaker(test.app, token).make(employees)).id;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it(`refuses a passport beyond the ${MAX_PASSPORTS_PER_EMPLOYEE}th with a message in the member's language, and writes nothing`, async () => {
    const employee = await newEmployee();
    for (let index = 0; index < MAX_PASSPORTS_PER_EMPLOYEE; index++) expect((await add(employee)).statusCode).toBe(200);
    const refused = await add(employee, {}, owner.token, 'uk');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(expectErrorShape(refused).message).toMatch(/5/);
    expect(refused.json().message).not.toMatch(/passport/i);
    expect(await list(employee)).toHaveLength(MAX_PASSPORTS_PER_EMPLOYEE);
    // Another employee's count is their own.
    expect((await add(await newEmployee())).statusCode).toBe(200);
  });

  it('refuses a number the employee’s other passport has (x-unique within the owner), on create and on update', async () => {
    const employee = await newEmployee();
    const first = (await add(employee, { number: 'AB1234567' })).json<{ data: Passport }>().data;
    const twice = await add(employee, { number: 'AB1234567' }, owner.token, 'de');
    expect(twice.statusCode, twice.body).toBe(422);
    expect(expectErrorShape(twice).errors?.number).toEqual([localeText('de', 'validation.unique')]);
    expect(await list(employee)).toHaveLength(1);
    const second = (await add(employee, { number: 'CD7654321' })).json<{ data: Passport }>().data;
    const renamed = await call(
      test.app,
      'PUT',
      `/api/employees/${employee}/passports/${second.id}/update`,
      { number: 'AB1234567', version: second.version },
      { token: owner.token },
    );
    expect(renamed.statusCode, renamed.body).toBe(422);
    // Saving a passport with its own number again is fine, and another employee's numbers are theirs.
    const same = await call(
      test.app,
      'PUT',
      `/api/employees/${employee}/passports/${first.id}/update`,
      { number: 'AB1234567', version: first.version },
      { token: owner.token },
    );
    expect(same.statusCode, same.body).toBe(200);
    expect((await add(await newEmployee(), { number: 'AB1234567' })).statusCode).toBe(200);
  });

  it('keeps one primary passport: making another primary clears the old one, on create and on update', async () => {
    const employee = await newEmployee();
    const first = (await add(employee, { primary: true })).json<{ data: Passport }>().data;
    const second = (await add(employee, { primary: true })).json<{ data: Passport }>().data;
    expect((await list(employee)).map((passport) => [passport.id, passport.primary === true])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    const stale = (await list(employee)).find((passport) => passport.id === first.id) as Passport;
    const updated = await call(
      test.app,
      'PUT',
      `/api/employees/${employee}/passports/${first.id}/update`,
      { primary: true, version: stale.version },
      { token: owner.token },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await list(employee)).map((passport) => [passport.id, passport.primary === true])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    // The cleared passport's change is in the audit trail (reads of its number are, too: left aside).
    const history = await call(test.app, 'GET', `/api/audit-log?resource=passports&record_id=${second.id}`, undefined, { token: owner.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json<{ data: Array<{ action: string }> }>()
        .data.map((entry) => entry.action)
        .filter((action) => action !== 'read'),
    ).toEqual(['update', 'create']);
  });

  it('another tenant can neither add to nor change an employee’s passports', async () => {
    const employee = await newEmployee();
    const mine = (await add(employee, { primary: true })).json<{ data: Passport }>().data;
    expect((await add(employee, { primary: true }, stranger.token)).statusCode).toBe(404);
    const theirs = await newEmployee(stranger.token);
    expect((await add(theirs, { primary: true }, stranger.token)).statusCode).toBe(200);
    // Their primary passport left mine as it was.
    expect((await list(employee)).find((passport) => passport.id === mine.id)?.primary).toBe(true);
    const changed = await call(
      test.app,
      'PUT',
      `/api/employees/${employee}/passports/${mine.id}/update`,
      { primary: false, version: mine.version },
      { token: stranger.token },
    );
    expect(changed.statusCode).toBe(404);
  });
});
