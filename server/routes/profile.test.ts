import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, signIn, uniqueLogin, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { createMember } from '../test-support/members';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('profile on %s', (kind) => {
  let server: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;

  beforeAll(async () => {
    server = await startTestApp(kind);
    [alice, bob] = await Promise.all([
      registerUser(server.app, { company_name: 'Alice Haulage' }),
      registerUser(server.app, { company_name: 'Bob Logistics' }),
    ]);
  });
  afterAll(() => server?.close());

  const profileBody = (user: RegisteredUser, overrides: Record<string, unknown> = {}) => ({
    login: user.login,
    name: 'Alice',
    last_name: 'Müller-Łukasz',
    email: user.email,
    phone: '+44 20 7946 0958',
    job_position: 'Dispatcher',
    ...overrides,
  });

  describe('show', () => {
    it('answers the signed-in user with their company', async () => {
      const response = await call(server.app, 'GET', '/api/profile/show', undefined, { token: alice.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: alice.user });
      expect(response.json().data.company.name).toBe('Alice Haulage');
    });

    it("never shows another tenant's data", async () => {
      const asBob = (await call(server.app, 'GET', '/api/profile/show', undefined, { token: bob.token })).json();
      expect(asBob.data.id).toBe(bob.user.id);
      expect(asBob.data.company).toEqual({ id: bob.user.company.id, name: 'Bob Logistics' });
      expect(JSON.stringify(asBob)).not.toContain(alice.login);
      expect(JSON.stringify(asBob)).not.toContain('Alice Haulage');
    });

    it('answers 401 without a token', async () => {
      expect((await call(server.app, 'GET', '/api/profile/show')).statusCode).toBe(401);
    });
  });

  describe('update', () => {
    it('saves the whole form and answers the updated user with the spec message', async () => {
      const body = profileBody(alice);
      const response = await call(server.app, 'POST', '/api/profile/update', body, { token: alice.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: en('profile.updated'),
        data: {
          ...alice.user,
          name: 'Alice',
          last_name: 'Müller-Łukasz',
          phone: '+44 20 7946 0958',
          job_position: 'Dispatcher',
          version: Number(alice.user.version) + 1,
        },
      });
      const shown = await call(server.app, 'GET', '/api/profile/show', undefined, { token: alice.token });
      expect(shown.json().data.job_position).toBe('Dispatcher');
    });

    it('clears optional fields sent empty', async () => {
      const response = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, { phone: '', job_position: null }), { token: alice.token });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ phone: null, job_position: null });
    });

    it('changes the login (6 characters are enough here) and the new login signs in', async () => {
      const login = `a${uniqueLogin('').slice(0, 5)}`;
      const response = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, { login }), { token: alice.token });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.login).toBe(login);
      await expect(signIn(server.app, login, alice.password)).resolves.toBeTruthy();
      alice.login = login;
    });

    it("refuses another user's login or e-mail (of any tenant), but keeps one's own", async () => {
      const takenLogin = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, { login: bob.login.toUpperCase() }), { token: alice.token });
      expect(takenLogin.statusCode).toBe(422);
      expect(takenLogin.json().errors).toEqual({ login: [en('validation.unique')] });
      const takenEmail = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, { email: bob.email }), { token: alice.token });
      expect(takenEmail.json().errors).toEqual({ email: [en('validation.unique')] });
      const own = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, { email: alice.email.toUpperCase() }), { token: alice.token });
      expect(own.statusCode).toBe(200);
    });

    it.each([
      ['a name shorter than 3 characters', { name: 'Al' }, 'name', en('validation.minLength', { limit: 3 })],
      ['a name with digits', { name: 'Al1ce' }, 'name', en('validation.format.letters')],
      ['a last name shorter than 3 characters', { last_name: 'Li' }, 'last_name', en('validation.minLength', { limit: 3 })],
      ['a last name with symbols', { last_name: 'Smith!' }, 'last_name', en('validation.format.letters')],
      ['a login shorter than 6 characters', { login: 'abcde' }, 'login', en('validation.minLength', { limit: 6 })],
      ['a login with spaces', { login: 'has space' }, 'login', en('validation.format.login')],
      ['an invalid e-mail', { email: 'nope@' }, 'email', en('validation.format.email')],
      ['an invalid phone', { phone: '+1 23' }, 'phone', en('validation.format.phone')],
      ['an empty required name', { name: '' }, 'name', en('validation.required')],
      ['an unknown field', { is_owner: false }, 'is_owner', en('validation.notAllowed')],
      ['a number as name (not coerced)', { name: 12345 }, 'name', en('validation.type.string')],
    ])('rejects %s with 422 on that field', async (_rule, overrides, field, message) => {
      const response = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, overrides), { token: alice.token });
      expect(response.statusCode).toBe(422);
      expect(expectErrorShape(response).errors?.[field]).toEqual([message]);
    });

    it('refuses a save of a form loaded before an administrator changed the member (409), and keeps the change', async () => {
      const member = await createMember(server.app, alice.token);
      const loaded = (await call(server.app, 'GET', '/api/profile/show', undefined, { token: member.token })).json().data;
      expect(loaded.version).toEqual(expect.any(Number));
      const byAdministrator = await call(
        server.app,
        'PUT',
        `/api/users/update/${member.id}`,
        { version: member.record.version, job_position: 'Senior dispatcher' },
        { token: alice.token },
      );
      expect(byAdministrator.statusCode, byAdministrator.body).toBe(200);

      const body = { login: member.login, name: 'Mia', last_name: 'Renamed', email: loaded.email, version: loaded.version };
      const stale = await call(server.app, 'POST', '/api/profile/update', body, { token: member.token });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: en('errors.stale') });
      const now = (await call(server.app, 'GET', '/api/profile/show', undefined, { token: member.token })).json().data;
      expect(now).toMatchObject({ job_position: 'Senior dispatcher', last_name: 'Member' });

      const current = await call(
        server.app,
        'POST',
        '/api/profile/update',
        { ...body, job_position: now.job_position, version: now.version },
        { token: member.token },
      );
      expect(current.statusCode, current.body).toBe(200);
      expect(current.json().data).toMatchObject({ last_name: 'Renamed', job_position: 'Senior dispatcher', version: now.version + 1 });
    });

    it('answers field errors in German when asked', async () => {
      const response = await call(server.app, 'POST', '/api/profile/update', profileBody(alice, { name: 'Al' }), { token: alice.token, language: 'de' });
      expect(response.json()).toEqual({
        message: localeText('de', 'errors.invalidData'),
        errors: { name: [localeText('de', 'validation.minLength', { limit: 3 })] },
      });
    });
  });

  describe('password change', () => {
    let carol: RegisteredUser;
    beforeAll(async () => {
      carol = await registerUser(server.app);
    });

    it('refuses a wrong current password on that field', async () => {
      const response = await call(
        server.app,
        'PUT',
        '/api/profile/update/password',
        { current_password: 'not-my-password', password: 'next-password-1', password_confirmation: 'next-password-1' },
        { token: carol.token },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: en('profile.currentPasswordWrong'), errors: { current_password: [en('profile.currentPasswordWrong')] } });
    });

    it('refuses the current password as the new one, on that field, and keeps every session', async () => {
      const body = { current_password: carol.password, password: carol.password, password_confirmation: carol.password };
      const response = await call(server.app, 'PUT', '/api/profile/update/password', body, { token: carol.token });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: en('profile.samePassword'), errors: { password: [en('profile.samePassword')] } });
      expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: carol.token })).statusCode).toBe(200);
    });

    it.each([
      ['a short new password', { password: 'short', password_confirmation: 'short' }, 'password', en('validation.minLength', { limit: 8 })],
      ['a confirmation that differs', { password_confirmation: 'other-password' }, 'password_confirmation', en('validation.sameAs')],
      ['a missing current password', { current_password: undefined }, 'current_password', en('validation.required')],
    ])('rejects %s', async (_case, overrides, field, message) => {
      const body = { current_password: carol.password, password: 'next-password-1', password_confirmation: 'next-password-1', ...overrides };
      const response = await call(server.app, 'PUT', '/api/profile/update/password', body, { token: carol.token });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    });

    it('lets one of two password changes sent at once through, and tells the other its current password is no longer right', async () => {
      const dave = await registerUser(server.app);
      const changes = ['Plum-Harbour-Tangent-81', 'Violet-Quarry-Saddle-27'].map((password) => ({
        password,
        response: call(
          server.app,
          'PUT',
          '/api/profile/update/password',
          { current_password: dave.password, password, password_confirmation: password },
          { token: dave.token },
        ),
      }));
      const answered = await Promise.all(changes.map(async (change) => ({ password: change.password, response: await change.response })));
      const statuses = answered.map(({ response }) => response.statusCode).sort();
      // The second waits for the first and then meets the new password (422), or arrives with a revoked session (401).
      expect(statuses[0]).toBe(200);
      expect([401, 422]).toContain(statuses[1]);
      const [winner, loser] = answered[0].response.statusCode === 200 ? answered : [answered[1], answered[0]];
      expect(winner.response.json().data.version).toEqual(expect.any(Number));
      await expect(signIn(server.app, dave.login, winner.password)).resolves.toBeTruthy();
      expect((await call(server.app, 'POST', '/api/login', { login: dave.login, password: loser.password })).statusCode).toBe(422);
    });

    it('signs out every other session and answers a fresh token that works', async () => {
      const otherDevice = await signIn(server.app, carol.login, carol.password);
      const body = { current_password: carol.password, password: 'next-password-1', password_confirmation: 'next-password-1' };
      const response = await call(server.app, 'PUT', '/api/profile/update/password', body, { token: carol.token });
      expect(response.statusCode).toBe(200);
      const { message, data } = response.json();
      expect(message).toBe(en('profile.passwordChanged'));
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const revoked of [otherDevice, carol.token]) {
        expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: revoked })).statusCode).toBe(401);
      }
      expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: data.token })).statusCode).toBe(200);
      await expect(signIn(server.app, carol.login, 'next-password-1')).resolves.toBeTruthy();
      expect((await call(server.app, 'POST', '/api/login', { login: carol.login, password: carol.password })).statusCode).toBe(422);
    });
  });
});
