/**
 * The obligations of the order check's parties, kept per subject: the order form asks the check again as each
 * field changes, for the same few drivers, vehicles and trailers, and the orders list asks it for every page.
 * Reading a party's obligations costs the database about 1.7 ms a check at the bench's full size, which at ten
 * checks at once queues on two cores; kept, a check reads only what it has not seen.
 *
 * Kept per pool (one per database the process serves), only for readings on the pool itself: a check inside a
 * save's transaction reads afresh what that transaction sees. Everything goes when a write may have changed
 * an obligation (change-watch.ts: this process's writes, and other processes' through NOTIFY), nothing is kept
 * while such a write could go unheard, and an entry lives a minute at most. A party's every obligation is kept
 * (its end dates up to any trip's), so one entry serves any window.
 */
import type { ComplianceItem, SubjectType } from '../../resources/compliance';
import { ReadCache } from '../db/read-cache';
import type { ComplianceChanges } from './change-watch';

const LIFETIME_MS = 60_000;
const MAX_SUBJECTS = 100_000;
/** Every obligation ends before this: a party's whole list, whatever the trip's window. */
const ALL_DATES = '9999-12-31';

type Subject = { type: SubjectType; id: number };

const caches = new WeakMap<object, ReadCache<ComplianceItem[]>>();

/** Keeps the parties' obligations read on `pool` while `changes` are heard; answers the function that stops it. */
export function cacheObligations(pool: object, changes: ComplianceChanges): () => void {
  const cache = new ReadCache<ComplianceItem[]>(LIFETIME_MS, MAX_SUBJECTS);
  cache.enabled = changes.reliable;
  const stop = changes.onChange(() => {
    cache.clear();
    cache.enabled = changes.reliable;
  });
  caches.set(pool, cache);
  return () => {
    stop();
    if (caches.get(pool) === cache) caches.delete(pool);
  };
}

/**
 * The obligations of `subjects` that end before `until` or are missing, as `obligationsOf` (subjects.ts) answers
 * them, from what is kept where `client` is a pool with a cache; `read` reads what is not (obligationsOf).
 */
export async function partiesObligations<Connection extends object>(
  client: Connection,
  tenantId: number,
  subjects: Subject[],
  until: string,
  read: (client: Connection, subjects: Subject[], until: string) => Promise<ComplianceItem[]>,
): Promise<ComplianceItem[]> {
  const cache = caches.get(client);
  if (!cache?.enabled) return read(client, subjects, until);
  const keyOf = (subject: Subject) => `${tenantId}:${subject.type}:${subject.id}`;
  const kept = new Map<string, ComplianceItem[]>();
  const missing: Subject[] = [];
  const now = Date.now();
  for (const subject of subjects) {
    const key = keyOf(subject);
    const items = cache.get(key, now);
    if (items) kept.set(key, items);
    else missing.push(subject);
  }
  if (missing.length > 0) {
    const startedIn = cache.begin();
    const fresh = await read(client, missing, ALL_DATES);
    const bySubject = new Map<string, ComplianceItem[]>(missing.map((subject) => [keyOf(subject), []]));
    for (const item of fresh) bySubject.get(keyOf(item.subject))?.push(item);
    for (const [key, items] of bySubject) {
      cache.store(key, items, startedIn);
      kept.set(key, items);
    }
  }
  const wanted: ComplianceItem[] = [];
  for (const items of kept.values()) for (const item of items) if (item.valid_until === null || item.valid_until < until) wanted.push(item);
  return wanted;
}
