/**
 * Answers read from the database, kept in memory for a few seconds and dropped by every write that may
 * change them (db/write-watch.ts reports the writes; the owner calls `clear`). Correctness first:
 * - a read that started before a clear is not stored (the generation check), so a row read before a
 *   change cannot be cached after it;
 * - entries live `lifetimeMs` at most, and `stillValid` can end one sooner (a token's expiry);
 * - while disabled (another process's writes could go unheard) nothing is served or stored.
 * Used for sessions (auth/session-cache.ts) and compliance readings (compliance/reading-cache.ts, obligations-cache.ts).
 */
interface Entry<Value> {
  value: Value;
  storedAt: number;
}

export class ReadCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  private generation = 0;
  /** False while writes could go unheard: nothing is then served or stored. */
  enabled = true;

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number,
    private readonly stillValid: (value: Value, now: number) => boolean = () => true,
  ) {}

  /** The generation a read starts in: pass it to `store`. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): Value | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.lifetimeMs || !this.stillValid(entry.value, now)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  store(key: string, value: Value, startedIn: number, now = Date.now()): void {
    if (!this.enabled || startedIn !== this.generation) return;
    // Oldest first out (a Map iterates in insertion order): a bound, not an LRU; misses only cost a query.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, storedAt: now });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
