/** The access decisions of src/access/access.ts for the signed-in member of the session store. */
import { useMemo } from 'react';
import type { ResourceDefinition } from '../../resources';
import { useSession } from '../session/session-store';
import { can, canOpen, hasRight, readsAuditLog, seesSensitive } from './access';

export interface Access {
  can: (resource: ResourceDefinition | string, action: string) => boolean;
  holds: (permission: string) => boolean;
  canOpen: (path: string) => boolean;
  seesSensitive: boolean;
  readsAuditLog: boolean;
  administrator: boolean;
}

export function useAccess(): Access {
  const { user } = useSession();
  return useMemo(
    () => ({
      can: (resource, action) => can(user, resource, action),
      holds: (permission) => hasRight(user, permission),
      canOpen: (path) => canOpen(user, path),
      seesSensitive: seesSensitive(user),
      readsAuditLog: readsAuditLog(user),
      administrator: user?.administrator === true,
    }),
    [user],
  );
}
