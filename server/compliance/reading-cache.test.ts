/** The counts' reader: kept answers served at once, refreshed once in the background after a write or with age. */
import { describe, expect, it, vi } from 'vitest';
import { refreshingReader } from './reading-cache';

function setUp(freshMs = 30_000) {
  const listeners = new Set<() => void>();
  let value = 1;
  const reads = vi.fn(async (_key: string) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return value;
  });
  const reader = refreshingReader(reads, (key) => key, {
    freshMs,
    maxStaleMs: 60_000,
    maxEntries: 10,
    onWrite: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return {
    reader,
    reads,
    change: (next: number) => {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('refreshingReader', () => {
  it('reads once for requests made together, and serves the kept answer while it is fresh', async () => {
    const { reader, reads } = setUp();
    expect(await Promise.all([reader.read('a'), reader.read('a'), reader.read('a')])).toEqual([1, 1, 1]);
    expect(await reader.read('a')).toBe(1);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('after a write, answers the kept value at once and the next request gets the value read in the background', async () => {
    const { reader, reads, change } = setUp();
    await reader.read('a');
    change(2);
    expect(await reader.read('a')).toBe(1);
    await vi.waitFor(async () => expect(await reader.read('a')).toBe(2));
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('keeps answers apart by key and reads an unknown key before answering', async () => {
    const { reader, change } = setUp();
    await reader.read('a');
    change(3);
    expect(await reader.read('b')).toBe(3);
  });

  it('refreshes an answer older than freshMs in the background too', async () => {
    const { reader, reads, change } = setUp(0);
    await reader.read('a');
    // With freshMs 0 every kept answer counts as old, write or not.
    change(4);
    reads.mockClear();
    expect(await reader.read('a')).toBe(1);
    await vi.waitFor(async () => expect(await reader.read('a')).toBe(4));
  });
});
