/**
 * One member's digest, run by a worker for a claimed job: what the member may see (the compliance core's
 * `compliancePage` with the member's own rights, paged through up to the largest step), which of it has
 * reached a reminder step not yet sent, and then ONE transaction that marks the job done, records each
 * (member, obligation, step) in `reminders_sent` and queues the mail with exactly the reminders that
 * transaction recorded. The unique key of `reminders_sent` is what makes each reminder go out once, also
 * when two processes run the same member's digest (a lease that ended while the first was still busy):
 * the second one's insert finds the rows and its mail is not queued. No new reminder, no mail.
 */
import { holds } from '../../resources/permissions';
import type { MemberData } from '../auth/users';
import { compliancePage } from '../compliance/page';
import type { ComplianceFilter, Holds } from '../../resources/compliance';
import type { Database } from '../db/database';
import type { Queryable } from '../db/pool';
import type { EngineModel } from '../engine/model';
import type { Translator } from '../i18n/i18n';
import { enqueueMail } from '../mail/mail-queue';
import { completeDigestJob, type DigestJob } from './digest-jobs';
import { digestMail, type DueReminder } from './digest-mail';
import { settingsOrDefaults, type ReminderSettings } from './settings';
import { daysBetween, localClock, reachedStep } from './steps';

export interface DigestContext {
  database: Database;
  model: EngineModel;
  translator: Translator;
  /** The web app's address, for the links (config.appUrl). */
  appUrl: string;
}

// Large pages: a digest reads everything up to the largest step, and each page re-reads the ones before it.
const PAGE_SIZE = 500;

interface Member {
  id: number;
  tenant_id: number;
  email: string;
  name: string | null;
  last_name: string | null;
  login: string;
  data: MemberData;
}

/** The job's member (if still there and active) with their settings, in one round trip. */
async function readMember(client: Queryable, job: DigestJob): Promise<{ member: Member | null; settings: ReminderSettings }> {
  const { rows } = await client.query<Member & Partial<ReminderSettings>>(
    `SELECT u.id, u.tenant_id, u.email, u.name, u.last_name, u.login, u.data,
            s.digest_enabled, s.digest_hour, s.steps, s.time_zone, s.language
       FROM users u LEFT JOIN reminder_settings s ON s.user_id = u.id AND s.tenant_id = u.tenant_id
      WHERE u.id = $1 AND u.tenant_id = $2 AND NOT (u.data @> '{"active": false}'::jsonb)`,
    [job.user_id, job.tenant_id],
  );
  return { member: rows[0] ?? null, settings: settingsOrDefaults(rows[0]) };
}

/** The obligations the member may see whose step has been reached at `localDate` (sent or not). */
export async function reachedReminders(
  context: Pick<DigestContext, 'database' | 'model'>,
  tenantId: number,
  memberRights: Holds,
  settings: Pick<ReminderSettings, 'steps'>,
  localDate: string,
): Promise<DueReminder[]> {
  const largest = Math.max(...settings.steps);
  // The core counts days from the database's today; one day more covers a member ahead of it by their zone.
  const filter: ComplianceFilter = { withinDays: Math.min(365, Math.max(1, largest + 1)) };
  const reached: DueReminder[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { items, hasMore } = await compliancePage(context.database.pool, context.model, tenantId, memberRights, filter, { page, perPage: PAGE_SIZE });
    for (const item of items) {
      const daysLeft = item.valid_until === null ? null : daysBetween(localDate, item.valid_until);
      const step = reachedStep(daysLeft, settings.steps);
      // A page boundary that moved (a record saved meanwhile) may show an item twice: once is enough.
      if (step !== null && !seen.has(item.key)) reached.push({ item, daysLeft, step });
      seen.add(item.key);
    }
    if (!hasMore || items.length === 0) break;
  }
  return reached;
}

export type DigestOutcome = 'mailed' | 'nothing-new' | 'no-member' | 'lost';

/**
 * Runs a claimed job at `now`. Answers what happened; throws on a database error (the worker then records
 * the failure and the job is tried again).
 */
export async function runDigestJob(context: DigestContext, job: DigestJob, workerId: string, now: Date): Promise<DigestOutcome> {
  const { database } = context;
  const { member, settings } = await readMember(database.pool, job);
  const reached =
    member && settings.digest_enabled
      ? await reachedReminders(context, job.tenant_id, (permission) => holds(member.data, permission), settings, localClock(now, settings.time_zone).date)
      : [];

  return database.transaction(async (client) => {
    if (!(await completeDigestJob(client, job, workerId, now))) return 'lost';
    if (!member) return 'no-member';
    if (reached.length === 0) return 'nothing-new';
    const { rows } = await client.query<{ item_key: string; step: number }>(
      `INSERT INTO reminders_sent (user_id, tenant_id, item_key, step, job_id, sent_at)
       SELECT $1, $2, candidate.item_key, candidate.step, $3, $4
         FROM unnest($5::text[], $6::int[]) AS candidate (item_key, step)
       ON CONFLICT (user_id, item_key, step) DO NOTHING
       RETURNING item_key, step`,
      [member.id, member.tenant_id, job.id, now, reached.map((reminder) => reminder.item.key), reached.map((reminder) => reminder.step)],
    );
    const fresh = new Set(rows.map((row) => `${row.step}:${row.item_key}`));
    const toSend = reached.filter((reminder) => fresh.has(`${reminder.step}:${reminder.item.key}`));
    if (toSend.length === 0) return 'nothing-new';
    const t = context.translator.forLanguage(settings.language);
    const name = [member.name, member.last_name].filter(Boolean).join(' ') || member.login;
    const message = digestMail(t, settings.language, { email: member.email, name }, toSend, context.appUrl);
    await enqueueMail(client, { tenantId: member.tenant_id, userId: member.id, kind: 'reminder-digest', message }, now);
    return 'mailed';
  });
}
