/** The tenant's main company: always exactly one, on both databases and per tenant. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { startTestApp, type TestApp } from '../test-support/test-app';

interface Company {
  id: number;
  name: string;
  main?: boolean;
  version: number;
}

describe.each(databases)('the main company on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  const companies = async (token = owner.token) =>
    (await call(test.app, 'GET', '/api/companies?perPage=100', undefined, { token })).json<{ data: Company[] }>().data.sort((a, b) => a.id - b.id);
  const mainOf = async (token = owner.token) => (await companies(token)).filter((company) => company.main === true).map((company) => company.id);
  const profileCompany = async (token = owner.token) =>
    (await call(test.app, 'GET', '/api/profile/show', undefined, { token })).json<{ data: { company: { id: number } | null } }>().data.company?.id;
  const create = async (body: Record<string, unknown>, token = owner.token) =>
    (await call(test.app, 'POST', '/api/companies/store', body, { token })).json<{ data: Company }>().data;
  const update = (company: Company, body: Record<string, unknown>, language?: string) =>
    call(test.app, 'PUT', `/api/companies/update/${company.id}`, { ...body, version: company.version }, { token: owner.token, language });

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  it('makes another company the main one in place of the old, in this tenant only', async () => {
    const [registered] = await mainOf();
    const strangersMain = await mainOf(stranger.token);
    expect(registered).toBeDefined();
    const subsidiary = await create({ name: 'Subsidiary GmbH' });
    expect(await mainOf()).toEqual([registered]);
    const made = await update(subsidiary, { main: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(await mainOf()).toEqual([subsidiary.id]);
    expect(await profileCompany()).toBe(subsidiary.id);
    expect(await mainOf(stranger.token)).toEqual(strangersMain);
    // A company made main as it is created takes the place too.
    const holding = await create({ name: 'Holding AG', main: true });
    expect(await mainOf()).toEqual([holding.id]);
  });

  it('refuses a second company of the same name in any case, which an import could no longer tell apart; another tenant may', async () => {
    const first = await create({ name: 'Danube Freight' });
    const count = (await companies()).length;
    const again = await call(test.app, 'POST', '/api/companies/store', { name: 'danube freight' }, { token: owner.token, language: 'it' });
    expect(again.statusCode, again.body).toBe(422);
    expect(expectErrorShape(again).errors?.name?.[0]).toMatch(/uso|utilizzo/i);
    expect(await companies()).toHaveLength(count);
    // Renaming another company to it is refused too; the company itself keeps its name through an edit.
    const other = await create({ name: 'Other Freight' });
    expect((await update(other, { name: 'DANUBE FREIGHT' })).statusCode).toBe(422);
    expect((await update(first, { name: 'Danube Freight', phone: '+49 30 1234567' })).statusCode).toBe(200);
    const theirs = await call(test.app, 'POST', '/api/companies/store', { name: 'Danube Freight' }, { token: stranger.token });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  it('refuses to unmark the main company, under the field and in the member’s language, and changes nothing', async () => {
    const main = (await companies()).find((company) => company.main === true) as Company;
    const refused = await update(main, { main: false, name: 'Renamed' }, 'de');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(expectErrorShape(refused).errors?.main?.[0]).toMatch(/Hauptunternehmen/);
    const after = (await companies()).find((company) => company.id === main.id) as Company;
    expect(after).toMatchObject({ main: true, name: main.name, version: main.version });
  });

  it('refuses to delete the main company, and deletes another one', async () => {
    const main = (await companies()).find((company) => company.main === true) as Company;
    const refused = await call(test.app, 'DELETE', `/api/companies/destroy/${main.id}`, undefined, { token: owner.token });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(expectErrorShape(refused).message).toMatch(/main company/);
    expect(await mainOf()).toEqual([main.id]);
    const other = await create({ name: 'Short-lived Ltd' });
    expect((await call(test.app, 'DELETE', `/api/companies/destroy/${other.id}`, undefined, { token: owner.token })).statusCode).toBe(200);
  });

  it('ends with one main company when two are made main at once', async () => {
    const [first, second] = [await create({ name: 'Race One' }), await create({ name: 'Race Two' })];
    const answers = await Promise.all([update(first, { main: true }), update(second, { main: true })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await mainOf()).toHaveLength(1);
  });
});
