/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: the reset mail goes through
 * nodemailer, the network and SMTP exactly as in production. No STARTTLS, no AUTH: a local sink.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Waits for the n-th mail (1-based) to arrive. */
  waitForMail(count?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Asked for each message before it is accepted (`attempt`: 1 for the first message the sink is offered):
   * a text refuses it with a temporary failure (451) and that text; null accepts it.
   */
  refuse?: (attempt: number) => string | null;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let offered = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = options.refuse?.(++offered) ?? null;
        if (refusal !== null) {
          callback(Object.assign(new Error(refusal), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitForMail(count = received.length + 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`No mail #${count} within ${timeoutMs} ms (got ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received[count - 1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The readable text of a raw message: quoted-printable soft breaks and escapes undone, the bytes read
 * as UTF-8 (so "zurück" reads as such). Enough for our mails, whose bodies nodemailer writes as
 * quoted-printable when they are mostly Latin text.
 */
export function decodeMail(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Token and e-mail of the first reset link in a mail (`…/reset-password/<token>/<e-mail>`). */
export function resetLinkIn(raw: string): { link: string; token: string; email: string } {
  const match = /(https?:\/\/[^\s"<]+\/reset-password\/([A-Za-z0-9_-]+)\/([^\s"<?]+)(?:\?[^\s"<]*)?)/.exec(decodeMail(raw));
  if (!match) throw new Error('No reset link in the mail');
  return { link: match[1], token: match[2], email: decodeURIComponent(match[3]) };
}
