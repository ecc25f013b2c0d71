/** The app's API client, wired to the stored token, the interface language and the session's end. */
import { currentLanguage } from '../i18n/i18n';
import { takePrefetched } from '../boot/prefetch';
import { endSessionIfSignedIn } from '../session/session-end';
import { readToken } from '../session/token-storage';
import { createApiClient } from './api-client';

export const api = createApiClient({
  getToken: readToken,
  getLanguage: currentLanguage,
  onUnauthorized: endSessionIfSignedIn,
  // The current user and the first list rows, asked for by the boot module while the app loaded.
  prefetched: takePrefetched,
});
