/**
 * Failed sign-ins counted per account, whatever address they come from (ASVS 4.0 V2.2.1, 5.0 V6.3.1), in
 * the database (table `sign_in_failures`) so that every server process shares the count. The per-address
 * limit of plugins/rate-limit.ts stays in front of it.
 *
 * - The first `freeFailures` (5) failures of a login cost nothing. From then on each attempt must wait
 *   2, 4, 8, 16, 32… seconds after the last failure, capped at `maxDelaySeconds` (60): an attempt during the
 *   wait is answered 429 with the seconds left, without its password being tried and without counting.
 * - No lock-out: the delay is short and capped, and the first attempt after it is judged on its password like
 *   any other, so the owner signs in with the right password after at most a minute, even while someone keeps
 *   guessing (one guess a minute per account is all a guesser gets). A success clears the count.
 * - At `alertAfter` (10) failures the account's owner gets a mail (through the mail queue), at most once an hour.
 * - Counted per login as typed (lower-cased), existing or not, so the delay does not tell which logins exist;
 *   a count is forgotten a day after its last failure.
 *
 * Two attempts racing after a wait: the first one to move `next_attempt_at` on is let through, the other waits.
 */
import type { Queryable } from '../db/pool';

export interface SignInThrottlePolicy {
  freeFailures: number;
  maxDelaySeconds: number;
  alertAfter: number;
}

const ALERT_EVERY = "interval '1 hour'";
const FORGET_AFTER = "interval '1 day'";

/** The wait after `failures` failures, in seconds (0 while within the free ones). */
export function delaySeconds(failures: number, policy: SignInThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, 2 ** (failures - policy.freeFailures + 1));
}

/** The same wait in SQL, for a failure count expression. */
const delaySql = (failures: string) => `CASE WHEN ${failures} < $2 THEN 0 ELSE least($3::int, power(2, ${failures} - $2 + 1)) END`;

export const loginKey = (login: string) => login.trim().toLowerCase();

export interface AttemptWait {
  /** 0 when the login may be tried now, else the seconds to wait. */
  seconds: number;
  /** Whether failures of this login are being counted (a success then clears them). */
  counted: boolean;
}

/**
 * Whether this login may be tried now. Past the free failures, an attempt let through takes the slot: the
 * next one waits as if this one had failed.
 */
export async function secondsBeforeAttempt(db: Queryable, login: string, policy: SignInThrottlePolicy): Promise<AttemptWait> {
  const key = loginKey(login);
  const { rows } = await db.query<{ failures: number; wait: number }>(
    `SELECT failures, greatest(0, ceil(extract(epoch FROM next_attempt_at - clock_timestamp())))::int AS wait
       FROM sign_in_failures WHERE login_key = $1 AND last_failure_at > now() - ${FORGET_AFTER}`,
    [key],
  );
  const row = rows[0];
  if (!row) return { seconds: 0, counted: false };
  if (row.failures < policy.freeFailures) return { seconds: 0, counted: true };
  if (row.wait > 0) return { seconds: row.wait, counted: true };
  const claimed = await db.query(
    `UPDATE sign_in_failures SET next_attempt_at = clock_timestamp() + make_interval(secs => ${delaySql('failures + 1')})
      WHERE login_key = $1 AND next_attempt_at <= clock_timestamp()`,
    [key, policy.freeFailures, policy.maxDelaySeconds],
  );
  return { seconds: claimed.rowCount === 1 ? 0 : Math.max(1, delaySeconds(row.failures + 1, policy)), counted: true };
}

export interface FailureCount {
  failures: number;
  /** True once an hour from `alertAfter` failures on: the owner is to be told now. */
  alertOwner: boolean;
}

/** Counts a failed sign-in of this login and sets the wait before the next attempt. */
export async function recordFailure(db: Queryable, login: string, policy: SignInThrottlePolicy): Promise<FailureCount> {
  const stale = `f.last_failure_at <= now() - ${FORGET_AFTER}`;
  const failures = `(CASE WHEN ${stale} THEN 1 ELSE f.failures + 1 END)`;
  const { rows } = await db.query<{ failures: number; alerted: boolean; inserted: boolean }>(
    `INSERT INTO sign_in_failures AS f (login_key, failures, last_failure_at, next_attempt_at)
     VALUES ($1, 1, now(), clock_timestamp() + make_interval(secs => ${delaySql('1')}))
     ON CONFLICT (login_key) DO UPDATE SET
       failures = ${failures},
       last_failure_at = now(),
       next_attempt_at = clock_timestamp() + make_interval(secs => ${delaySql(failures)}),
       owner_alerted_at = CASE WHEN ${failures} >= $4 AND (f.owner_alerted_at IS NULL OR f.owner_alerted_at <= now() - ${ALERT_EVERY})
                               THEN now() ELSE f.owner_alerted_at END
     RETURNING failures, owner_alerted_at IS NOT DISTINCT FROM now() AS alerted, xmax = 0 AS inserted`,
    [loginKey(login), policy.freeFailures, policy.maxDelaySeconds, policy.alertAfter],
  );
  const row = rows[0];
  // A new row is the moment to forget the stale ones (rare, and indexed): no background job needed.
  if (row.inserted) await db.query(`DELETE FROM sign_in_failures WHERE last_failure_at <= now() - ${FORGET_AFTER}`);
  return { failures: row.failures, alertOwner: row.alerted && row.failures >= policy.alertAfter };
}

/**
 * A successful sign-in starts the count again. The row stays (until forgotten a day later) with the time of
 * the last mail, so the owner is still mailed at most once an hour.
 */
export async function clearFailures(db: Queryable, login: string): Promise<void> {
  await db.query('UPDATE sign_in_failures SET failures = 0, next_attempt_at = now() WHERE login_key = $1', [loginKey(login)]);
}
