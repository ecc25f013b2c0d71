/**
 * The calendar arithmetic of reminders, kept pure: a member's local date and hour in their time zone, the
 * days from one date to another, and which reminder step an obligation has reached.
 */

/** A date as 'YYYY-MM-DD'. */
export type IsoDate = string;

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The date and the hour (0–23) on a wall clock in `timeZone` at the instant `now`. */
export function localClock(now: Date, timeZone: string): { date: IsoDate; hour: number } {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The step an obligation has reached with `daysLeft` days to go: the smallest step at or above it. What
 * is past its date (or missing, `null`) counts as on the day: step 0, or the member's smallest step when
 * they do not want one on the day. Null while it is further away than the largest step.
 */
export function reachedStep(daysLeft: number | null, steps: readonly number[]): number | null {
  const due = Math.max(daysLeft ?? 0, 0);
  let reached: number | null = null;
  for (const step of steps) if (step >= due && (reached === null || step < reached)) reached = step;
  return reached;
}

/** Unique, largest first: the order the settings are shown and stored in. */
export function normalizeSteps(steps: readonly number[]): number[] {
  return [...new Set(steps)].sort((a, b) => b - a);
}
