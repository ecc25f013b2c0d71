/**
 * HR main asks for the first page of what expires on every visit, and every member of a tenant gets the
 * same page. On the embedded database one connection serves every request, so ten panels at once queue
 * behind each other (4–9 ms each at 100,000 employees): pages are kept in memory here until this process
 * writes anything (db/write-watch.ts), 30 s at most (so that a day's turn shows within half a minute).
 * Only on the embedded database: no other process can write there (its data folder is locked), whereas on
 * PostgreSQL another server process could change what a page shows without this one hearing of it (and
 * there ten connections answer side by side).
 */
import type { Database } from '../db/database';
import { ReadCache } from '../db/read-cache';
import { onDataWrite } from '../db/write-watch';
import { expiringPage } from './expiring-query';

type ExpiringPage = Awaited<ReturnType<typeof expiringPage>>;

const LIFETIME_MS = 30_000;
const MAX_PAGES = 1_000;

/** `expiringPage`, cached where that is safe; `stop` ends the watch of writes (the server's onClose). */
export function expiringPages(database: Database): { read: typeof expiringPage; stop: () => void } {
  if (database.kind !== 'pglite') return { read: expiringPage, stop: () => {} };
  const cache = new ReadCache<ExpiringPage>(LIFETIME_MS, MAX_PAGES);
  const stop = onDataWrite(() => cache.clear());
  const read: typeof expiringPage = async (client, model, tenantId, filter, page) => {
    const key = JSON.stringify([tenantId, filter.state ?? null, filter.companyId ?? null, filter.withinDays ?? null, page.page, page.perPage]);
    const cached = cache.get(key);
    if (cached) return cached;
    const startedIn = cache.begin();
    const answer = await expiringPage(client, model, tenantId, filter, page);
    cache.store(key, answer, startedIn);
    return answer;
  };
  return { read, stop: () => void stop() };
}
