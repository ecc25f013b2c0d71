/**
 * SPEC §4's indicator of a dated document: expired (its end date is past), expiring soon (it ends within
 * its threshold: the HR document type's `warning_days`, 30 days for passports), good; none without an
 * end date. The server's tenant-wide list (server/expiry/) uses the same rule; here it is worked out from
 * the records the card already holds.
 */
export type ExpiryState = 'expired' | 'expiring' | 'good';

/** The passports' threshold, as the server's expiring list has it (server/expiry/sources.ts). */
export const passportWarningDays = 30;

const dayMs = 86_400_000;

/** Today as 'YYYY-MM-DD' in the member's own time zone (an end date is a calendar day, not an instant). */
export function localToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Whole days from `today` to `until` (both 'YYYY-MM-DD'); negative once past. */
export function daysLeft(until: string, today = localToday()): number {
  return Math.round((Date.parse(until) - Date.parse(today)) / dayMs);
}

export function expiryStateOf(until: unknown, warningDays: number, today = localToday()): ExpiryState | undefined {
  if (typeof until !== 'string' || Number.isNaN(Date.parse(until))) return undefined;
  const left = daysLeft(until, today);
  if (left < 0) return 'expired';
  return left <= warningDays ? 'expiring' : 'good';
}

const rank: Record<ExpiryState, number> = { good: 0, expiring: 1, expired: 2 };

/** The worst of some states (the card's header); undefined when none has a date. */
export function worstOf(states: Array<ExpiryState | undefined>): ExpiryState | undefined {
  return states.reduce<ExpiryState | undefined>((worst, state) => (state && (!worst || rank[state] > rank[worst]) ? state : worst), undefined);
}
