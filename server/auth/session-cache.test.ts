/**
 * The session cache's own rules (plugins/auth.ts uses it; sessions.test.ts proves the whole path on
 * both databases): bounded lifetime, never past the token's expiry, no entry from a lookup that raced a
 * change, nothing served while disabled, a bounded size.
 */
import { describe, expect, it } from 'vitest';
import type { UserRow } from './users';
import { SessionCache, type CachedSession } from './session-cache';

const session = (id: number, tokenExpiresAt = Number.MAX_SAFE_INTEGER): CachedSession => ({ user: { id } as UserRow, tokenExpiresAt, touchDueAt: 0 });

describe('SessionCache', () => {
  it('serves a stored session until its lifetime ends, then forgets it', () => {
    const cache = new SessionCache(5_000);
    cache.store('a', session(1), cache.begin(), 1_000);
    expect(cache.get('a', 5_999)?.user.id).toBe(1);
    expect(cache.get('a', 6_001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a session past its token expiry', () => {
    const cache = new SessionCache(60_000);
    cache.store('a', session(1, 2_000), cache.begin(), 1_000);
    expect(cache.get('a', 1_999)?.user.id).toBe(1);
    expect(cache.get('a', 2_000)).toBeUndefined();
  });

  it('does not store what a lookup read before a clear: the row may be from before the change', () => {
    const cache = new SessionCache();
    const startedIn = cache.begin();
    cache.clear();
    cache.store('a', session(1), startedIn);
    expect(cache.get('a')).toBeUndefined();
    cache.store('a', session(1), cache.begin());
    expect(cache.get('a')?.user.id).toBe(1);
  });

  it('clear drops every session', () => {
    const cache = new SessionCache();
    cache.store('a', session(1), cache.begin());
    cache.store('b', session(2), cache.begin());
    cache.clear();
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
  });

  it('serves and stores nothing while disabled (another process could change sessions unheard)', () => {
    const cache = new SessionCache();
    cache.store('a', session(1), cache.begin());
    cache.enabled = false;
    expect(cache.get('a')).toBeUndefined();
    cache.store('b', session(2), cache.begin());
    cache.enabled = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('holds at most its bound, dropping the oldest first', () => {
    const cache = new SessionCache(60_000, 2);
    for (const [index, key] of ['a', 'b', 'c'].entries()) cache.store(key, session(index), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
  });
});
