import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delaySeconds } from '../auth/sign-in-throttle';
import { buildServer } from '../build-server';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { en, localeText } from '../test-support/locale-text';
import { decodeMail, startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { startTestApp, type TestApp } from '../test-support/test-app';

const POLICY = { freeFailures: 5, maxDelaySeconds: 60, alertAfter: 10 };

describe('the per-account delay', () => {
  it('starts after five failures at 2 seconds and doubles up to a minute', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50].map((failures) => delaySeconds(failures, POLICY))).toEqual([0, 0, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe.each(databases)('failed sign-ins per account on %s', (kind) => {
  let server: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, { env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  let addressNumber = 0;
  /** Each attempt from an address of its own: the per-address limit never sees two. */
  const attempt = (login: string, password: string, options: { language?: string; app?: TestApp['app'] } = {}) =>
    call(
      options.app ?? server.app,
      'POST',
      '/api/login',
      { login, password },
      { language: options.language, remoteAddress: `198.51.100.${++addressNumber % 250}` },
    );
  const failTimes = async (login: string, times: number) => {
    for (let index = 0; index < times; index++) expect((await attempt(login, 'wrong-guess-number')).statusCode).toBe(422);
  };
  /** Moves the wait of a login to its end, instead of sleeping through it. */
  const endWait = (login: string) =>
    server.database.pool.query(`UPDATE sign_in_failures SET next_attempt_at = now() - interval '1 second' WHERE login_key = lower($1)`, [login]);
  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

  it('makes the sixth attempt of an account wait, whatever the address, with the wait in the language of the request', async () => {
    const user = await registerUser(server.app);
    const bystander = await registerUser(server.app);
    await failTimes(user.login, 5);
    // The right password does not get through during the wait either: nothing is tried.
    const refused = await attempt(user.login, user.password, { language: 'de' });
    expect(refused.statusCode).toBe(429);
    const seconds = retryAfter(refused);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(2);
    expect(expectErrorShape(refused)).toEqual({ message: localeText('de', 'auth.accountThrottled', { seconds }) });
    // Another account is not slowed down.
    expect((await attempt(bystander.login, bystander.password)).statusCode).toBe(200);
  });

  it('lets the right password in once the wait is over, and starts the count again', async () => {
    const user = await registerUser(server.app);
    await failTimes(user.login, 5);
    const refused = await attempt(user.login, user.password);
    expect(refused.statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, retryAfter(refused) * 1000 + 100));
    expect((await attempt(user.login, user.password)).statusCode).toBe(200);
    await failTimes(user.login, 5);
    expect((await attempt(user.login, 'wrong-guess-number')).statusCode).toBe(429);
  });

  it('doubles the wait with each further failure', async () => {
    const user = await registerUser(server.app);
    await failTimes(user.login, 5);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      await endWait(user.login);
      await failTimes(user.login, 1);
      waits.push(retryAfter(await attempt(user.login, 'wrong-guess-number')));
    }
    expect(waits.map((wait, index) => wait > (4 << index) / 2 && wait <= 4 << index)).toEqual([true, true, true]); // ~4, 8, 16 s
  });

  it('throttles a login that does not exist alike, so a 429 tells nothing about who has an account', async () => {
    await failTimes('nobody.at.all', 5);
    const refused = await attempt('nobody.at.all', 'wrong-guess-number');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: en('auth.accountThrottled', { seconds: retryAfter(refused) }) });
  });

  it('lets one of two attempts that arrive together after the wait be tried, and makes the other wait', async () => {
    const user = await registerUser(server.app);
    await failTimes(user.login, 5);
    await endWait(user.login);
    const answers = await Promise.all([attempt(user.login, 'wrong-guess-number'), attempt(user.login, 'wrong-guess-number')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([422, 429]);
  });

  it('counts in the database: a second server on the same database makes the account wait too', async () => {
    const other = await buildServer({ config: server.config, database: server.database, logger: false });
    await other.ready();
    try {
      const user = await registerUser(server.app);
      await failTimes(user.login, 5);
      expect((await attempt(user.login, user.password, { app: other })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  describe("the owner's mail", () => {
    let owner: RegisteredUser;
    const alertsTo = async (email: string) =>
      (await server.database.pool.query(`SELECT count(*) AS count FROM outgoing_mail WHERE kind = 'sign-in-alert' AND to_address = $1`, [email])).rows[0]
        .count as number;

    beforeAll(async () => {
      owner = await registerUser(server.app);
      // The owner reads Italian: the mail is in their language, whatever the language of the failed attempts.
      const settings = { digest_enabled: true, digest_hour: 7, steps: [7, 0], time_zone: 'Europe/Rome', language: 'it' };
      expect((await call(server.app, 'PUT', '/api/profile/reminders', settings, { token: owner.token })).statusCode).toBe(200);
    });

    it('is sent after ten failures, in the owner language, and the account still opens with the right password', async () => {
      await failTimes(owner.login, 5);
      for (let failure = 6; failure <= 9; failure++) {
        await endWait(owner.login);
        await failTimes(owner.login, 1);
      }
      expect(await alertsTo(owner.email)).toBe(0);
      await endWait(owner.login);
      await failTimes(owner.login, 1);
      expect(await alertsTo(owner.email)).toBe(1);

      const before = sink.received.length;
      await server.app.backgroundJobs.sendMails();
      const mail = await sink.waitForMail(before + 1);
      expect(mail.to).toEqual([owner.email]);
      const text = decodeMail(mail.raw);
      expect(text).toContain(`Subject: ${localeText('it', 'auth.signInAlert.subject')}`);
      expect(text).toContain(localeText('it', 'auth.signInAlert.body', { count: 10, login: owner.login }));
      expect(text).toContain('http://fleetdesk.test/security');

      const refused = await attempt(owner.login, owner.password);
      expect(retryAfter(refused)).toBeLessThanOrEqual(60);
      await endWait(owner.login);
      expect((await attempt(owner.login, owner.password)).statusCode).toBe(200);
    });

    it('is sent at most once an hour', async () => {
      await failTimes(owner.login, 5);
      for (let failure = 6; failure <= 12; failure++) {
        await endWait(owner.login);
        await failTimes(owner.login, 1);
      }
      expect(await alertsTo(owner.email)).toBe(1);
      await server.database.pool.query(`UPDATE sign_in_failures SET owner_alerted_at = now() - interval '61 minutes' WHERE login_key = lower($1)`, [
        owner.login,
      ]);
      await endWait(owner.login);
      await failTimes(owner.login, 1);
      expect(await alertsTo(owner.email)).toBe(2);
    });
  });
});
