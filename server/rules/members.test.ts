/**
 * Members and departments: a member made by an administrator signs in; who may grant what; the last
 * administrator is protected; disabling and deleting end sessions at once; members ⇄ departments stay
 * in sync both ways, on create, update and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetPermissions } from '../../resources/permissions';
import { call, registerUser, signIn, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { createMember, storeRights } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('members and departments on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
  });
  afterAll(async () => test?.close());

  const get = (url: string, token: string) => call(test.app, 'GET', url, undefined, { token });
  const usersList = async (token = owner.token) => (await get('/api/users?perPage=100', token)).json().data as Array<Record<string, unknown>>;
  const memberRecord = async (id: number) => (await usersList()).find((record) => record.id === id) as Record<string, unknown>;
  const update = (id: number, body: Record<string, unknown>, token = owner.token) => call(test.app, 'PUT', `/api/users/update/${id}`, body, { token });

  it('a member made by an administrator signs in with the login and password given, and never sees the password again', async () => {
    const member = await createMember(test.app, owner.token, { permissions: presetPermissions('dispatcher') });
    expect(member.record).not.toHaveProperty('password');
    const profile = await get('/api/profile/show', member.token);
    expect(profile.json().data).toMatchObject({ login: member.login, administrator: false });
    expect([...profile.json().data.permissions].sort()).toEqual(presetPermissions('dispatcher').sort());
    const missingPassword = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: 'nopassword1', name: 'Nora', last_name: 'Nopass', email: 'nopass@example.com' },
      { token: owner.token },
    );
    expect(missingPassword.statusCode).toBe(422);
    expect(missingPassword.json().errors.password).toEqual([en('validation.required')]);
    // Said together with the form's other problems, as the create form says them.
    const alsoBadEmail = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: 'nopassword2', name: 'Nora', last_name: 'Nopass', email: 'not-an-email' },
      { token: owner.token },
    );
    expect(alsoBadEmail.statusCode).toBe(422);
    expect(Object.keys(alsoBadEmail.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['email', 'password']);
  });

  it("refuses a weak or personal password an administrator sets for a member, in the member's language, and stores nothing", async () => {
    const body = { login: 'weakling01', name: 'Wanda', last_name: 'Weakling', email: 'wanda.weakling@example.com' };
    const common = await call(test.app, 'POST', '/api/users/store', { ...body, password: 'password123456' }, { token: owner.token });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([en('validation.password.common')]);
    const personal = await call(test.app, 'POST', '/api/users/store', { ...body, password: 'Wanda-Weakling-1' }, { token: owner.token });
    expect(personal.statusCode).toBe(422);
    expect(personal.json().errors.password).toEqual([en('validation.password.personal')]);
    expect((await usersList()).some((record) => record.login === 'weakling01')).toBe(false);
    const member = await createMember(test.app, owner.token);
    const weakReset = await update(member.id, { version: member.record.version, password: 'qwertyuiop' });
    expect(weakReset.statusCode).toBe(422);
    expect(weakReset.json().errors.password).toEqual([en('validation.password.common')]);
    expect(await signIn(test.app, member.login, member.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('logins are unique across all accounts, whatever their case', async () => {
    const response = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: owner.login.toUpperCase(), password: 'long-enough-1', name: 'Dora', last_name: 'Double', email: 'double@example.com' },
      { token: owner.token },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.login).toEqual([en('validation.unique')]);
  });

  it('says a weak password and a taken login and e-mail together, in one answer, so the form is corrected in one go', async () => {
    const response = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: owner.login, password: 'password123456', name: 'Tess', last_name: 'Together', email: owner.email },
      { token: owner.token },
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      login: [en('validation.unique')],
      email: [en('validation.unique')],
      password: [en('validation.password.common')],
    });
    // An edit too: a member's login moved onto the owner's, with a weak new password.
    const member = await createMember(test.app, owner.token);
    const moved = await update(member.id, { version: member.record.version, login: owner.login.toUpperCase(), password: 'qwertyuiop' });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors).toEqual({ login: [en('validation.unique')], password: [en('validation.password.common')] });
  });

  it('a member grants only rights they hold, and only an administrator makes administrators', async () => {
    const manager = await createMember(test.app, owner.token, { permissions: ['users.view', 'users.create', 'users.update', 'orders.view'] });
    const granted = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: 'grantee0001', password: 'long-enough-1', name: 'Gina', last_name: 'Grantee', email: 'grantee1@example.com', permissions: ['orders.view'] },
      { token: manager.token },
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const tooMuch = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: 'grantee0002', password: 'long-enough-1', name: 'Gina', last_name: 'Grantee', email: 'grantee2@example.com', permissions: ['employees.view'] },
      { token: manager.token },
    );
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().message).toBe(en('members.cannotGrant'));
    const admin = await call(
      test.app,
      'POST',
      '/api/users/store',
      { login: 'grantee0003', password: 'long-enough-1', name: 'Gina', last_name: 'Grantee', email: 'grantee3@example.com', administrator: true },
      { token: manager.token },
    );
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe(en('members.onlyAdministrators'));
    const self = await update(
      manager.id,
      { version: manager.record.version, permissions: ['users.view', 'users.create', 'users.update', 'orders.view', 'employees.view'] },
      manager.token,
    );
    expect(self.statusCode).toBe(403);
    // Nor can they take over a stronger member, e.g. by setting its password.
    const stronger = await createMember(test.app, owner.token, { permissions: ['users.view', 'employees.view'] });
    const takeover = await update(stronger.id, { version: stronger.record.version, password: 'taken-over-1' }, manager.token);
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toBe(en('members.strongerMember'));
    const unknown = await update(stronger.id, { version: stronger.record.version, permissions: ['spaceships.view'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['permissions.0']).toEqual([en('validation.format.permission')]);
  });

  it('refuses a right to create, edit or delete without the right to view its area, and keeps one stored so before through other edits', async () => {
    const body = (login: string, permissions: string[]) => ({
      login,
      password: 'long-enough-1',
      name: 'Vic',
      last_name: 'Viewless',
      email: `${login}@example.com`,
      permissions,
    });
    const blind = await call(test.app, 'POST', '/api/users/store', body('viewless001', ['orders.create']), { token: owner.token });
    expect(blind.statusCode, blind.body).toBe(422);
    expect(blind.json().errors.permissions).toEqual([en('members.rightWithoutView')]);
    expect((await test.database.pool.query(`SELECT id FROM users WHERE login = 'viewless001'`)).rows).toEqual([]);
    expect((await call(test.app, 'POST', '/api/users/store', body('viewless002', ['orders.view', 'orders.create']), { token: owner.token })).statusCode).toBe(
      200,
    );

    const member = await createMember(test.app, owner.token, { permissions: ['orders.view', 'orders.create'] });
    const viewTaken = await update(member.id, { version: member.record.version, permissions: ['orders.create'] });
    expect(viewTaken.statusCode).toBe(422);
    expect(viewTaken.json().errors.permissions).toEqual([en('members.rightWithoutView')]);
    // Stored before the rule: an edit of something else goes through, and so does taking the blind right away.
    await storeRights(test.database.pool, member.id, ['orders.create']);
    const renamed = await update(member.id, { version: member.record.version, name: 'Victoria', permissions: ['orders.create'] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.permissions).toEqual(['orders.create']);
    const cleared = await update(member.id, { version: renamed.json().data.version, permissions: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it('the last active administrator cannot be demoted, disabled or deleted, and nobody deletes or disables themselves', async () => {
    const fresh = await registerUser(test.app);
    const ownerRecord = (await (await get('/api/users', fresh.token)).json().data) as Array<Record<string, unknown>>;
    const version = ownerRecord[0]?.version as number;
    // The registration form asks for no names; the member form requires them.
    const named = { name: 'Olga', last_name: 'Owner' };
    const demote = await update(fresh.user.id, { version, ...named, administrator: false }, fresh.token);
    expect(demote.statusCode, demote.body).toBe(422);
    expect(demote.json().errors?.administrator, demote.body).toEqual([en('members.lastAdministrator')]);
    const disable = await update(fresh.user.id, { version, ...named, active: false }, fresh.token);
    expect(disable.statusCode).toBe(422);
    const deleteSelf = await call(test.app, 'DELETE', `/api/users/destroy/${fresh.user.id}`, undefined, { token: fresh.token });
    expect(deleteSelf.statusCode).toBe(409);
    expect(deleteSelf.json().message).toBe(en('members.cannotDeleteSelf'));
    // Once there are two active administrators, one may go (the owner never: below).
    const second = await createMember(test.app, fresh.token, { administrator: true });
    const third = await createMember(test.app, fresh.token, { administrator: true });
    const deleteThird = await call(test.app, 'DELETE', `/api/users/destroy/${third.id}`, undefined, { token: second.token });
    expect(deleteThird.statusCode, deleteThird.body).toBe(200);
    const demoteOwner = await update(fresh.user.id, { version, ...named, administrator: false }, fresh.token);
    expect(demoteOwner.statusCode, demoteOwner.body).toBe(200);
    const lastOne = await createMember(test.app, second.token, { administrator: false, permissions: ['users.view', 'users.delete'] });
    const deleteLast = await call(test.app, 'DELETE', `/api/users/destroy/${second.id}`, undefined, { token: lastOne.token });
    expect(deleteLast.statusCode).toBe(403); // an administrator is stronger than any member
    const stillThere = await get('/api/profile/show', second.token);
    expect(stillThere.statusCode).toBe(200);
  });

  it('keeps the owner’s sign-in, rights and status the owner’s own: another administrator changes the rest and deletes nothing', async () => {
    const fresh = await registerUser(test.app);
    const administrator = await createMember(test.app, fresh.token, { administrator: true });
    const ownerNow = async () => (await usersList(fresh.token)).find((record) => record.id === fresh.user.id) as Record<string, unknown>;
    const named = { name: 'Olga', last_name: 'Owner' };
    const attempts: Array<Record<string, unknown>> = [
      { password: 'taken-over-password-9' },
      { administrator: false },
      { active: false },
      { email: `taken-${fresh.user.id}@example.com` },
      { login: `takenover${fresh.user.id}` },
    ];
    for (const change of attempts) {
      const response = await update(fresh.user.id, { version: (await ownerNow()).version, ...named, ...change }, administrator.token);
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(403);
      expect(response.json().message).toBe(en('members.ownerOnly'));
    }
    expect((await get('/api/orders', fresh.token)).statusCode).toBe(200);
    expect(await ownerNow()).toMatchObject({ administrator: true, active: true, email: fresh.user.email });
    // Names, job and the like are anyone's with the right to edit members.
    const renamed = await update(fresh.user.id, { version: (await ownerNow()).version, ...named, job_position: 'Managing director' }, administrator.token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const deleted = await call(test.app, 'DELETE', `/api/users/destroy/${fresh.user.id}`, undefined, { token: administrator.token });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(en('members.ownerCannotBeDeleted'));
    // The owner may still change another administrator's sign-in.
    const other = await update(administrator.id, { version: administrator.record.version, password: 'a-fresh-password-7' }, fresh.token);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('disabling a member ends all their sessions at once and refuses their sign-in; enabling lets them back', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    const secondSession = await signIn(test.app, member.login, member.password);
    const disabled = await update(member.id, { version: member.record.version, active: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    for (const token of [member.token, secondSession]) expect((await get('/api/orders', token)).statusCode).toBe(401);
    const tokens = await test.database.pool.query('SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = $1', [member.id]);
    expect((tokens.rows[0] as { n: number }).n).toBe(0);
    const login = await call(test.app, 'POST', '/api/login', { login: member.login, password: member.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(en('auth.disabled'));
    const enabled = await update(member.id, { version: (disabled.json().data as { version: number }).version, active: true });
    expect(enabled.statusCode).toBe(200);
    expect(await signIn(test.app, member.login, member.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('deleting a member ends their sessions; a new password set by an administrator does too', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    const reset = await update(member.id, { version: member.record.version, password: 'a-new-password-2' });
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/orders', member.token)).statusCode).toBe(401);
    const token = await signIn(test.app, member.login, 'a-new-password-2');
    const deleted = await call(test.app, 'DELETE', `/api/users/destroy/${member.id}`, undefined, { token: owner.token });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/orders', token)).statusCode).toBe(401);
  });

  it('members and departments stay in sync both ways, on create, update and delete', async () => {
    const department = async (body: Record<string, unknown>) => {
      const response = await call(test.app, 'POST', '/api/departments/store', body, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { id: number; version: number; members: number[] };
    };
    const departmentRecord = async (id: number) =>
      (
        (await get('/api/departments?perPage=100', owner.token)).json().data as Array<{ id: number; members: number[]; head_id?: number; version: number }>
      ).find((record) => record.id === id);

    const drivers = await department({ name: 'Drivers' });
    const office = await department({ name: 'Office' });
    // Member side: a member created in a department is listed by it.
    const anna = await createMember(test.app, owner.token, { departments: [drivers.id] });
    expect((await departmentRecord(drivers.id))?.members).toEqual([anna.id]);
    // Department side: members written on the department land on the members.
    const ben = await createMember(test.app, owner.token);
    const moved = await call(
      test.app,
      'PUT',
      `/api/departments/update/${office.id}`,
      { version: office.version, members: [anna.id, ben.id], head_id: ben.id },
      { token: owner.token },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ members: [anna.id, ben.id], head_id: ben.id });
    expect((await memberRecord(anna.id)).departments).toEqual([drivers.id, office.id]);
    expect((await memberRecord(ben.id)).departments).toEqual([office.id]);
    const removed = await call(
      test.app,
      'PUT',
      `/api/departments/update/${office.id}`,
      { version: moved.json().data.version, members: [ben.id] },
      { token: owner.token },
    );
    expect(removed.statusCode).toBe(200);
    expect((await memberRecord(anna.id)).departments).toEqual([drivers.id]);
    // Member side update.
    const annaNow = await memberRecord(anna.id);
    expect((await update(anna.id, { version: annaNow.version, departments: [office.id] })).statusCode).toBe(200);
    expect((await departmentRecord(drivers.id))?.members).toEqual([]);
    expect((await departmentRecord(office.id))?.members).toEqual([anna.id, ben.id]);
    // Deleting a member leaves the department and its head; deleting a department leaves the members.
    expect((await call(test.app, 'DELETE', `/api/users/destroy/${ben.id}`, undefined, { token: owner.token })).statusCode).toBe(200);
    const officeNow = await departmentRecord(office.id);
    expect(officeNow?.members).toEqual([anna.id]);
    expect(officeNow?.head_id).toBeUndefined();
    expect((await call(test.app, 'DELETE', `/api/departments/destroy/${office.id}`, undefined, { token: owner.token })).statusCode).toBe(200);
    expect((await memberRecord(anna.id)).departments).toEqual([]);
  });

  it('nobody sets their own password through the members list: the profile asks for the current one', async () => {
    const member = await createMember(test.app, owner.token, { permissions: ['users.view', 'users.update', 'orders.view'] });
    const own = await update(member.id, { version: member.record.version, password: 'Pn4!glacier-otter-27' }, member.token);
    expect(own.statusCode, own.body).toBe(422);
    expect(own.json().errors.password).toEqual([en('members.ownPasswordInProfile')]);
    const ownerRecord = await memberRecord(owner.user.id);
    const ownersOwn = await update(owner.user.id, { version: ownerRecord.version, name: 'Otto', last_name: 'Owner', password: 'Pn4!glacier-otter-27' });
    expect(ownersOwn.statusCode, ownersOwn.body).toBe(422);
    expect((await call(test.app, 'POST', '/api/login', { login: member.login, password: 'Pn4!glacier-otter-27' })).statusCode).not.toBe(200);
    expect(await signIn(test.app, member.login, member.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Their other fields still save, and an administrator still sets another member's password.
    const renamed = await update(member.id, { version: member.record.version, name: 'Milla', password: null }, member.token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The form sends a password left blank as null: it keeps the stored one.
    expect(await signIn(test.app, member.login, member.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reset = await update(member.id, { version: renamed.json().data.version, password: 'Pn4!glacier-otter-27' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('changing a department’s members takes the right to edit members, and only members the actor may change', async () => {
    const created = await call(test.app, 'POST', '/api/departments/store', { name: 'Yard' }, { token: owner.token });
    const yard = created.json().data as { id: number; version: number };
    const worker = await createMember(test.app, owner.token, { permissions: ['orders.view'] });
    const manager = await createMember(test.app, owner.token, { permissions: ['departments.view', 'departments.update', 'users.view'] });
    const withoutRight = await call(
      test.app,
      'PUT',
      `/api/departments/update/${yard.id}`,
      { version: yard.version, members: [owner.user.id, worker.id] },
      { token: manager.token, language: 'de' },
    );
    expect(withoutRight.statusCode, withoutRight.body).toBe(422);
    expect(withoutRight.json().errors.members).toEqual([localeText('de', 'departments.membersNeedRight')]);
    expect((await memberRecord(owner.user.id)).departments).toEqual([]);
    // With the right, a member they may change goes in; an administrator may not be moved by them.
    const editor = await createMember(test.app, owner.token, {
      permissions: ['departments.view', 'departments.update', 'users.view', 'users.update', 'orders.view'],
    });
    const administrator = await call(
      test.app,
      'PUT',
      `/api/departments/update/${yard.id}`,
      { version: yard.version, members: [owner.user.id] },
      { token: editor.token },
    );
    expect(administrator.statusCode, administrator.body).toBe(422);
    expect(administrator.json().errors.members).toEqual([en('members.strongerMember')]);
    const allowed = await call(test.app, 'PUT', `/api/departments/update/${yard.id}`, { version: yard.version, members: [worker.id] }, { token: editor.token });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await memberRecord(worker.id)).departments).toEqual([yard.id]);
    expect((await memberRecord(owner.user.id)).departments).toEqual([]);
  });

  it('another tenant’s member cannot be put into a department', async () => {
    const stranger = await registerUser(test.app);
    const response = await call(test.app, 'POST', '/api/departments/store', { name: 'Mixed', members: [stranger.user.id] }, { token: owner.token });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.members).toEqual([en('validation.refMissing')]);
  });
});
