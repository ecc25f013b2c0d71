/**
 * A reader's answers kept in memory by key until a write may have changed them (this process's, db/write-watch.ts,
 * or with `changes` also another process's: change-watch.ts; nothing is kept while such a write could go
 * unheard) and for `lifetimeMs` at most, with requests for a key that is being read meanwhile waiting for that read instead
 * of reading again (after every save, all open pages ask at once). A read begun before a write is never
 * kept nor joined by a request made after it.
 */
import { ReadCache } from '../db/read-cache';
import { onDataWrite } from '../db/write-watch';
import type { ComplianceChanges } from './change-watch';

export interface CachedReader<Arguments extends unknown[], Answer> {
  read: (...args: Arguments) => Promise<Answer>;
  stop: () => void;
}

export function cachedReader<Arguments extends unknown[], Answer>(
  reader: (...args: Arguments) => Promise<Answer>,
  keyOf: (...args: Arguments) => string,
  options: { lifetimeMs: number; maxEntries: number; changes?: Pick<ComplianceChanges, 'onChange' | 'reliable'> },
): CachedReader<Arguments, Answer> {
  const cache = new ReadCache<Answer>(options.lifetimeMs, options.maxEntries);
  const { changes } = options;
  if (changes) cache.enabled = changes.reliable;
  const stop = changes
    ? changes.onChange(() => {
        cache.clear();
        cache.enabled = changes.reliable;
      })
    : onDataWrite(() => cache.clear());
  const reading = new Map<string, { startedIn: number; answer: Promise<Answer> }>();
  const read = async (...args: Arguments) => {
    const key = keyOf(...args);
    const cached = cache.get(key);
    if (cached) return cached;
    const startedIn = cache.begin();
    const underWay = reading.get(key);
    if (underWay?.startedIn === startedIn) return underWay.answer;
    const answer = reader(...args);
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

/**
 * A reader's answers kept by key and served at once, also after a write: the first request after a write
 * (or after `freshMs`) gets the answer kept and starts one read in the background, whose answer the next
 * requests get. For what is costly to read and may trail the data by one read (a second or so): the
 * compliance page's counts. Unread for `maxStaleMs`, an answer is read afresh before answering.
 */
export function refreshingReader<Arguments extends unknown[], Answer>(
  reader: (...args: Arguments) => Promise<Answer>,
  keyOf: (...args: Arguments) => string,
  options: { freshMs: number; maxStaleMs: number; maxEntries: number; onWrite?: (listener: () => void) => () => void },
): CachedReader<Arguments, Answer> {
  const entries = new Map<string, { value: Answer; at: number; generation: number }>();
  const refreshing = new Map<string, Promise<Answer>>();
  let generation = 0;
  const stop = (options.onWrite ?? onDataWrite)(() => {
    generation += 1;
  });
  const refresh = (key: string, args: Arguments): Promise<Answer> => {
    const underWay = refreshing.get(key);
    if (underWay) return underWay;
    const startedIn = generation;
    const at = Date.now();
    const answer = reader(...args)
      .then((value) => {
        const kept = entries.get(key);
        // A read begun before a write is kept only as stale (its generation is past): the next request reads again.
        if (!kept || kept.generation <= startedIn) {
          entries.delete(key);
          entries.set(key, { value, at, generation: startedIn });
          if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      })
      .finally(() => refreshing.delete(key));
    refreshing.set(key, answer);
    return answer;
  };
  const read = async (...args: Arguments) => {
    const key = keyOf(...args);
    const kept = entries.get(key);
    const age = kept ? Date.now() - kept.at : Infinity;
    if (kept && kept.generation === generation && age < options.freshMs) return kept.value;
    if (kept && age < options.maxStaleMs) {
      // A failed background read leaves the kept answer; the next request tries again.
      refresh(key, args).catch(() => {});
      return kept.value;
    }
    return refresh(key, args);
  };
  return { read, stop: () => void stop() };
}
