/**
 * The session's rights are loaded once, with the session; the server applies a change of them on the
 * member's next request. Three moments bring the web app up to date without a reload: a refused request
 * (403: the rights may have shrunk meanwhile; at most once per interval, so a page full of refusals asks
 * once), a save of the signed-in member's own record in the member dialog, and a move to another page or back to
 * the browser's tab once a minute has passed (rights granted meanwhile: a new menu entry, a Create button).
 */
import { useEffect } from 'react';
import type { ResourceDefinition } from '../../resources';
import { refreshCurrentUser } from '../session/session-actions';
import { sessionStore } from '../session/session-store';

const minimumIntervalMs = 10_000;
/** Rights granted by an administrator show after at most this long of the member's moving about. */
const staleAfterMs = 60_000;
let lastRefresh = 0;

export function refreshRightsAfterRefusal(now = Date.now()): boolean {
  if (sessionStore.getState().status !== 'authenticated' || now - lastRefresh < minimumIntervalMs) return false;
  lastRefresh = now;
  void refreshCurrentUser();
  return true;
}

export function refreshRightsAfterSave(resource: ResourceDefinition, record: Record<string, unknown> | undefined): boolean {
  const user = sessionStore.getState().user;
  if (resource.name !== 'users' || !user || (typeof record?.id !== 'string' && typeof record?.id !== 'number') || String(record.id) !== String(user.id))
    return false;
  void refreshCurrentUser();
  return true;
}

/** On a move to another page or back to the tab: the rights read again once they are a minute old. */
export function refreshRightsIfStale(now = Date.now()): boolean {
  if (sessionStore.getState().status !== 'authenticated') return false;
  if (lastRefresh === 0) lastRefresh = now; // the session's own reading, at sign-in or start
  if (now - lastRefresh < staleAfterMs) return false;
  lastRefresh = now;
  void refreshCurrentUser({ quiet: true });
  return true;
}

/** Reads the rights again as the member moves about (`pathname`) or comes back to the tab, once they are a minute old. */
export function useRightsFreshness(pathname: string): void {
  useEffect(() => {
    refreshRightsIfStale();
  }, [pathname]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshRightsIfStale();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}
