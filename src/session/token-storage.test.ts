/** A tab's token is its own: another tab of the browser signing in as someone else does not change whose name it works in. */
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, forgetTabToken, isTokenRemembered, readToken, storeToken, tokenStorageKey } from './token-storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  forgetTabToken();
});

describe('the token of a tab', () => {
  it('is what the storage held at its start, or what it signed in with, whatever another tab stores later', () => {
    localStorage.setItem(tokenStorageKey, 'jonas');
    expect(readToken()).toBe('jonas');
    // Another tab signs in as Olena: the shared storage changes, this tab goes on as Jonas.
    localStorage.setItem(tokenStorageKey, 'olena');
    expect(readToken()).toBe('jonas');
    storeToken('jonas-again', true);
    expect(readToken()).toBe('jonas-again');
    expect(localStorage.getItem(tokenStorageKey)).toBe('jonas-again');
  });

  it('stays remembered after a sign-out in another tab emptied the storage, so signing in again keeps "Remember me"', () => {
    storeToken('jonas', true);
    // The other tab signs out: the shared storage is emptied under this tab.
    localStorage.removeItem(tokenStorageKey);
    expect(isTokenRemembered()).toBe(true);
    forgetTabToken();
    sessionStorage.setItem(tokenStorageKey, 'olena');
    readToken();
    expect(isTokenRemembered()).toBe(false);
  });

  it("does not take a token another tab stored after its own session ended: that is the other tab's member", () => {
    storeToken('jonas', true);
    clearToken();
    localStorage.setItem(tokenStorageKey, 'olena');
    expect(readToken()).toBeNull();
    storeToken('jonas-again', false);
    expect(readToken()).toBe('jonas-again');
  });

  it("clears the stored token with its own, but not another tab's stored since", () => {
    storeToken('jonas', true);
    clearToken();
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();

    storeToken('jonas', true);
    localStorage.setItem(tokenStorageKey, 'olena');
    clearToken();
    expect(localStorage.getItem(tokenStorageKey)).toBe('olena');
  });
});
