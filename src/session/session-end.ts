/**
 * Ending the session locally: the token goes and the guards show /login. Its own small module because
 * the API client calls it on a 401 and session-actions.ts on logout, and the client must not import
 * session-actions (which loads the client lazily, to keep axios out of /login's first download).
 */
import { sessionStore } from './session-store';
import { clearToken } from './token-storage';

/** `signedOut`: the member chose to sign out (the next sign-in starts afresh); else the session ended under them. */
export function endSession({ signedOut = false }: { signedOut?: boolean } = {}): void {
  clearToken();
  sessionStore.setState({ status: 'anonymous', user: null, loading: false, signedOut });
}

/** A signed-in request answered 401: the token was revoked (logout elsewhere, password change) or expired. */
export function endSessionIfSignedIn(): void {
  if (sessionStore.getState().status !== 'anonymous') endSession();
}
