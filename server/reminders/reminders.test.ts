/**
 * E-mail reminders end to end (issue 14): the daily digest reaches a real SMTP sink with what the member
 * may see, in their language, with links; each reminder of one obligation and step goes out once — across
 * two server processes running at the same time, and after a process died holding a job or a mail; a mail
 * server that refuses is retried with backoff, and one that always refuses leaves the mail `failed` for the
 * tenant's administrators. The clock is the run's `now`, never a wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../build-server';
import { openDatabase, type Database } from '../db/database';
import { createTranslator } from '../i18n/i18n';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { ComplianceRecords, dayFromToday } from '../test-support/compliance-records';
import { databases } from '../test-support/databases';
import { createMember, type Member } from '../test-support/members';
import { decodeMail, startSmtpSink, type SmtpSink } from '../test-support/smtp-sink';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { claimDigestJobs, type DigestJob } from './digest-jobs';
import { runDigestJob } from './digest';

const translator = createTranslator();
const noon = new Date(`${dayFromToday(0)}T12:00:00Z`);
const after = (seconds: number) => new Date(noon.getTime() + seconds * 1000);
const APP_URL = 'http://fleetdesk.test';

describe.each(databases)('e-mail reminders on %s', (kind) => {
  let sink: SmtpSink;
  let test: TestApp;
  let refusal: (() => string | null) | null = null;

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: () => refusal?.() ?? null });
    test = await startTestApp(kind, { env: { SMTP_URL: sink.url, MAIL_RETRY_SECONDS: '60', MAIL_MAX_ATTEMPTS: '6' } });
  });
  afterAll(async () => {
    await test?.close();
    await sink?.close();
  });

  const query = async <Row>(text: string, values: unknown[] = []) => (await test.database.pool.query(text, values)).rows as Row[];
  const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email)).map((mail) => decodeMail(mail.raw));
  const queued = (email: string) =>
    query<{ id: number; subject: string; html_body: string; state: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(
      `SELECT id, subject, html_body, state, attempts, next_attempt_at, last_error FROM outgoing_mail WHERE to_address = $1 ORDER BY id`,
      [email],
    );
  const sentTo = async (userId: number) =>
    (await query<{ item_key: string; step: number }>(`SELECT item_key, step FROM reminders_sent WHERE user_id = $1 ORDER BY item_key`, [userId])).map(
      (row) => `${row.step}:${row.item_key}`,
    );
  const settings = async (token: string, change: object) => {
    const body = { digest_enabled: true, digest_hour: 7, steps: [30, 14, 7, 1, 0], time_zone: 'UTC', language: 'en', ...change };
    const response = await call(test.app, 'PUT', '/api/profile/reminders', body, { token });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A new tenant: its owner (an administrator) and a way to write its records. */
  async function newTenant() {
    const owner = await registerUser(test.app);
    const [{ tenant_id: tenantId }] = await query<{ tenant_id: number }>('SELECT tenant_id FROM users WHERE id = $1', [owner.user.id]);
    return { owner, records: new ComplianceRecords(test.database.pool, Number(tenantId), owner.user.id) };
  }

  describe('the digest', () => {
    let owner: RegisteredUser;
    let records: ComplianceRecords;
    let anna: number;
    let annaStatus: number;
    let annaDocument: number;
    let truck: number;

    beforeAll(async () => {
      ({ owner, records } = await newTenant());
      const licence = await records.documentType('Führerschein C');
      anna = await records.employee(owner.user.company.id, 'Anna');
      ({ statusId: annaStatus, documentId: annaDocument } = await records.document(anna, licence, 7));
      await records.document(await records.employee(owner.user.company.id, 'Bertha'), licence, 200);
      await records.document(await records.employee(owner.user.company.id, 'Olly', `O'Neil & <Co>`), licence, 30);
      truck = await records.vehicle('Truck 07', 14);
    });

    it('reaches the member with what has reached a step, in their language, each line linking to its record', async () => {
      await settings(owner.token, { language: 'de', time_zone: 'Europe/Berlin' });
      const report = await test.app.backgroundJobs.runOnce(noon);
      expect(report.digests.mailed).toBeGreaterThanOrEqual(1);
      const [mail, ...more] = mailsTo(owner.email);
      expect(more).toEqual([]);
      const t = translator.forLanguage('de');
      expect(mail).toContain(t('reminders.mail.intro'));
      expect(mail).toContain('Anna Driver');
      expect(mail).toContain(`${t('reminders.mail.kinds.document')} · Führerschein C`);
      expect(mail).toContain(t('reminders.mail.daysLeft', { count: 7 }));
      expect(mail).toContain(`${APP_URL}/personal-main/employee/${anna}?tab=employee-documents&companyId=${owner.user.company.id}&document=${annaDocument}`);
      expect(mail).toContain(`${t('reminders.mail.subjects.vehicle')}: Truck 07`);
      expect(mail).toContain(`${APP_URL}/transport/${truck}?tab=documents`);
      expect(mail).toContain(`${APP_URL}/settings`);
      expect(mail).not.toContain('Bertha'); // 200 days away: beyond the largest step
      const [row] = await queued(owner.email);
      expect(row).toMatchObject({ state: 'sent', attempts: 1, subject: t('reminders.mail.subject', { count: 3 }) });
      // Every value is escaped in the HTML part.
      expect(row.html_body).toContain('O&#39;Neil &amp; &lt;Co&gt;');
      expect(row.html_body).not.toContain('<Co>');
      const sent = await sentTo(owner.user.id);
      expect(sent).toHaveLength(3);
      expect(sent).toContain(`7:document:${annaStatus}:${dayFromToday(7)}`);
      expect(sent.filter((reminder) => reminder.startsWith('14:vehicle-document:'))).toHaveLength(1);
    });

    it('sends each reminder once: nothing again the same day, no empty mail the next, then only what reached a new step', async () => {
      const before = mailsTo(owner.email).length;
      await test.app.backgroundJobs.runOnce(after(3600));
      // The next day's job (today's forgotten): the same steps, nothing new, so no mail at all.
      await query('DELETE FROM reminder_jobs WHERE user_id = $1', [owner.user.id]);
      const quiet = await test.app.backgroundJobs.runOnce(after(7200));
      expect(quiet.enqueued).toBeGreaterThanOrEqual(1);
      expect(mailsTo(owner.email)).toHaveLength(before);
      expect(await query(`SELECT state FROM reminder_jobs WHERE user_id = $1`, [owner.user.id])).toEqual([{ state: 'done' }]);

      // Anna's document now ends tomorrow: step 1; the truck stays at its step 14, already sent.
      await records.merge('r_employee_document_statuses', annaStatus, { dateUpTo: dayFromToday(1) });
      await query('DELETE FROM reminder_jobs WHERE user_id = $1', [owner.user.id]);
      await test.app.backgroundJobs.runOnce(after(10_800));
      const mails = mailsTo(owner.email);
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)).toContain('Anna Driver');
      expect(mails.at(-1)).toContain(translator.forLanguage('de')('reminders.mail.daysLeft', { count: 1 }));
      expect(mails.at(-1)).not.toContain('Truck 07');
    });

    it('gives each member only the subjects their rights show, and a member who may see none no digest at all', async () => {
      const hr = await createMember(test.app, owner.token, { permissions: ['employees.view'] });
      const fleet = await createMember(test.app, owner.token, { permissions: ['transport.view'] });
      const dispatcher = await createMember(test.app, owner.token, { permissions: ['orders.view', 'orders.create'] });
      await test.app.backgroundJobs.runOnce(after(14_400));
      const member = (one: Member) => mailsTo(one.record.email as string);
      expect(member(hr)).toHaveLength(1);
      expect(member(hr)[0]).toContain(`/personal-main/employee/${anna}`);
      expect(member(hr)[0]).not.toContain('/transport/');
      expect(member(fleet)).toHaveLength(1);
      expect(member(fleet)[0]).toContain(`/transport/${truck}?tab=documents`);
      expect(member(fleet)[0]).not.toContain('/personal-main/');
      expect(member(dispatcher)).toEqual([]);
      expect(await query('SELECT id FROM reminder_jobs WHERE user_id = $1', [dispatcher.id])).toEqual([]);
    });

    it('never puts another tenant’s records in a digest', async () => {
      const other = await newTenant();
      const theirs = await other.records.vehicle('Their Van', 3);
      await test.app.backgroundJobs.runOnce(after(18_000));
      const [mail, ...more] = mailsTo(other.owner.email);
      expect(more).toEqual([]);
      expect(mail).toContain(`/transport/${theirs}?tab=documents`);
      expect(mail).not.toContain('Truck 07');
      expect(mail).not.toContain('Anna');
      expect(mailsTo(owner.email).some((text) => text.includes('Their Van'))).toBe(false);
    });

    it('waits for the member’s own hour in their own time zone', async () => {
      const { owner: late, records: theirs } = await newTenant();
      await theirs.vehicle('Late Truck', 2);
      // 12:00 UTC is 21:00 in Tokyo, 07:00 in New York.
      await settings(late.token, { digest_hour: 22, time_zone: 'Asia/Tokyo' });
      await test.app.backgroundJobs.runOnce(noon);
      expect(mailsTo(late.email)).toEqual([]);
      await test.app.backgroundJobs.runOnce(after(3600));
      expect(mailsTo(late.email)).toHaveLength(1);
      expect(await query(`SELECT local_date::text AS local_date FROM reminder_jobs WHERE user_id = $1`, [late.user.id])).toEqual([
        { local_date: dayFromToday(0) },
      ]);
    });
  });

  describe('exactly once', () => {
    it('sends each reminder once when two server processes run the digests at the same time', async () => {
      const { owner, records } = await newTenant();
      const members = await Promise.all(
        Array.from({ length: 5 }, () => createMember(test.app, owner.token, { permissions: ['employees.view', 'transport.view'] })),
      );
      const type = await records.documentType('ADR');
      for (const name of ['Ada', 'Ben', 'Cem', 'Dan']) await records.document(await records.employee(owner.user.company.id, name), type, 5);
      await records.vehicle('Twin Truck', 0);
      // A second process: its own pool on PostgreSQL; on the embedded database (one process only) the same one.
      let secondDatabase: Database | null = null;
      if (kind === 'postgres') secondDatabase = await openDatabase({ databaseUrl: test.config.databaseUrl, dataDir: test.config.dataDir });
      const second = await buildServer({ config: test.config, database: secondDatabase ?? test.database, logger: false });
      await second.ready();
      try {
        const reports = await Promise.all([test.app.backgroundJobs.runOnce(noon), second.backgroundJobs.runOnce(noon)]);
        expect(reports[0].digests.mailed + reports[1].digests.mailed).toBeGreaterThanOrEqual(6);
        await Promise.all([test.app.backgroundJobs.runOnce(after(60)), second.backgroundJobs.runOnce(after(60))]);
      } finally {
        await second.close();
        await secondDatabase?.close();
      }
      for (const user of [owner.user, ...members.map((member) => ({ id: member.id, email: member.record.email as string }))]) {
        expect(mailsTo(user.email), user.email).toHaveLength(1);
        expect(await sentTo(user.id)).toHaveLength(5);
        expect(mailsTo(user.email)[0]).toContain('Twin Truck');
      }
    });

    it('finishes the job of a process that died holding it, once its lease ends, and the late process then commits nothing', async () => {
      const { owner, records } = await newTenant();
      await records.vehicle('Orphan Truck', 1);
      await test.app.backgroundJobs.enqueueDigests(noon);
      const claimed = await claimDigestJobs(test.database.pool, 'dead-process', noon, 300, 1000);
      const job = claimed.find((one) => one.user_id === owner.user.id);
      expect(job).toBeDefined();
      // Its lease runs: no other process touches it.
      await test.app.backgroundJobs.runOnce(after(60));
      expect(mailsTo(owner.email)).toEqual([]);
      // Lease over: taken again and finished.
      const report = await test.app.backgroundJobs.runOnce(after(301));
      expect(report.digests.mailed).toBeGreaterThanOrEqual(1);
      expect(mailsTo(owner.email)).toHaveLength(1);
      expect(await query(`SELECT state, attempts, locked_by FROM reminder_jobs WHERE id = $1`, [job?.id])).toEqual([
        { state: 'done', attempts: 2, locked_by: null },
      ]);
      // The first process wakes up and carries on with the job it held: it finds it no longer its own.
      const context = { database: test.database, model: test.app.engine, translator, appUrl: APP_URL };
      expect(await runDigestJob(context, job as DigestJob, 'dead-process', after(400))).toBe('lost');
      await test.app.backgroundJobs.runOnce(after(900));
      expect(mailsTo(owner.email)).toHaveLength(1);
      expect(await sentTo(owner.user.id)).toHaveLength(1);
    });

    it('sends a mail that a dead process was sending once its lease ends, and only once', async () => {
      const { owner, records } = await newTenant();
      await records.vehicle('Mail Truck', 1);
      await test.app.backgroundJobs.enqueueDigests(noon);
      await test.app.backgroundJobs.runDigests(noon);
      const [mail] = await queued(owner.email);
      expect(mail.state).toBe('pending');
      // A process claimed it for sending and died before the mail server answered.
      await query(`UPDATE outgoing_mail SET state = 'sending', attempts = 1, locked_until = $2 WHERE id = $1`, [mail.id, after(120)]);
      await test.app.backgroundJobs.sendMails(after(60));
      expect(mailsTo(owner.email)).toEqual([]);
      await test.app.backgroundJobs.sendMails(after(121));
      await test.app.backgroundJobs.sendMails(after(600));
      expect(mailsTo(owner.email)).toHaveLength(1);
      expect((await queued(owner.email))[0]).toMatchObject({ state: 'sent', attempts: 2 });
    });
  });

  describe('a mail server that refuses', () => {
    it('is tried again with a doubling wait, and the mail is delivered once it accepts', async () => {
      const { owner, records } = await newTenant();
      await records.vehicle('Retry Truck', 7);
      let offered = 0;
      refusal = () => (++offered <= 2 ? 'try again later' : null);
      const offeredBefore = sink.received.length;
      try {
        const first = await test.app.backgroundJobs.runOnce(noon);
        expect(first.mails).toMatchObject({ sent: 0, retrying: 1 });
        let [mail] = await queued(owner.email);
        expect(mail).toMatchObject({ state: 'pending', attempts: 1, next_attempt_at: after(60) });
        expect(mail.last_error).toContain('try again later');
        // Not due yet: nothing is tried.
        expect((await test.app.backgroundJobs.sendMails(after(59))).retrying).toBe(0);
        expect((await test.app.backgroundJobs.sendMails(after(60))).retrying).toBe(1);
        [mail] = await queued(owner.email);
        expect(mail).toMatchObject({ state: 'pending', attempts: 2, next_attempt_at: after(60 + 120) });
        expect((await test.app.backgroundJobs.sendMails(after(180))).sent).toBe(1);
      } finally {
        refusal = null;
      }
      expect(sink.received.length).toBe(offeredBefore + 1);
      expect(mailsTo(owner.email)).toHaveLength(1);
      expect((await queued(owner.email))[0]).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
    });

    it('leaves the mail failed after the last attempt, listed to the tenant’s administrators only', async () => {
      const { owner, records } = await newTenant();
      const member = await createMember(test.app, owner.token, { permissions: ['transport.view', 'users.view'] });
      const stranger = await registerUser(test.app);
      await records.vehicle('Doomed Truck', 7);
      await settings(member.token, { digest_enabled: false });
      refusal = () => 'mailbox unavailable';
      try {
        await test.app.backgroundJobs.runOnce(noon);
        // Six attempts, each after the one before's wait (a day apart is past every wait).
        for (let day = 1; day <= 6; day += 1) await test.app.backgroundJobs.sendMails(after(day * 86_400));
      } finally {
        refusal = null;
      }
      const [mail] = await queued(owner.email);
      expect(mail).toMatchObject({ state: 'failed', attempts: 6 });
      expect(mailsTo(owner.email)).toEqual([]);

      const list = await call(test.app, 'GET', '/api/mail/failed', undefined, { token: owner.token });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual({
        data: [
          expect.objectContaining({
            id: mail.id,
            kind: 'reminder-digest',
            to: owner.email,
            subject: mail.subject,
            attempts: 6,
            last_error: expect.stringContaining('mailbox unavailable'),
          }),
        ],
        pagination: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 },
      });
      expect((await call(test.app, 'GET', '/api/mail/failed', undefined, { token: member.token })).statusCode).toBe(403);
      const theirs = await call(test.app, 'GET', '/api/mail/failed', undefined, { token: stranger.token });
      expect(theirs.json().data).toEqual([]);
      expect((await call(test.app, 'GET', '/api/mail/failed?perPage=500', undefined, { token: owner.token })).statusCode).toBe(422);
      // A failed mail is not tried again.
      await test.app.backgroundJobs.sendMails(after(30 * 86_400));
      expect((await queued(owner.email))[0].attempts).toBe(6);
    });
  });

  describe('with the background loops on', () => {
    it('runs the scheduler, the worker and the sender by itself, and stops them when the app closes', async () => {
      const ownSink = await startSmtpSink();
      const running = await startTestApp(kind, { env: { SMTP_URL: ownSink.url, BACKGROUND_JOBS: 'on', REMINDER_INTERVAL_MS: '100' } });
      try {
        const owner = await registerUser(running.app);
        const [{ tenant_id: tenantId }] = (await running.database.pool.query('SELECT tenant_id FROM users WHERE id = $1', [owner.user.id])).rows as Array<{
          tenant_id: number;
        }>;
        await new ComplianceRecords(running.database.pool, Number(tenantId), owner.user.id).vehicle('Loop Truck', 3);
        // Due at any hour of the real clock.
        const body = { digest_enabled: true, digest_hour: 0, steps: [7], time_zone: 'UTC', language: 'en' };
        expect((await call(running.app, 'PUT', '/api/profile/reminders', body, { token: owner.token })).statusCode).toBe(200);
        const mail = await ownSink.waitForMail(1, 15_000);
        expect(mail.to).toEqual([owner.email]);
        expect(decodeMail(mail.raw)).toContain('Loop Truck');
      } finally {
        const closing = Date.now();
        await running.close();
        expect(Date.now() - closing).toBeLessThan(10_000);
        await ownSink.close();
      }
      expect(ownSink.received).toHaveLength(1);
    });
  });
});
