/**
 * Where the bearer token lives (SPEC §4): local storage, or with "remember me" unticked session storage
 * only, so it ends with the browser session. Reading looks at both; writing one clears the other.
 *
 * A tab keeps the token it signed in with (or found at its start) as its own: another tab of the same browser signing
 * in as someone else changes the stored token, and this tab's requests must not go out under that member's name. A
 * tab whose session ended has none until it signs in again: a token another tab stored meanwhile is that tab's.
 */
export const tokenStorageKey = 'token';

function storages(): { local?: Storage; session?: Storage } {
  try {
    return { local: globalThis.localStorage, session: globalThis.sessionStorage };
  } catch {
    return {};
  }
}

/** This tab's token: read from the storage once, at the tab's start (undefined until then); null once its session ended. */
let tabToken: string | null | undefined;

function storedToken(): string | null {
  const { local, session } = storages();
  return local?.getItem(tokenStorageKey) || session?.getItem(tokenStorageKey) || null;
}

/** Whether this tab's token was kept in local storage ("Remember me"), as the tab read or stored it. */
let tabRemembered: boolean | undefined;

export function readToken(): string | null {
  if (tabToken === undefined) {
    tabToken = storedToken();
    tabRemembered = Boolean(storages().local?.getItem(tokenStorageKey));
  }
  return tabToken;
}

/** Tests: the next read looks at the storage again, as a new tab would. */
export function forgetTabToken(): void {
  tabToken = undefined;
  tabRemembered = undefined;
}

/**
 * Which storage this tab's token was kept in: a password change, or signing in again after the session ended, keeps
 * the new token the same way. Remembered by the tab, since a sign-out in another tab has emptied the storage by then.
 */
export function isTokenRemembered(): boolean {
  return tabRemembered ?? Boolean(storages().local?.getItem(tokenStorageKey));
}

export function storeToken(token: string, remember: boolean): void {
  tabToken = token;
  tabRemembered = remember;
  const { local, session } = storages();
  if (remember) {
    session?.removeItem(tokenStorageKey);
    local?.setItem(tokenStorageKey, token);
  } else {
    local?.removeItem(tokenStorageKey);
    session?.setItem(tokenStorageKey, token);
  }
}

/** This tab's token goes; the stored one too, unless another tab has stored its own since. */
export function clearToken(): void {
  const mine = tabToken;
  tabToken = null;
  const { local, session } = storages();
  for (const storage of [local, session]) if (!mine || storage?.getItem(tokenStorageKey) === mine) storage?.removeItem(tokenStorageKey);
}
