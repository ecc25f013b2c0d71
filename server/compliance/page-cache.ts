/**
 * HR main asks for the first page of what expires on every visit, and every member of a tenant gets the
 * same page. On the embedded database one connection serves every request, so ten panels at once queue
 * behind each other (4–9 ms each at 100,000 employees): pages are kept in memory here until this process
 * writes anything (db/write-watch.ts), 30 s at most (so that a day's turn shows within half a minute).
 * Only on the embedded database: no other process can write there (its data folder is locked), whereas on
 * PostgreSQL another server process could change what a page shows without this one hearing of it (and
 * there ten connections answer side by side). Requests for a page that is being read meanwhile wait for that
 * read instead of queueing ten more behind it (after every save, all panels open at once ask again).
 * A page is kept by what the reader may see (the subject types of their rights), not by who they are.
 */
import type { Database } from '../db/database';
import { ReadCache } from '../db/read-cache';
import { onDataWrite } from '../db/write-watch';
import { compliancePage } from './page';
import { SUBJECT_RIGHTS, SUBJECT_TYPES } from './types';

type Page = Awaited<ReturnType<typeof compliancePage>>;

const LIFETIME_MS = 30_000;
const MAX_PAGES = 1_000;

/** `compliancePage`, cached where that is safe; `stop` ends the watch of writes (the server's onClose). */
export function compliancePages(database: Database): { read: typeof compliancePage; stop: () => void } {
  if (database.kind !== 'pglite') return { read: compliancePage, stop: () => {} };
  const cache = new ReadCache<Page>(LIFETIME_MS, MAX_PAGES);
  const stop = onDataWrite(() => cache.clear());
  // Reads under way, by key, with the generation they started in (a read begun before a write is not joined).
  const reading = new Map<string, { startedIn: number; answer: Promise<Page> }>();
  const read: typeof compliancePage = async (client, model, tenantId, holds, filter, page) => {
    const visible = SUBJECT_TYPES.filter((type) => holds(SUBJECT_RIGHTS[type]));
    const key = JSON.stringify([tenantId, visible, filter, page.page, page.perPage]);
    const cached = cache.get(key);
    if (cached) return cached;
    const startedIn = cache.begin();
    const underWay = reading.get(key);
    if (underWay?.startedIn === startedIn) return underWay.answer;
    const answer = compliancePage(client, model, tenantId, holds, filter, page);
    reading.set(key, { startedIn, answer });
    try {
      const value = await answer;
      cache.store(key, value, startedIn);
      return value;
    } finally {
      if (reading.get(key)?.answer === answer) reading.delete(key);
    }
  };
  return { read, stop: () => void stop() };
}
