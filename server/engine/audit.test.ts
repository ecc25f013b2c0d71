/**
 * The audit trail: create, update and delete (generated and hand-written routes, cascaded deletes
 * too) with before/after values and sensitive ones masked; sensitive reads by permitted members;
 * `/api/audit-log` filters, rights and tenancy; no way to write or delete entries through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_RIGHT, allPermissions } from '../../resources/permissions';
import { call, CSRF, registerUser, type RegisteredUser } from '../test-support/api-client';
import { multipart } from '../test-support/files';
import { databases } from '../test-support/databases';
import { createMember, type Member } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';
import type { Endpoint } from '../../resources/types';
import { endpointUrl, model, RecordMaker } from '../test-support/engine-records';
import { MASK, maskValue } from './masking';
import type { EngineResource } from './model';
import { sampleRecord } from './sample-record';

interface Entry {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string;
  resource: string;
  record_id: number;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  fields: string[] | null;
}

describe.each(databases)('the audit trail on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let clerk: Member;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    clerk = await createMember(test.app, owner.token, { permissions: allPermissions().filter((right) => right !== AUDIT_RIGHT) });
  });
  afterAll(async () => test?.close());

  const log = async (query: string, token = owner.token) => {
    const response = await call(test.app, 'GET', `/api/audit-log?${query}`, undefined, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Entry[]; pagination: { total: number } }>();
  };

  it('records create, update and delete with who, what and the changed fields before and after', async () => {
    const created = await call(test.app, 'POST', '/api/orders/store', { cargo_number: 'KB-1', customer: 'Kyiv → Berlin', price: 1200 }, { token: clerk.token });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data._id as number;
    const updated = await call(test.app, 'PUT', `/api/orders/update/${id}`, { version: 1, price: 1500 }, { token: clerk.token });
    expect(updated.statusCode, updated.body).toBe(200);
    // Saving without a change is not news.
    await call(test.app, 'PUT', `/api/orders/update/${id}`, { version: 2 }, { token: clerk.token });
    expect((await call(test.app, 'DELETE', `/api/orders/destroy/${id}`, undefined, { token: clerk.token })).statusCode).toBe(200);

    const { data } = await log(`resource=orders&record_id=${id}`);
    expect(data.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, update, create] = data as [Entry, Entry, Entry];
    expect(create).toMatchObject({ user_id: clerk.id, user_name: 'Mia Member', resource: 'orders', record_id: id });
    expect(create.changes).toMatchObject({ customer: { before: null, after: 'Kyiv → Berlin' }, price: { before: null, after: 1200 } });
    expect(update.changes).toEqual({ price: { before: 1200, after: 1500 } });
    expect(deleted.changes).toMatchObject({ price: { before: 1500, after: null } });
  });

  it('masks sensitive values and never shows a password, even to administrators', async () => {
    const company = (await call(test.app, 'GET', '/api/companies', undefined, { token: owner.token })).json().data[0] as { id: number };
    const bank = await call(
      test.app,
      'POST',
      `/api/${company.id}/banks/store`,
      { account_name: 'Main account', bank_name: 'Sparkasse', iban: 'DE89370400440532013000', currency: 'EUR' },
      { token: owner.token },
    );
    expect(bank.statusCode, bank.body).toBe(200);
    const [entry] = (await log(`resource=company-banks&record_id=${bank.json().data.id}`)).data;
    expect(entry?.changes?.iban).toEqual({ before: null, after: maskValue('DE89370400440532013000') });
    const member = await createMember(test.app, owner.token);
    const [memberEntry] = (await log(`resource=users&record_id=${member.id}`)).data;
    expect(memberEntry?.changes?.password).toEqual({ before: null, after: MASK });
    expect(JSON.stringify(memberEntry)).not.toMatch(/argon2/);
  });

  it('records deletes that cascade, and the hand-written routes’ writes', async () => {
    const company = (await call(test.app, 'GET', '/api/companies', undefined, { token: owner.token })).json().data[0] as { id: number };
    const employee = await call(test.app, 'POST', `/api/employees/${company.id}/store`, { name: 'Petro', last_name: 'Shevchenko' }, { token: owner.token });
    expect(employee.statusCode, employee.body).toBe(200);
    const employeeId = employee.json().data.id as number;
    const passports = model.byName.get('passports') as EngineResource;
    const passport = await call(test.app, 'POST', `/api/employees/${employeeId}/passports/store`, sampleRecord(passports), { token: owner.token });
    expect(passport.statusCode, passport.body).toBe(200);
    const passportId = passport.json().data.id as number;
    expect((await call(test.app, 'DELETE', `/api/employees/${company.id}/destroy/${employeeId}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect((await log(`resource=employees&record_id=${employeeId}`)).data[0]?.action).toBe('delete');
    expect((await log(`resource=passports&record_id=${passportId}`)).data[0]?.action).toBe('delete');

    const types = model.byName.get('hr-document-types') as EngineResource;
    const type = await call(test.app, 'POST', endpointUrl(types.definition.api.create as Endpoint, {}), sampleRecord(types), { token: owner.token });
    expect(type.statusCode, type.body).toBe(200);
    const typeId = type.json().data.id as number;
    const status = await call(test.app, 'POST', `/api/documents/${typeId}/status/store`, { statuses: [{ name: 'Expired' }] }, { token: owner.token });
    expect(status.statusCode, status.body).toBe(200);
    const entries = (await log(`resource=hr-document-statuses`)).data;
    expect(entries.some((entry) => entry.action === 'create' && entry.user_id === owner.user.id && entry.changes?.name?.after === 'Expired')).toBe(true);
  });

  it('gives a record’s History the changes of what belongs to it, deleted ones too, of the resources the member may view', async () => {
    const maker = new RecordMaker(test.app, owner.token);
    const resource = (name: string) => model.byName.get(name) as EngineResource;
    const post = async (url: string, body: unknown) => {
      const response = await call(test.app, 'POST', url, body, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: number; statuses?: Array<{ id: number }> } }>().data;
    };
    // A status row of a document of an employee: two levels down.
    const employeeId = (await maker.make(resource('employees'))).id;
    const type = await post('/api/documents/store', { name: 'Driving licence', short_name: 'DRL', statuses: [{ name: 'Valid' }] });
    const document = await post(`/api/employees/${employeeId}/documents/${type.id}/store`, {});
    const status = await post(`/api/employees/${employeeId}/documents/${document.id}/status/store`, {
      status: type.statuses?.[0]?.id,
      dateFrom: '2024-01-01',
      relevant: true,
    });
    const passport = await maker.make(resource('passports'), {}, { parentId: employeeId });
    expect(
      (await call(test.app, 'DELETE', endpointUrl(resource('passports').definition.api.delete as Endpoint, passport.params), undefined, { token: owner.token }))
        .statusCode,
    ).toBe(200);
    const otherEmployee = await maker.make(resource('employees'));
    const otherPassport = await maker.make(resource('passports'), {}, { parentId: otherEmployee.id });

    const history = (await log(`resource=employees&record_id=${employeeId}&perPage=100`)).data.map(
      (entry) => `${entry.resource}#${entry.record_id} ${entry.action}`,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        `employees#${employeeId} create`,
        `employee-documents#${document.id} create`,
        `employee-document-statuses#${status.id} create`,
        `passports#${passport.id} create`,
        `passports#${passport.id} delete`,
      ]),
    );
    expect(history.filter((line) => line.startsWith(`passports#${otherPassport.id} `) || line.startsWith(`employees#${otherEmployee.id} `))).toEqual([]);
    // The document's own History holds its own entries only: the status belongs to the employee at the top.
    expect((await log(`resource=employee-documents&record_id=${document.id}`)).data.map((entry) => entry.resource)).toEqual(['employee-documents']);

    // A vehicle's History holds its repair reports' changes for those who may see repairs only.
    const vehicleId = (await maker.make(resource('transport'))).id;
    const { payload, contentType } = multipart([{ field: 'type', content: 'repair' }]);
    const repair = await test.app.inject({
      method: 'POST',
      url: `/api/transport/repairs/store/${vehicleId}`,
      headers: { ...CSRF, authorization: `Bearer ${owner.token}`, 'content-type': contentType },
      payload,
    });
    expect(repair.statusCode, repair.body).toBe(200);
    const repairLine = `repairs#${repair.json<{ data: { repair_id: number } }>().data.repair_id} create`;
    const vehicleHistory = async (token: string) =>
      (await log(`resource=transport&record_id=${vehicleId}`, token)).data.map((entry) => `${entry.resource}#${entry.record_id} ${entry.action}`);
    expect(await vehicleHistory(owner.token)).toContain(repairLine);
    const fleetOnly = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
    expect(await vehicleHistory(fleetOnly.token)).toEqual([`transport#${vehicleId} create`]);
  });

  it('records the registration, a member’s own profile changes, and what a delete clears elsewhere', async () => {
    const fresh = await registerUser(test.app);
    const own = await log(`user_id=${fresh.user.id}`, fresh.token);
    // The owner, the main company and the default document columns (SPEC §3).
    expect(own.data.map((entry) => `${entry.resource}:${entry.action}`).sort()).toEqual([
      'companies:create',
      'transport-document-groups:create',
      'transport-document-groups:create',
      'transport-document-groups:create',
      'users:create',
    ]);
    const profile = await call(
      test.app,
      'POST',
      '/api/profile/update',
      { login: fresh.login, email: fresh.email, name: 'Petra', last_name: 'Profile' },
      { token: fresh.token },
    );
    expect(profile.statusCode, profile.body).toBe(200);
    const [change] = (await log(`resource=users&record_id=${fresh.user.id}`, fresh.token)).data;
    expect(change?.changes).toMatchObject({ name: { before: null, after: 'Petra' }, last_name: { before: null, after: 'Profile' } });
    const password = await call(
      test.app,
      'PUT',
      '/api/profile/update/password',
      { current_password: fresh.password, password: 'another-pass-2', password_confirmation: 'another-pass-2' },
      { token: fresh.token },
    );
    expect(password.statusCode, password.body).toBe(200);
    const token = password.json<{ data: { token: string } }>().data.token;
    const [passwordChange] = (await log(`resource=users&record_id=${fresh.user.id}`, token)).data;
    expect(passwordChange?.changes).toEqual({ password: { before: MASK, after: MASK } });

    // Deleting a department takes it off its members: that change of the member is in the trail too.
    const department = (await call(test.app, 'POST', '/api/departments/store', { name: 'Night shift' }, { token })).json().data as { id: number };
    const member = await createMember(test.app, token, { departments: [department.id] });
    expect((await call(test.app, 'DELETE', `/api/departments/destroy/${department.id}`, undefined, { token })).statusCode).toBe(200);
    const [cleared] = (await log(`resource=users&record_id=${member.id}`, token)).data;
    expect(cleared).toMatchObject({ action: 'update', changes: { departments: { before: [department.id], after: [] } } });
  });

  it('records reads of sensitive data by members allowed to see it, once per record', async () => {
    const company = (await call(test.app, 'GET', '/api/companies', undefined, { token: owner.token })).json().data[0] as { id: number };
    const bank = await call(
      test.app,
      'POST',
      `/api/${company.id}/banks/store`,
      { account_name: 'Hryvnia account', bank_name: 'Monobank', iban: 'UA213223130000026007233566001', currency: 'UAH' },
      { token: owner.token },
    );
    const bankId = bank.json().data.id as number;
    const before = (await log(`resource=company-banks&record_id=${bankId}`)).data.filter((entry) => entry.action === 'read').length;
    await call(test.app, 'GET', `/api/${company.id}/banks`, undefined, { token: clerk.token });
    const reads = (await log(`resource=company-banks&record_id=${bankId}`)).data.filter((entry) => entry.action === 'read');
    expect(reads.length).toBe(before + 1);
    expect(reads[0]).toMatchObject({ user_id: clerk.id, fields: ['iban'] });
    // A member who sees masked values has read nothing sensitive.
    const masked = await createMember(test.app, owner.token, { permissions: ['companies.view'] });
    await call(test.app, 'GET', `/api/${company.id}/banks`, undefined, { token: masked.token });
    const after = (await log(`resource=company-banks&record_id=${bankId}&user_id=${masked.id}`)).data;
    expect(after).toEqual([]);
  });

  it('filters by member, resource and date, and pages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const byClerk = await log(`user_id=${clerk.id}&from=${today}&to=${today}&perPage=10`);
    expect(byClerk.data.length).toBeGreaterThan(0);
    expect(byClerk.data.every((entry) => entry.user_id === clerk.id)).toBe(true);
    expect((await log(`user_id=${clerk.id}&to=2000-01-01`)).data).toEqual([]);
    const onePerPage = await log('perPage=1&page=2');
    expect(onePerPage.data.length).toBe(1);
    // The changes without the reads that every visit of sensitive data writes.
    const all = await log('perPage=100');
    expect(all.pagination.total).toBeLessThanOrEqual(100);
    expect(new Set(all.data.map((entry) => entry.action))).toContain('read');
    const changes = await log('action=create,update,delete&perPage=100');
    expect(changes.data.length).toBeGreaterThan(0);
    expect(changes.data.every((entry) => ['create', 'update', 'delete'].includes(entry.action))).toBe(true);
    expect(changes.data).toEqual(all.data.filter((entry) => entry.action !== 'read' && entry.action !== 'import'));
    expect((await log('action=read&perPage=100')).data.every((entry) => entry.action === 'read')).toBe(true);
    const bad = await call(test.app, 'GET', '/api/audit-log?resource=spaceships&from=yesterday&colour=red&action=create,erase', undefined, {
      token: owner.token,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['action', 'colour', 'from', 'resource']);
  });

  it('the tenant-wide log needs audit.view; a record’s history needs that resource’s view right', async () => {
    expect((await call(test.app, 'GET', '/api/audit-log', undefined, { token: clerk.token })).statusCode).toBe(403);
    expect((await call(test.app, 'GET', '/api/audit-log?resource=orders&record_id=1', undefined, { token: clerk.token })).statusCode).toBe(200);
    const ordersOnly = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    expect((await call(test.app, 'GET', '/api/audit-log?resource=employees&record_id=1', undefined, { token: ordersOnly.token })).statusCode).toBe(403);
  });

  it('another tenant never sees these entries, and no endpoint writes or deletes them', async () => {
    const stranger = await registerUser(test.app);
    const theirs = await log('perPage=100', stranger.token);
    expect(theirs.data.every((entry) => entry.user_id === stranger.user.id)).toBe(true);
    const ours = await log(`user_id=${clerk.id}`, stranger.token);
    expect(ours.data).toEqual([]);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await call(test.app, method, '/api/audit-log', {}, { token: owner.token });
      expect(response.statusCode).toBe(404);
    }
    expect(test.app.apiRoutes.filter((route) => route.url.startsWith('/api/audit-log')).map((route) => route.method)).toEqual(['GET']);
  });
});
