/**
 * Outgoing mail. With SMTP_URL, nodemailer sends over SMTP; without it, each message is written to
 * `DATA_DIR/outbox/*.eml` (so an admin can still read a reset link) and the caller logs what is needed.
 *
 * Mails go out in the background: the answer to "forgot password" must not wait for (or reveal by its
 * timing) a mail server. `close()` waits for what is still being sent.
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
}

export type Delivery = { via: 'smtp' } | { via: 'outbox'; file: string };

export interface Mailer {
  readonly via: 'smtp' | 'outbox';
  /** Sends in the background; `onDelivered` runs once it is out. Failures are logged, never thrown. */
  send(message: MailMessage, log: FastifyBaseLogger, onDelivered?: (delivery: Delivery) => void): void;
  close(): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<Delivery> {
    const info = await transport.sendMail({ from: options.from, ...message });
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
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}
