/**
 * Which compliance items the header bell lists (routes/notifications.ts): each state its share, so that documents
 * that expired years ago do not push out the one that expires tomorrow; places a state leaves unused go first to
 * what is about to expire.
 */
import type { ComplianceItem, ComplianceState } from '../../resources/compliance';

/** How many items the bell lists; "see all" opens the compliance page for the rest. */
export const BELL_SIZE = 20;

/** Each state's places in the bell, in the bell's order; together `BELL_SIZE`. */
export const BELL_SHARES: ReadonlyArray<readonly [ComplianceState, number]> = [
  ['missing', 5],
  ['expiring', 10],
  ['expired', 5],
];
/** Who gets the places a state leaves unused. */
const LEFTOVERS_TO: readonly ComplianceState[] = ['expiring', 'missing', 'expired'];

/** Each state's items (in the page's order) cut to the bell: its share, and the places other states left over. */
export function bellSelection(byState: ReadonlyMap<ComplianceState, readonly ComplianceItem[]>): ComplianceItem[] {
  const taken = new Map(BELL_SHARES.map(([state, share]) => [state, Math.min(share, byState.get(state)?.length ?? 0)]));
  let free = BELL_SIZE - [...taken.values()].reduce((sum, count) => sum + count, 0);
  for (const state of LEFTOVERS_TO) {
    const more = Math.min(free, (byState.get(state)?.length ?? 0) - (taken.get(state) ?? 0));
    taken.set(state, (taken.get(state) ?? 0) + more);
    free -= more;
  }
  return BELL_SHARES.flatMap(([state]) => (byState.get(state) ?? []).slice(0, taken.get(state)));
}
