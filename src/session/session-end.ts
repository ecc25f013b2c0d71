/**
 * Ending the session locally: the token goes and the guards show /login (or, for a session that ended under a
 * member at work, the question to sign in again over the page). Its own small module because
 * the API client calls it on a 401 and session-actions.ts on logout, and the client must not import
 * session-actions (which loads the client lazily, to keep axios out of /login's first download).
 */
import { sessionStore } from './session-store';
import { clearToken, isTokenRemembered } from './token-storage';

/** `signedOut`: the member chose to sign out (the next sign-in starts afresh); else the session ended under them. */
export function endSession({ signedOut = false }: { signedOut?: boolean } = {}): void {
  clearToken();
  sessionStore.setState({ status: 'anonymous', user: null, loading: false, signedOut });
}

/**
 * A signed-in request answered 401: the token was revoked (logout elsewhere, password change) or expired. A member
 * at work keeps the page, with what they typed into it, and is asked to sign in again over it (`expired`); while the
 * app is still finding out who they are, the session simply ends (the sign-in page). Once asked, further 401s change nothing.
 */
export function endSessionIfSignedIn(): void {
  const { status, user } = sessionStore.getState();
  if (status === 'authenticated' && user) {
    const remember = isTokenRemembered();
    clearToken();
    sessionStore.setState({ status: 'expired', remember, loading: false, loginError: null });
  } else if (status !== 'anonymous' && status !== 'expired') endSession();
}
