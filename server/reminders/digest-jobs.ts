/**
 * The job table of the daily digests (`reminder_jobs`). The scheduler enqueues one job per member and
 * local day once the member's digest hour has come (the unique key (user_id, local_date) makes it
 * idempotent: every process may enqueue, one job results); workers claim jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease, so a job claimed by a process that died is taken again once its
 * lease ends. Plain SQL that runs on PostgreSQL and PGlite alike; times come from the caller (`now`).
 */
import type { Queryable } from '../db/pool';
import { SUBJECT_RIGHTS } from '../../resources/compliance';

export interface DigestJob {
  id: number;
  tenant_id: number;
  user_id: number;
  /** 'YYYY-MM-DD' in the member's time zone. */
  local_date: string;
  attempts: number;
}

/** A job that failed this many times (a database error, not a mail server's: mails retry on their own) is given up. */
export const MAX_JOB_ATTEMPTS = 5;

/**
 * Enqueues today's digest of every member whose local digest hour has come and who has none yet: active
 * members with the digest on and a right to see some subject (the others would never get anything).
 * Answers how many jobs were added.
 */
export async function enqueueDueDigests(client: Queryable, now: Date): Promise<number> {
  const result = await client.query(
    `INSERT INTO reminder_jobs (tenant_id, user_id, local_date, run_after, created_at)
     SELECT member.tenant_id, member.id, member.local_date, $1, $1
       FROM (SELECT u.id, u.tenant_id, ($1::timestamptz AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date AS local_date,
                    extract(hour FROM $1::timestamptz AT TIME ZONE coalesce(s.time_zone, 'UTC')) AS local_hour,
                    coalesce(s.digest_hour, 7) AS digest_hour
               FROM users u LEFT JOIN reminder_settings s ON s.user_id = u.id AND s.tenant_id = u.tenant_id
              WHERE coalesce(s.digest_enabled, true)
                AND NOT (u.data @> '{"active": false}'::jsonb)
                AND (u.data @> '{"administrator": true}'::jsonb OR coalesce(u.data->'permissions', '[]'::jsonb) ?| $2::text[])) AS member
      WHERE member.local_hour >= member.digest_hour
        AND NOT EXISTS (SELECT 1 FROM reminder_jobs j WHERE j.user_id = member.id AND j.local_date = member.local_date)
     ON CONFLICT (user_id, local_date) DO NOTHING`,
    [now, Object.values(SUBJECT_RIGHTS)],
  );
  return result.rowCount ?? 0;
}

/** Claims up to `limit` jobs due at `now` (pending, or running with an ended lease) for `workerId`. */
export async function claimDigestJobs(client: Queryable, workerId: string, now: Date, leaseSeconds: number, limit: number): Promise<DigestJob[]> {
  const { rows } = await client.query<DigestJob>(
    `UPDATE reminder_jobs j
        SET state = 'running', attempts = j.attempts + 1, locked_by = $2, locked_until = $1::timestamptz + make_interval(secs => $3)
      WHERE j.id IN (SELECT id FROM reminder_jobs
                      WHERE (state = 'pending' AND run_after <= $1) OR (state = 'running' AND locked_until < $1)
                      ORDER BY run_after, id
                      LIMIT $4
                      FOR UPDATE SKIP LOCKED)
      RETURNING j.id, j.tenant_id, j.user_id, j.local_date::text AS local_date, j.attempts`,
    [now, workerId, leaseSeconds, limit],
  );
  return rows;
}

/**
 * Marks the job done, inside the transaction that records its reminders and mail: answers false when the
 * job is no longer this worker's (its lease ended and another took it), and then nothing may be committed.
 * The row stays locked until the commit, so another worker cannot finish it at the same time.
 */
export async function completeDigestJob(client: Queryable, job: DigestJob, workerId: string, now: Date): Promise<boolean> {
  const result = await client.query(
    `UPDATE reminder_jobs SET state = 'done', finished_at = $3, locked_by = NULL, locked_until = NULL, last_error = NULL
      WHERE id = $1 AND state = 'running' AND locked_by = $2`,
    [job.id, workerId, now],
  );
  return result.rowCount === 1;
}

/** A job that threw: tried again a little later, or given up after MAX_JOB_ATTEMPTS. */
export async function failDigestJob(client: Queryable, job: DigestJob, workerId: string, now: Date, error: unknown): Promise<void> {
  await client.query(
    `UPDATE reminder_jobs
        SET state = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'pending' END,
            run_after = $3::timestamptz + make_interval(secs => 60 * attempts), locked_by = NULL, locked_until = NULL, last_error = $5,
            finished_at = CASE WHEN attempts >= $4 THEN $3::timestamptz END
      WHERE id = $1 AND locked_by = $2`,
    [job.id, workerId, now, MAX_JOB_ATTEMPTS, String((error as Error)?.message ?? error).slice(0, 500)],
  );
}

/** Forgets finished jobs of days long past (the unique key only needs today's). */
export async function pruneDigestJobs(client: Queryable, now: Date, keepDays = 35): Promise<void> {
  await client.query(`DELETE FROM reminder_jobs WHERE state IN ('done', 'failed') AND created_at < $1::timestamptz - make_interval(days => $2)`, [
    now,
    keepDays,
  ]);
}
