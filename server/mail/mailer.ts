/**
 * Outgoing mail. With SMTP_URL, nodemailer sends over SMTP; without it, each message is written to
 * `DATA_DIR/outbox/*.eml` (so an admin can still read a reset link) and the caller logs what is needed.
 *
 * Two ways out: `send` goes in the background (the answer to "forgot password" must not wait for, or reveal
 * by its timing, a mail server); `deliver` is awaited and throws when the mail could not be handed over, for
 * the mail queue (mail-queue.ts), which retries and records the failure. `close()` waits for what is still
 * being sent.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A fixed Message-ID (`<…@…>`): a queued mail sent again after a crash between the hand-over and the
   * record of it carries the same id, so mail clients show it once.
   */
  messageId?: string;
}

export type Delivery = { via: 'smtp' } | { via: 'outbox'; file: string };

export interface Mailer {
  readonly via: 'smtp' | 'outbox';
  /** Sends in the background; `onDelivered` runs once it is out. Failures are logged, never thrown. */
  send(message: MailMessage, log: FastifyBaseLogger, onDelivered?: (delivery: Delivery) => void): void;
  /** Hands the mail over (SMTP or the outbox) and resolves once it is out; throws when it could not be. */
  deliver(message: MailMessage): Promise<Delivery>;
  close(): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // A few connections kept open and reused: the daily run hands over hundreds of digests, and a new
        // connection (and TLS handshake) per mail cost more than the mail.
        pool: true,
        maxConnections: 4,
        maxMessages: 100,
        // Bounded waits: a mail server that hangs fails the attempt (the queue retries it later) instead of
        // holding a queued mail past its lease.
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<Delivery> {
    const { messageId, ...content } = message;
    const info = await transport.sendMail({ from: options.from, ...content, ...(messageId ? { messageId } : {}) });
    if (options.smtpUrl) return { via: 'smtp' };
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    return { via: 'outbox', file };
  }

  return {
    via: options.smtpUrl ? 'smtp' : 'outbox',
    send(message, log, onDelivered) {
      const job = deliver(message).then(
        (delivery) => onDelivered?.(delivery),
        // The recipient is personal data but needed to trace a lost mail; the body (a link) is not logged.
        (error: unknown) => log.error({ err: error, to: message.to, subject: message.subject }, 'could not send mail'),
      );
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    deliver(message) {
      const job = deliver(message);
      const settled = job.then(
        () => {},
        () => {},
      );
      pending.add(settled);
      void settled.finally(() => pending.delete(settled));
      return job;
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}
