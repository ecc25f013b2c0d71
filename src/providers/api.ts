/** The app's API client, wired to the stored token, the interface language and the session's end. */
import { currentLanguage } from '../i18n/i18n';
import { takePrefetched } from '../boot/prefetch';
import { readToken } from '../session/token-storage';
import { createApiClient } from './api-client';

const sessionEndedListeners = new Set<() => void>();

/** Runs `listener` whenever a signed-in request is answered 401 (token revoked or expired). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export const api = createApiClient({
  getToken: readToken,
  getLanguage: currentLanguage,
  onUnauthorized: () => sessionEndedListeners.forEach((listener) => listener()),
  // The current user and the first list rows, asked for by the boot module while the app loaded.
  prefetched: takePrefetched,
});
