/**
 * The outgoing mail queue (`outgoing_mail`): a mail is inserted in the same transaction as what it reports
 * (the reminders it carries), and a sender loop hands it over later, so no request ever waits for a mail
 * server. Each server process runs a sender (server/reminders/background-jobs.ts); they share the queue by
 * claiming mails with `FOR UPDATE SKIP LOCKED` and a lease: a mail claimed by a process that died goes out
 * from another once the lease ends.
 *
 * A failed delivery is tried again after `retrySeconds`, doubling each time (1, 2, 4, 8, 16 minutes by
 * default); after `maxAttempts` the mail is `failed` and listed to the tenant's administrators
 * (`GET /api/mail/failed`). A mail is handed over at least once: a process that dies between the SMTP
 * server's "OK" and recording it leaves it to be sent again, under the same Message-ID, so a mail
 * client shows it once. Times come from the caller (`now`), so tests run the clock forward instead of waiting.
 */
import type { Queryable } from '../db/pool';
import type { MailMessage, Mailer } from './mailer';

export interface QueuedMail {
  tenantId: number;
  userId: number | null;
  /** What kind of mail it is, for administrators reading the failed ones (`reminder-digest`). */
  kind: string;
  message: MailMessage;
}

export async function enqueueMail(client: Queryable, mail: QueuedMail, now: Date): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO outgoing_mail (tenant_id, user_id, kind, to_address, subject, text_body, html_body, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [mail.tenantId, mail.userId, mail.kind, mail.message.to, mail.message.subject, mail.message.text, mail.message.html, now],
  );
  return rows[0].id;
}

export interface MailQueueOptions {
  maxAttempts: number;
  /** The wait before the first retry; each further one doubles it. */
  retrySeconds: number;
  /** How long a claimed mail is this process's before another may take it. */
  leaseSeconds?: number;
  /** Mails claimed at a time, and handed over side by side. */
  batchSize?: number;
  /** The domain of the Message-IDs (the app's host). */
  messageIdDomain: string;
}

/** The wait after the `attempt`-th failed delivery (1-based). */
export function retryDelaySeconds(attempt: number, retrySeconds: number): number {
  return retrySeconds * 2 ** Math.max(0, attempt - 1);
}

interface ClaimedMail {
  id: number;
  tenant_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

async function claimMails(client: Queryable, now: Date, leaseSeconds: number, limit: number): Promise<ClaimedMail[]> {
  const { rows } = await client.query<ClaimedMail>(
    `UPDATE outgoing_mail m
        SET state = 'sending', attempts = m.attempts + 1, locked_until = $1::timestamptz + make_interval(secs => $2)
      WHERE m.id IN (SELECT id FROM outgoing_mail
                      WHERE (state = 'pending' AND next_attempt_at <= $1) OR (state = 'sending' AND locked_until < $1)
                      ORDER BY next_attempt_at, id
                      LIMIT $3
                      FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.tenant_id, m.to_address, m.subject, m.text_body, m.html_body, m.attempts`,
    [now, leaseSeconds, limit],
  );
  return rows;
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Hands over every mail due at `now`, batch by batch, until none is left or `stopping()` says so.
 * Delivery errors are recorded on the mail, never thrown; a database error is.
 */
export async function sendDueMails(
  client: Queryable,
  mailer: Mailer,
  options: MailQueueOptions,
  now: Date,
  stopping: () => boolean = () => false,
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  const leaseSeconds = options.leaseSeconds ?? 120;
  const batchSize = options.batchSize ?? 8;
  while (!stopping()) {
    const batch = await claimMails(client, now, leaseSeconds, batchSize);
    if (batch.length === 0) break;
    const outcomes = await Promise.all(batch.map((mail) => deliverOne(client, mailer, options, mail, now)));
    // What went out is recorded in one statement for the batch (hundreds of digests a morning).
    const sent = batch.filter((_, index) => outcomes[index] === 'sent').map((mail) => mail.id);
    if (sent.length > 0) {
      await client.query(
        `UPDATE outgoing_mail SET state = 'sent', sent_at = $2, locked_until = NULL, last_error = NULL WHERE id = ANY($1::bigint[]) AND state = 'sending'`,
        [sent, now],
      );
    }
    for (const outcome of outcomes) report[outcome] += 1;
    if (batch.length < batchSize) break;
  }
  return report;
}

async function deliverOne(client: Queryable, mailer: Mailer, options: MailQueueOptions, mail: ClaimedMail, now: Date): Promise<keyof SendReport> {
  try {
    await mailer.deliver({
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      messageId: `<mail-${mail.id}.${mail.tenant_id}@${options.messageIdDomain}>`,
    });
  } catch (error) {
    const lastError = String((error as Error)?.message ?? error).slice(0, 500);
    if (mail.attempts >= options.maxAttempts) {
      await client.query(
        `UPDATE outgoing_mail SET state = 'failed', failed_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1 AND state = 'sending'`,
        [mail.id, now, lastError],
      );
      return 'failed';
    }
    await client.query(
      `UPDATE outgoing_mail SET state = 'pending', next_attempt_at = $2::timestamptz + make_interval(secs => $3), locked_until = NULL, last_error = $4
        WHERE id = $1 AND state = 'sending'`,
      [mail.id, now, retryDelaySeconds(mail.attempts, options.retrySeconds), lastError],
    );
    return 'retrying';
  }
  return 'sent';
}

export interface FailedMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  failed_at: string;
}

/** A tenant's mails that could not be sent, newest first. */
export async function failedMails(client: Queryable, tenantId: number, page: number, perPage: number): Promise<{ items: FailedMail[]; total: number }> {
  const [list, count] = await Promise.all([
    client.query<FailedMail>(
      `SELECT id, kind, to_address AS "to", subject, attempts, last_error, created_at, failed_at
         FROM outgoing_mail WHERE tenant_id = $1 AND state = 'failed'
        ORDER BY failed_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [tenantId, perPage, (page - 1) * perPage],
    ),
    client.query<{ total: number }>(`SELECT count(*) AS total FROM outgoing_mail WHERE tenant_id = $1 AND state = 'failed'`, [tenantId]),
  ]);
  return { items: list.rows, total: count.rows[0].total };
}

/** Forgets sent mails older than `keepDays` (their bodies are personal data); failed ones stay for administrators. */
export async function pruneSentMails(client: Queryable, now: Date, keepDays = 30): Promise<void> {
  await client.query(`DELETE FROM outgoing_mail WHERE state = 'sent' AND sent_at < $1::timestamptz - make_interval(days => $2)`, [now, keepDays]);
}
