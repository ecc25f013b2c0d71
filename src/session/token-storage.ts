/**
 * Where the bearer token lives (SPEC §4): local storage, or with "remember me" unticked session storage
 * only, so it ends with the browser session. Reading looks at both; writing one clears the other.
 */
export const tokenStorageKey = 'token';

function storages(): { local?: Storage; session?: Storage } {
  try {
    return { local: globalThis.localStorage, session: globalThis.sessionStorage };
  } catch {
    return {};
  }
}

export function readToken(): string | null {
  const { local, session } = storages();
  return local?.getItem(tokenStorageKey) || session?.getItem(tokenStorageKey) || null;
}

/** Which storage holds the token now: a password change keeps the new token where the old one was. */
export function isTokenRemembered(): boolean {
  return Boolean(storages().local?.getItem(tokenStorageKey));
}

export function storeToken(token: string, remember: boolean): void {
  const { local, session } = storages();
  if (remember) {
    session?.removeItem(tokenStorageKey);
    local?.setItem(tokenStorageKey, token);
  } else {
    local?.removeItem(tokenStorageKey);
    session?.setItem(tokenStorageKey, token);
  }
}

export function clearToken(): void {
  const { local, session } = storages();
  local?.removeItem(tokenStorageKey);
  session?.removeItem(tokenStorageKey);
}
