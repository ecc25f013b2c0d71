/**
 * Where compliance readings are kept in memory (reading-cache.ts), and for how long.
 *
 * Pages: the compliance page, HR main and the bell ask for the first page on every visit, and every member
 * of a tenant gets the same page, which costs 4–9 ms of the database at 100,000 employees (ten at once queue
 * on two cores, and on the embedded database's one connection). Pages are kept until a write may have
 * changed them — this process's, or on PostgreSQL another process's, heard through NOTIFY (change-watch.ts;
 * while that cannot be heard nothing is kept) — and 30 s at most (a day's turn shows within half a minute).
 *
 * Counts: counting reads every expired, expiring and missing item of the tenant (tens of thousands in a
 * large one: 0.3–1 s), which every visit of the compliance page and every save would otherwise pay. They
 * are kept on both databases and served at once; after a write of this process, or 30 s, the next request
 * gets the kept counts and starts one count in the background, whose answer the following requests get
 * (reading-cache.ts refreshingReader). So counts trail a change by one count (about a second in a large
 * tenant), also one made through another server process.
 *
 * Both are kept by what the reader may see (the subject types and kinds of their rights), not by who they are.
 */
import type { ComplianceChanges } from './change-watch';
import { complianceCounts } from './counts';
import { compliancePage } from './page';
import { cachedReader, refreshingReader } from './reading-cache';
import { visibilityKey, type ComplianceFilter } from '../../resources/compliance';

const LIFETIME_MS = 30_000;
const MAX_ENTRIES = 1_000;

const filterKey = (filter: ComplianceFilter) => Object.entries(filter).sort(([a], [b]) => a.localeCompare(b));

/** `compliancePage`, kept while every change is heard; `stop` ends the watch of writes (the server's onClose). */
export function compliancePages(changes: ComplianceChanges): { read: typeof compliancePage; stop: () => void } {
  return cachedReader(
    compliancePage,
    (_client, _model, tenantId, holds, filter, page) => JSON.stringify([tenantId, visibilityKey(holds), filterKey(filter), page.page, page.perPage]),
    { lifetimeMs: LIFETIME_MS, maxEntries: MAX_ENTRIES, changes },
  );
}

/** `complianceCounts`, kept and refreshed in the background on both databases; `stop` as above. */
export function complianceCountsCache(changes: ComplianceChanges): { read: typeof complianceCounts; stop: () => void } {
  return refreshingReader(
    complianceCounts,
    (_client, _model, tenantId, holds, filter) => JSON.stringify([tenantId, visibilityKey(holds), filterKey({ ...filter, state: undefined })]),
    { freshMs: LIFETIME_MS, maxStaleMs: 10 * 60_000, maxEntries: MAX_ENTRIES, onWrite: (listener) => changes.onChange(listener) },
  );
}
