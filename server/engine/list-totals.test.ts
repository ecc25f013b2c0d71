/**
 * What list-totals.ts keeps is bounded: totals by their number, search matches by how many ids they hold, the
 * oldest dropped first. (Keeping and dropping at writes: list-pipeline.test.ts and search.test.ts, on both databases.)
 */
import { describe, expect, it } from 'vitest';
import { Entries } from './list-totals';

describe('kept entries under a budget', () => {
  const ids = (length: number) => Array.from({ length }, (_, index) => index + 1);

  it('drops the oldest lists once the ids kept pass the budget, however many lists that is', () => {
    const entries = new Entries<number[]>(1_000, (list) => list.length);
    entries.set('a', { value: ids(400), generation: 0 });
    entries.set('b', { value: ids(400), generation: 0 });
    entries.set('c', { value: ids(150), generation: 0 });
    expect(['a', 'b', 'c'].map((key) => entries.get(key) !== undefined)).toEqual([true, true, true]);
    entries.set('d', { value: ids(100), generation: 0 });
    expect(['a', 'b', 'c', 'd'].map((key) => entries.get(key) !== undefined)).toEqual([false, true, true, true]);
    // Many small lists fit where a count of lists sized for the largest would have dropped them.
    for (let index = 0; index < 60; index += 1) entries.set(`small ${index}`, { value: ids(10), generation: 0 });
    expect(entries.get('small 0')).toBeDefined();
    expect(entries.get('b')).toBeUndefined();
  });

  it('counts a list again when it is replaced or deleted, and keeps one list even over the budget', () => {
    const entries = new Entries<number[]>(100, (list) => list.length);
    entries.set('a', { value: ids(60), generation: 0 });
    entries.set('a', { value: ids(60), generation: 1 });
    entries.set('b', { value: ids(40), generation: 0 });
    expect(entries.get('a')?.generation).toBe(1);
    expect(entries.get('b')).toBeDefined();
    entries.delete('a');
    entries.set('c', { value: ids(60), generation: 0 });
    expect(entries.get('b')).toBeDefined();
    entries.set('huge', { value: ids(500), generation: 0 });
    expect(entries.get('huge')).toBeDefined();
    expect(entries.get('b')).toBeUndefined();
  });
});
