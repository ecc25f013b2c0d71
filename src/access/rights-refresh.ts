/**
 * The session's rights are loaded once, with the session; the server applies a change of them on the
 * member's next request. Two moments bring the web app up to date without a reload: a refused request
 * (403: the rights may have shrunk meanwhile; at most once per interval, so a page full of refusals asks
 * once), and a save of the signed-in member's own record in the member dialog.
 */
import type { ResourceDefinition } from '../../resources';
import { refreshCurrentUser } from '../session/session-actions';
import { sessionStore } from '../session/session-store';

const minimumIntervalMs = 10_000;
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
