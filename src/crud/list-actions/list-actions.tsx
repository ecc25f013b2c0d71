/** The buttons of a resource's `listActions` (registry.ts), in order, for CrudList's `extraActions`. */
import { Suspense } from 'react';
import type { ResourceDefinition } from '../../../resources';
import { listActions } from './registry';

export function ListActions({ resource }: { resource: ResourceDefinition }) {
  const names = resource.listActions ?? [];
  if (names.length === 0) return null;
  return (
    <>
      {names.map((name) => {
        const Action = listActions[name];
        return Action ? (
          <Suspense key={name} fallback={null}>
            <Action resource={resource} />
          </Suspense>
        ) : null;
      })}
    </>
  );
}
