/**
 * A reader's answers kept in memory by key until this process writes anything (db/write-watch.ts) and for
 * `lifetimeMs` at most, with requests for a key that is being read meanwhile waiting for that read instead
 * of reading again (after every save, all open pages ask at once). A read begun before a write is never
 * kept nor joined by a request made after it.
 */
import { ReadCache } from '../db/read-cache';
import { onDataWrite } from '../db/write-watch';

export interface CachedReader<Arguments extends unknown[], Answer> {
  read: (...args: Arguments) => Promise<Answer>;
  stop: () => void;
}

export function cachedReader<Arguments extends unknown[], Answer>(
  reader: (...args: Arguments) => Promise<Answer>,
  keyOf: (...args: Arguments) => string,
  options: { lifetimeMs: number; maxEntries: number },
): CachedReader<Arguments, Answer> {
  const cache = new ReadCache<Answer>(options.lifetimeMs, options.maxEntries);
  const stop = onDataWrite(() => cache.clear());
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
