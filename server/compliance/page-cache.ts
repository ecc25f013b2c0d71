/**
 * Where compliance readings are kept in memory (reading-cache.ts), and for how long.
 *
 * Pages: HR main and the bell ask for the first page on every visit, and every member of a tenant gets the
 * same page. On the embedded database one connection serves every request, so ten panels at once queue
 * behind each other (4–9 ms each at 100,000 employees): pages are kept until this process writes anything,
 * 30 s at most (a day's turn shows within half a minute). Only on the embedded database: no other process
 * can write there (its data folder is locked), whereas on PostgreSQL another server process could change
 * what a page shows without this one hearing of it (and there ten connections answer side by side).
 *
 * Counts: counting reads every expired, expiring and missing item of the tenant (tens of thousands in a
 * large one: 0.3–1 s), which every visit of the compliance page and every save would otherwise pay. They
 * are kept on both databases and served at once; after a write of this process, or 30 s, the next request
 * gets the kept counts and starts one count in the background, whose answer the following requests get
 * (reading-cache.ts refreshingReader). So counts trail a change by one count (about a second in a large
 * tenant; on PostgreSQL a change made through another server process, by up to 30 s more), while the
 * page's list is read afresh.
 *
 * Both are kept by what the reader may see (the subject types of their rights), not by who they are.
 */
import type { Database } from '../db/database';
import { complianceCounts } from './counts';
import { compliancePage } from './page';
import { cachedReader, refreshingReader } from './reading-cache';
import { SUBJECT_RIGHTS, SUBJECT_TYPES, type ComplianceFilter, type Holds } from '../../resources/compliance';

const LIFETIME_MS = 30_000;
const MAX_ENTRIES = 1_000;

const visibleTo = (holds: Holds) => SUBJECT_TYPES.filter((type) => holds(SUBJECT_RIGHTS[type]));
const filterKey = (filter: ComplianceFilter) => Object.entries(filter).sort(([a], [b]) => a.localeCompare(b));

/** `compliancePage`, cached where that is safe; `stop` ends the watch of writes (the server's onClose). */
export function compliancePages(database: Database): { read: typeof compliancePage; stop: () => void } {
  if (database.kind !== 'pglite') return { read: compliancePage, stop: () => {} };
  return cachedReader(
    compliancePage,
    (_client, _model, tenantId, holds, filter, page) => JSON.stringify([tenantId, visibleTo(holds), filterKey(filter), page.page, page.perPage]),
    { lifetimeMs: LIFETIME_MS, maxEntries: MAX_ENTRIES },
  );
}

/** `complianceCounts`, kept and refreshed in the background on both databases; `stop` as above. */
export function complianceCountsCache(): { read: typeof complianceCounts; stop: () => void } {
  return refreshingReader(
    complianceCounts,
    (_client, _model, tenantId, holds, filter) => JSON.stringify([tenantId, visibleTo(holds), filterKey({ ...filter, state: undefined })]),
    { freshMs: LIFETIME_MS, maxStaleMs: 10 * 60_000, maxEntries: MAX_ENTRIES },
  );
}
