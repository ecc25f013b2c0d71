import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordReset } from '../auth/password-resets';
import { call, expectErrorShape, registerUser, signIn, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { captureLogs, type LogCapture } from '../test-support/log-capture';
import { decodeMail, resetLinkIn, startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { startTestApp, type TestApp } from '../test-support/test-app';

async function waitForOutboxMail(dir: string, known: Set<string>, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    const fresh = files.filter((file) => file.endsWith('.eml') && !known.has(file)).sort();
    if (fresh.length > 0) {
      const file = fresh[fresh.length - 1];
      known.add(file);
      return fs.readFile(path.join(dir, file), 'utf8');
    }
    if (Date.now() > deadline) throw new Error('No new mail in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(databases)('password reset on %s', (kind) => {
  describe('without SMTP (outbox)', () => {
    let server: TestApp;
    let logs: LogCapture;
    let user: RegisteredUser;
    let outbox: string;
    const seen = new Set<string>();

    beforeAll(async () => {
      logs = captureLogs();
      server = await startTestApp(kind, { logger: logs.logger });
      outbox = path.join(server.config.dataDir, 'outbox');
      user = await registerUser(server.app);
    });
    afterAll(() => server?.close());

    const post = (url: string, body?: unknown, options?: Parameters<typeof call>[4]) => call(server.app, 'POST', url, body, options);
    const requestReset = async (email: string, language?: string) => {
      const response = await post('/api/forget-password', { email }, { language });
      expect(response.statusCode).toBe(200);
      return resetLinkIn(await waitForOutboxMail(outbox, seen));
    };

    it('answers the same for a known and an unknown e-mail', async () => {
      const known = await post('/api/forget-password', { email: user.email });
      const unknown = await post('/api/forget-password', { email: 'nobody-at-all@example.com' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: en('auth.resetLinkSent'), data: null });
      await waitForOutboxMail(outbox, seen); // the known one's mail, so later tests see only theirs
    });

    it('writes the mail to DATA_DIR/outbox and logs the link for the admin', async () => {
      const { link, token, email } = await requestReset(user.email);
      // In the request's language (English here): the page opens in the mail's language.
      expect(link).toBe(`http://fleetdesk.test/reset-password/${token}/${encodeURIComponent(user.email)}?lng=en`);
      expect(email).toBe(user.email);
      const logged = logs.lines.find((line) => String(line.msg).includes(link));
      expect(logged).toMatchObject({ level: 30, file: expect.stringContaining(outbox) });
    });

    it('sends the mail in the language of the request, as text and HTML', async () => {
      await post('/api/forget-password', { email: user.email }, { language: 'de' });
      const raw = decodeMail(await waitForOutboxMail(outbox, seen));
      expect(raw).toContain('Content-Type: text/plain');
      expect(raw).toContain('Content-Type: text/html');
      expect(raw).toContain(localeText('de', 'auth.resetMail.body'));
      expect(raw).toContain(localeText('de', 'auth.resetMail.greeting', { name: user.login }));
      expect(raw).toContain(`To: ${user.email}`);
    });

    it('resets the password once; the link then stops working', async () => {
      const { token, email } = await requestReset(user.email);
      const body = { token, email, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' };
      const first = await post('/api/update-password', body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: en('auth.passwordReset'), data: null });
      await expect(signIn(server.app, user.login, 'brand-new-pass-1')).resolves.toBeTruthy();
      expect((await post('/api/login', { login: user.login, password: user.password })).statusCode).toBe(422);

      const second = await post('/api/update-password', { ...body, password: 'another-pass-22', password_confirmation: 'another-pass-22' });
      expect(second.statusCode).toBe(422);
      expect(expectErrorShape(second)).toEqual({ message: en('auth.resetTokenInvalid'), errors: { token: [en('auth.resetTokenInvalid')] } });
      user.password = 'brand-new-pass-1';
    });

    it('signs the user out everywhere after a reset', async () => {
      const session = await signIn(server.app, user.login, user.password);
      const token = await createPasswordReset(server.database.pool, user.user.id);
      const response = await post('/api/update-password', { token, email: user.email, password: 'reset-again-3', password_confirmation: 'reset-again-3' });
      expect(response.statusCode).toBe(200);
      expect((await call(server.app, 'GET', '/api/profile/show', undefined, { token: session })).statusCode).toBe(401);
      user.password = 'reset-again-3';
    });

    it('makes links that expire 60 minutes after the request, and refuses expired ones', async () => {
      const token = await createPasswordReset(server.database.pool, user.user.id);
      const { rows } = await server.database.pool.query(
        `SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM password_resets WHERE user_id = $1`,
        [user.user.id],
      );
      expect(rows).toEqual([{ seconds: 3600 }]);
      await server.database.pool.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.user.id]);
      const response = await post('/api/update-password', { token, email: user.email, password: 'too-late-pass', password_confirmation: 'too-late-pass' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ token: [en('auth.resetTokenInvalid')] });
    });

    it('accepts only the newest link of a user', async () => {
      const older = await createPasswordReset(server.database.pool, user.user.id);
      const newer = await createPasswordReset(server.database.pool, user.user.id);
      const body = { email: user.email, password: 'newest-only-1', password_confirmation: 'newest-only-1' };
      expect((await post('/api/update-password', { ...body, token: older })).statusCode).toBe(422);
      expect((await post('/api/update-password', { ...body, token: newer })).statusCode).toBe(200);
      user.password = 'newest-only-1';
    });

    it('refuses a link used with another e-mail address, and a made-up token', async () => {
      const token = await createPasswordReset(server.database.pool, user.user.id);
      const body = { password: 'whatever-pass-1', password_confirmation: 'whatever-pass-1' };
      expect((await post('/api/update-password', { ...body, token, email: 'someone-else@example.com' })).statusCode).toBe(422);
      expect((await post('/api/update-password', { ...body, token: 'x'.repeat(43), email: user.email })).statusCode).toBe(422);
      expect((await post('/api/update-password', { ...body, token: 'short', email: user.email })).statusCode).toBe(422);
      // The refused attempts did not use the link up.
      expect((await post('/api/update-password', { ...body, token, email: user.email.toUpperCase() })).statusCode).toBe(200);
      user.password = body.password;
    });

    it.each([
      ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', en('validation.minLength', { limit: 8 })],
      ['a long password', { password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) }, 'password', en('validation.maxLength', { limit: 128 })],
      ['a confirmation that differs', { password_confirmation: 'different-1' }, 'password_confirmation', en('validation.sameAs')],
      ['an invalid e-mail', { email: 'nope' }, 'email', en('validation.format.email')],
      ['a missing token', { token: undefined }, 'token', en('validation.required')],
    ])('rejects %s when setting the new password', async (_case, overrides, field, message) => {
      const body = { token: 'x'.repeat(43), email: user.email, password: 'valid-pass-1', password_confirmation: 'valid-pass-1', ...overrides };
      const response = await post('/api/update-password', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    });

    it('rejects an invalid e-mail when asking for a link', async () => {
      const response = await post('/api/forget-password', { email: 'not-an-email' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: [en('validation.format.email')] });
    });

    it('never writes passwords or session tokens to the log', async () => {
      const session = await signIn(server.app, user.login, user.password);
      await call(server.app, 'GET', '/api/profile/show', undefined, { token: session });
      await call(
        server.app,
        'PUT',
        '/api/profile/update/password',
        { current_password: user.password, password: 'logged-never-9', password_confirmation: 'logged-never-9' },
        { token: session },
      );
      const text = logs.text();
      expect(logs.lines.length).toBeGreaterThan(10);
      for (const secret of [user.password, 'logged-never-9', 'brand-new-pass-1', session]) expect(text).not.toContain(secret);
      // Reset tokens appear only in the outbox lines meant for the admin.
      const resetLines = logs.lines.filter((line) => /reset-password\//.test(JSON.stringify(line)));
      expect(resetLines.every((line) => String(line.msg).startsWith('Password reset mail written to the outbox'))).toBe(true);
      user.password = 'logged-never-9';
    });
  });

  describe('with SMTP', () => {
    let server: TestApp;
    let sink: SmtpSink;
    let user: RegisteredUser;

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestApp(kind, { env: { SMTP_URL: sink.url, MAIL_FROM: 'Fleetdesk <robot@fleetdesk.test>' } });
      user = await registerUser(server.app);
    });
    afterAll(async () => {
      await server?.close();
      await sink?.close();
    });

    it('delivers the reset mail over SMTP with a link that works once', async () => {
      const response = await call(server.app, 'POST', '/api/forget-password', { email: user.email });
      expect(response.statusCode).toBe(200);
      const mail = await sink.waitForMail(1);
      expect(mail.to).toEqual([user.email]);
      expect(mail.from).toBe('robot@fleetdesk.test');
      expect(decodeMail(mail.raw)).toContain(`Subject: ${en('auth.resetMail.subject')}`);

      const { token, email } = resetLinkIn(mail.raw);
      const body = { token, email, password: 'via-smtp-pass-1', password_confirmation: 'via-smtp-pass-1' };
      expect((await call(server.app, 'POST', '/api/update-password', body)).statusCode).toBe(200);
      await expect(signIn(server.app, user.login, 'via-smtp-pass-1')).resolves.toBeTruthy();
      expect((await call(server.app, 'POST', '/api/update-password', body)).statusCode).toBe(422);
      await expect(fs.readdir(path.join(server.config.dataDir, 'outbox'))).rejects.toThrow();
    });

    it('sends nothing for an unknown e-mail', async () => {
      const before = sink.received.length;
      await call(server.app, 'POST', '/api/forget-password', { email: 'unknown-person@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.received.length).toBe(before);
    });
  });
});
