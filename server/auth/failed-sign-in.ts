/**
 * What a failed sign-in does besides answering 422: counts it for the login (sign-in-throttle.ts) and, at the
 * tenth failure and then at most once an hour, queues a mail to the account's owner in the same transaction,
 * so a count that says "mailed" always has its mail in the queue.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Queryable } from '../db/pool';
import { LANGUAGES, type Language, type Translator } from '../i18n/i18n';
import { enqueueMail } from '../mail/mail-queue';
import { signInAlertMail } from '../mail/sign-in-alert-mail';
import { recordFailure } from './sign-in-throttle';
import type { UserRow } from './users';

/** The language the owner reads: the one their reminder settings keep, else `fallback` (the request's). */
async function ownerLanguage(client: Queryable, userId: number, fallback: Language): Promise<Language> {
  const { rows } = await client.query<{ language: string }>('SELECT language FROM reminder_settings WHERE user_id = $1', [userId]);
  const saved = rows[0]?.language;
  return saved && (LANGUAGES as readonly string[]).includes(saved) ? (saved as Language) : fallback;
}

export interface FailedSignIn {
  login: string;
  /** The account of that login; null for a login nobody has (counted all the same, never mailed). */
  user: UserRow | null;
  requestLanguage: Language;
}

export async function countFailedSignIn(
  context: { database: Database; translator: Translator; config: Pick<Config, 'signInThrottle' | 'appUrl'> },
  failure: FailedSignIn,
): Promise<void> {
  const { database, translator, config } = context;
  const { login, user } = failure;
  await database.transaction(async (client) => {
    const count = await recordFailure(client, login, config.signInThrottle);
    if (!count.alertOwner || !user) return;
    const t = translator.forLanguage(await ownerLanguage(client, user.id, failure.requestLanguage));
    const message = signInAlertMail(t, { to: user.email, name: user.name ?? user.login, login: user.login, failures: count.failures, appUrl: config.appUrl });
    await enqueueMail(client, { tenantId: user.tenant_id, userId: user.id, kind: 'sign-in-alert', message }, new Date());
  });
}
