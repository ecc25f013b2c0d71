/**
 * Refine's access-control provider over src/access/access.ts: synchronous decisions from the session
 * user's permissions (no request per row or button); Refine's own buttons hide when refused.
 */
import type { AccessControlProvider } from '@refinedev/core';
import { sessionStore } from '../session/session-store';
import { can, hasRight } from './access';

export const accessControlProvider: AccessControlProvider = {
  can({ resource, action, params }) {
    const user = sessionStore.getState().user;
    // `params.permission` asks for a named right (`audit.view`) rather than a resource action.
    const permission = typeof params?.permission === 'string' ? params.permission : undefined;
    const allowed = permission ? hasRight(user, permission) : resource ? can(user, resource, action) : false;
    // Answered from the session at hand: no request, but Refine's contract is a promise.
    return Promise.resolve(allowed ? { can: true } : { can: false, reason: 'errors.forbidden' });
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
