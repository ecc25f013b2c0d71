import { allPermissions } from '../../resources/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectErrorShape, registerUser, registrationBody, signIn, uniqueLogin, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('auth on %s', (kind) => {
  let server: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    server = await startTestApp(kind);
    owner = await registerUser(server.app, { company_name: '  Rolling Freight GmbH ' });
  });
  afterAll(() => server?.close());

  const post = (url: string, body?: unknown, options?: Parameters<typeof call>[4]) => call(server.app, 'POST', url, body, options);

  describe('register', () => {
    it('answers the token and the new owner with the spec message', async () => {
      const body = registrationBody();
      const response = await post('/api/register', body);
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer.message).toBe(en('auth.registerSuccess'));
      expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(answer.data.user).toEqual({
        id: expect.any(Number),
        login: body.login,
        name: null,
        last_name: null,
        email: body.email,
        phone: body.phone,
        job_position: null,
        avatar: null,
        is_owner: true,
        // The owner is the first administrator, and the session carries every right they hold.
        administrator: true,
        active: true,
        permissions: allPermissions(),
        departments: [],
        company: { id: expect.any(Number), name: body.company_name },
        version: 1,
      });
      expect(answer.data.user).not.toHaveProperty('password_hash');
    });

    it('creates the tenant, its main company (trimmed name) and its owner together', async () => {
      const { rows } = await server.database.pool.query(
        `SELECT u.tenant_id, u.is_owner, c.data, c.created_by, c.tenant_id AS company_tenant
           FROM users u JOIN companies c ON c.tenant_id = u.tenant_id WHERE u.id = $1`,
        [owner.user.id],
      );
      expect(rows).toEqual([
        {
          tenant_id: expect.any(Number),
          is_owner: true,
          data: { name: 'Rolling Freight GmbH', main: true },
          created_by: owner.user.id,
          company_tenant: rows[0].tenant_id,
        },
      ]);
      expect(owner.user.company.name).toBe('Rolling Freight GmbH');
    });

    it('stores an argon2id hash, never the password', async () => {
      const { rows } = await server.database.pool.query('SELECT password_hash FROM users WHERE id = $1', [owner.user.id]);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(rows[0].password_hash).not.toContain(owner.password);
    });

    it('rejects a login or e-mail already taken, whatever the letter case, on that field', async () => {
      const sameLogin = await post('/api/register', registrationBody({ login: owner.login.toUpperCase() }));
      expect(sameLogin.statusCode).toBe(422);
      expect(expectErrorShape(sameLogin)).toEqual({ message: en('errors.invalidData'), errors: { login: [en('validation.unique')] } });

      const sameEmail = await post('/api/register', registrationBody({ email: owner.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(422);
      expect(sameEmail.json().errors).toEqual({ email: [en('validation.unique')] });
    });

    it('lets only one of two simultaneous registrations with one login through', async () => {
      const login = uniqueLogin('race');
      const answers = await Promise.all([post('/api/register', registrationBody({ login })), post('/api/register', registrationBody({ login }))]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      expect(answers.find((answer) => answer.statusCode === 422)?.json().errors).toEqual({ login: [en('validation.unique')] });
    });

    it.each([
      ['a login shorter than 8 characters', { login: 'short1' }, 'login', en('validation.minLength', { limit: 8 })],
      ['a login longer than 128 characters', { login: 'a'.repeat(129) }, 'login', en('validation.maxLength', { limit: 128 })],
      ['a login with spaces', { login: 'with space 1' }, 'login', en('validation.format.login')],
      ['an empty login', { login: '' }, 'login', en('validation.required')],
      ['a password shorter than 8 characters', { password: 'short', password_confirmation: 'short' }, 'password', en('validation.minLength', { limit: 8 })],
      [
        'a password longer than 128 characters',
        { password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) },
        'password',
        en('validation.maxLength', { limit: 128 }),
      ],
      ['a confirmation that differs', { password_confirmation: 'something-else' }, 'password_confirmation', en('validation.sameAs')],
      ['an invalid e-mail', { email: 'not-an-email' }, 'email', en('validation.format.email')],
      ['an invalid phone number', { phone: '12' }, 'phone', en('validation.format.phone')],
      ['an empty company name', { company_name: '' }, 'company_name', en('validation.required')],
      ['a blank company name', { company_name: '   ' }, 'company_name', en('validation.format.not-blank')],
      ['an empty e-mail (only "required", not also the format)', { email: '' }, 'email', en('validation.required')],
      ['an unknown field', { role: 'admin' }, 'role', en('validation.notAllowed')],
      ['a number where text belongs (not coerced)', { phone: 4930123456 }, 'phone', en('validation.type.string')],
      ['a list where text belongs (not coerced)', { login: ['abcdefghij'] }, 'login', en('validation.type.string')],
    ])('rejects %s with 422 on that field', async (_rule, overrides, field, message) => {
      const response = await post('/api/register', registrationBody(overrides));
      expect(response.statusCode).toBe(422);
      const body = expectErrorShape(response);
      expect(body.message).toBe(en('errors.invalidData'));
      expect(body.errors?.[field]).toEqual([message]);
    });

    it('lists every missing field of an empty body as required', async () => {
      const response = await post('/api/register', {});
      expect(response.statusCode).toBe(422);
      const required = [en('validation.required')];
      expect(response.json().errors).toEqual({
        login: required,
        email: required,
        phone: required,
        company_name: required,
        password: required,
        password_confirmation: required,
      });
    });

    it('answers validation errors in German when asked, from the German locale file', async () => {
      const response = await post('/api/register', registrationBody({ login: 'short1', email: 'nope' }), { language: 'de-DE,de;q=0.9,en;q=0.5' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: localeText('de', 'errors.invalidData'),
        errors: {
          login: [localeText('de', 'validation.minLength', { limit: 8 })],
          email: [localeText('de', 'validation.format.email')],
        },
      });
    });

    it('falls back to English for a language Fleetdesk does not offer', async () => {
      const response = await post('/api/register', {}, { language: 'fr-FR' });
      expect(response.json().message).toBe(en('errors.invalidData'));
    });
  });

  describe('login', () => {
    it('answers a working token, the user and the spec message', async () => {
      const response = await post('/api/login', { login: owner.login, password: owner.password });
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer.message).toBe(en('auth.loginSuccess'));
      expect(answer.data.user).toMatchObject({ id: owner.user.id, login: owner.login, company: owner.user.company });
      const profile = await call(server.app, 'GET', '/api/profile/show', undefined, { token: answer.data.token });
      expect(profile.statusCode).toBe(200);
    });

    it('accepts the login in any letter case', async () => {
      await expect(signIn(server.app, owner.login.toUpperCase(), owner.password)).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('gives the same answer for a wrong password and for an unknown login', async () => {
      const wrongPassword = await post('/api/login', { login: owner.login, password: 'wrong-password' });
      const unknownLogin = await post('/api/login', { login: uniqueLogin('nobody'), password: 'wrong-password' });
      expect(wrongPassword.statusCode).toBe(422);
      expect(unknownLogin.statusCode).toBe(422);
      expect(wrongPassword.body).toBe(unknownLogin.body);
      expect(wrongPassword.json()).toEqual({ message: en('auth.invalidCredentials'), errors: { login: [en('auth.invalidCredentials')] } });
    });

    it('spends comparable time on an unknown login as on a wrong password', async () => {
      const time = async (login: string) => {
        const started = performance.now();
        await post('/api/login', { login, password: 'wrong-password' });
        return performance.now() - started;
      };
      await time(uniqueLogin('warmup'));
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time(owner.login));
        unknown.push(await time(uniqueLogin('nobody')));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[1];
      // Both verify one argon2id hash (~30–60 ms); without the dummy hash an unknown login takes ~2 ms.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
    });

    it.each([
      ['an empty body', {}, ['login', 'password']],
      ['a number as password', { login: 'someone1', password: 12345678 }, ['password']],
      ['an unknown field', { login: 'someone1', password: 'whatever1', remember: true }, ['remember']],
    ])('rejects %s with 422', async (_case, body, fields) => {
      const response = await post('/api/login', body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(expectErrorShape(response).errors ?? {}).sort()).toEqual([...fields].sort());
    });
  });

  describe('logout', () => {
    it('revokes the token it was made with, and only that one', async () => {
      const first = await signIn(server.app, owner.login, owner.password);
      const second = await signIn(server.app, owner.login, owner.password);
      const response = await post('/api/logout', undefined, { token: first });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: en('auth.logoutSuccess'), data: null });
      expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: first })).statusCode).toBe(401);
      expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: second })).statusCode).toBe(200);
    });

    it('accepts a JSON content type with an empty body', async () => {
      const token = await signIn(server.app, owner.login, owner.password);
      const response = await post('/api/logout', '', { token, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 without a valid token', async () => {
      const response = await post('/api/logout');
      expect(response.statusCode).toBe(401);
      expect(expectErrorShape(response).message).toBe(en('auth.unauthenticated'));
    });
  });

  describe('sessions', () => {
    it.each([
      ['no Authorization header', undefined],
      ['a malformed header', 'Token abc'],
      ['a token that was never issued', `Bearer ${'A'.repeat(43)}`],
      ['a token of the wrong length', 'Bearer abc'],
    ])('answers 401 for %s', async (_case, authorization) => {
      const response = await call(server.app, 'GET', '/api/profile/show', undefined, { headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(expectErrorShape(response).message).toBe(en('auth.unauthenticated'));
    });

    it('answers 401 for an expired token', async () => {
      const token = await signIn(server.app, owner.login, owner.password);
      await server.database.pool.query(
        `UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND created_at = (SELECT max(created_at) FROM auth_tokens WHERE user_id = $1)`,
        [owner.user.id],
      );
      expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token })).statusCode).toBe(401);
    });

    it('stores only the SHA-256 of a token', async () => {
      const token = await signIn(server.app, owner.login, owner.password);
      const { rows } = await server.database.pool.query<{ token_hash: string }>('SELECT token_hash FROM auth_tokens WHERE user_id = $1', [owner.user.id]);
      expect(rows.map((row) => row.token_hash)).not.toContain(token);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    });
  });
});
