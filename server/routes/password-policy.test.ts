import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordReset } from '../auth/password-resets';
import { call, expectErrorShape, registerUser, registrationBody, signIn, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe.each(databases)('password strength on %s', (kind) => {
  let server: TestApp;
  let anna: RegisteredUser;

  beforeAll(async () => {
    server = await startTestApp(kind);
    anna = await registerUser(server.app);
    const named = { login: anna.login, name: 'Annika', last_name: 'Bergström', email: anna.email };
    expect((await call(server.app, 'POST', '/api/profile/update', named, { token: anna.token })).statusCode).toBe(200);
  });
  afterAll(() => server?.close());

  const post = (url: string, body: unknown, language?: string) => call(server.app, 'POST', url, body, { language });
  const withPassword = (password: string) => ({ password, password_confirmation: password });

  describe('at registration', () => {
    it('refuses a common password of the minimum length, saying why in the language of the request', async () => {
      const english = await post('/api/register', registrationBody(withPassword('password123456')));
      expect(english.statusCode).toBe(422);
      expect(expectErrorShape(english)).toEqual({ message: en('errors.invalidData'), errors: { password: [en('validation.password.common')] } });

      const german = await post('/api/register', registrationBody(withPassword('password123456')), 'de');
      expect(german.json().errors).toEqual({ password: [localeText('de', 'validation.password.common')] });
      expect(localeText('de', 'validation.password.common')).not.toBe(en('validation.password.common'));
    });

    it('refuses a password built from the login or the e-mail address', async () => {
      const body = registrationBody();
      const fromLogin = await post('/api/register', { ...body, ...withPassword(`${body.login}-2024`) }, 'es');
      expect(fromLogin.statusCode).toBe(422);
      expect(fromLogin.json().errors).toEqual({ password: [localeText('es', 'validation.password.personal')] });

      const fromEmail = await post('/api/register', { ...body, ...withPassword(`!${body.email.split('@')[0]}!`) });
      expect(fromEmail.json().errors).toEqual({ password: [en('validation.password.personal')] });
    });

    it('refuses a keyboard walk as too easy to guess', async () => {
      const response = await post('/api/register', registrationBody(withPassword('qwertzuiop12')), 'it');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ password: [localeText('it', 'validation.password.weak')] });
    });

    it('tells a taken login and a weak password in one answer', async () => {
      const response = await post('/api/register', registrationBody({ login: anna.login, ...withPassword('password123456') }));
      expect(response.json().errors).toEqual({ login: [en('validation.unique')], password: [en('validation.password.common')] });
    });

    it('keeps the minimum length as a rule of its own', async () => {
      const response = await post('/api/register', registrationBody(withPassword('Xq7#p')));
      expect(response.json().errors.password).toEqual([en('validation.minLength', { limit: 8 })]);
    });

    it('accepts a strong password and creates the account', async () => {
      const body = registrationBody(withPassword('ferry-lantern-orbit-4'));
      expect((await post('/api/register', body)).statusCode).toBe(200);
      await expect(signIn(server.app, body.login, 'ferry-lantern-orbit-4')).resolves.toBeTruthy();
    });
  });

  describe('at a password change', () => {
    const change = (password: string, language?: string) =>
      call(server.app, 'PUT', '/api/profile/update/password', { current_password: anna.password, ...withPassword(password) }, { token: anna.token, language });

    it('refuses a password built from the member name, in the language of the request', async () => {
      const response = await change('Bergström-2024', 'uk');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ password: [localeText('uk', 'validation.password.personal')] });
    });

    it('refuses a common password, and the old password still works', async () => {
      const response = await change('iloveyou1234', 'el');
      expect(response.json().errors).toEqual({ password: [localeText('el', 'validation.password.common')] });
      await expect(signIn(server.app, anna.login, anna.password)).resolves.toBeTruthy();
    });

    it('accepts a strong password', async () => {
      const response = await change('maple-quartz-hinge-7');
      expect(response.statusCode).toBe(200);
      anna.token = response.json().data.token;
      anna.password = 'maple-quartz-hinge-7';
    });
  });

  describe('at a password reset', () => {
    it('refuses a weak password without using the link up', async () => {
      const token = await createPasswordReset(server.database.pool, anna.user.id);
      const weak = await post('/api/update-password', { token, email: anna.email, ...withPassword('annika1984') }, 'de');
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors).toEqual({ password: [localeText('de', 'validation.password.personal')] });

      const common = await post('/api/update-password', { token, email: anna.email, ...withPassword('football123') });
      expect(common.json().errors).toEqual({ password: [en('validation.password.common')] });

      const strong = await post('/api/update-password', { token, email: anna.email, ...withPassword('copper-walrus-tide-3') });
      expect(strong.statusCode).toBe(200);
      await expect(signIn(server.app, anna.login, 'copper-walrus-tide-3')).resolves.toBeTruthy();
    });
  });
});
