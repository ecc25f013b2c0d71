/**
 * A member's reminder settings (`reminder_settings`, one row per member, tenant-scoped). A member who
 * never saved them has the defaults: the digest is ON, because the point of reminders is that nobody is
 * surprised by an expired paper, and a member who may see nothing that expires gets no mail anyway (no
 * empty digests); at 07:00 in UTC, in English, until the web app sends the browser's time zone and the
 * language in use with the first save.
 */
import { FALLBACK_LANGUAGE, type Language } from '../i18n/i18n';
import type { Queryable } from '../db/pool';
import { normalizeSteps } from './steps';

export interface ReminderSettings {
  digest_enabled: boolean;
  /** The local hour (0–23) from which the day's digest goes out. */
  digest_hour: number;
  /** Days before an end date, largest first (0: on the day). */
  steps: number[];
  /** IANA name. */
  time_zone: string;
  language: Language;
}

export const DEFAULT_REMINDER_SETTINGS: Readonly<ReminderSettings> = Object.freeze({
  digest_enabled: true,
  digest_hour: 7,
  steps: [30, 14, 7, 1, 0],
  time_zone: 'UTC',
  language: FALLBACK_LANGUAGE,
});

export async function readReminderSettings(client: Queryable, tenantId: number, userId: number): Promise<ReminderSettings> {
  const { rows } = await client.query<ReminderSettings>(
    `SELECT digest_enabled, digest_hour, steps, time_zone, language FROM reminder_settings WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId],
  );
  return settingsOrDefaults(rows[0]);
}

/** A stored row's settings, or the defaults for a member without one (a LEFT JOIN's nulls). */
export function settingsOrDefaults(row: Partial<Record<keyof ReminderSettings, unknown>> | undefined): ReminderSettings {
  if (!row || row.digest_enabled === null || row.digest_enabled === undefined)
    return { ...DEFAULT_REMINDER_SETTINGS, steps: [...DEFAULT_REMINDER_SETTINGS.steps] };
  const stored = row as ReminderSettings;
  return {
    digest_enabled: stored.digest_enabled,
    digest_hour: stored.digest_hour,
    steps: normalizeSteps(stored.steps),
    time_zone: stored.time_zone,
    language: stored.language,
  };
}

export async function saveReminderSettings(client: Queryable, tenantId: number, userId: number, settings: ReminderSettings): Promise<ReminderSettings> {
  const { rows } = await client.query<ReminderSettings>(
    `INSERT INTO reminder_settings AS s (tenant_id, user_id, digest_enabled, digest_hour, steps, time_zone, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE
        SET digest_enabled = excluded.digest_enabled, digest_hour = excluded.digest_hour, steps = excluded.steps,
            time_zone = excluded.time_zone, language = excluded.language, updated_at = now()
      WHERE s.tenant_id = excluded.tenant_id
     RETURNING digest_enabled, digest_hour, steps, time_zone, language`,
    [tenantId, userId, settings.digest_enabled, settings.digest_hour, normalizeSteps(settings.steps), settings.time_zone, settings.language],
  );
  return rows[0];
}

/**
 * Whether the database knows the time zone too: the scheduler converts each member's clock in SQL, and a
 * name the runtime knows but the server's tz data does not would stop everyone's digests.
 */
export async function databaseKnowsTimeZone(client: Queryable, timeZone: string): Promise<boolean> {
  try {
    await client.query(`SELECT now() AT TIME ZONE $1`, [timeZone]);
    return true;
  } catch {
    return false;
  }
}
