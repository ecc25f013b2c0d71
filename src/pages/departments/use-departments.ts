/**
 * The departments of the account (up to 100, by name) and their changes, on Refine's hooks: `useList`,
 * `useCreate`, `useUpdate`, `useDelete` with the server's messages as notifications. Refine invalidates
 * every view of departments after a change; the members (`users`) are invalidated too, since the server
 * keeps each member's `departments` in step with a department's `members`.
 */
import { useCreate, useDelete, useInvalidate, useList, useUpdate } from '@refinedev/core';
import { useState } from 'react';
import { mutationNotifications, readNotifications } from '../../providers/notifications';
import type { Department } from './department-panel';

const resource = 'departments';

export function useDepartments() {
  const { query, result } = useList<Department>({
    resource,
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: 'name', order: 'asc' }],
    ...readNotifications,
  });
  // What a save answered, until the list is read again: the next change must carry the new `version`,
  // even when it is made before the refreshed list arrives (else the server answers 409).
  const [saved, setSaved] = useState<Map<number, Department>>(new Map());
  const departments = query.isSuccess
    ? result.data.map((department) => {
        const answer = saved.get(department.id);
        return answer && (answer.version ?? 0) > (department.version ?? 0) ? { ...department, ...answer } : department;
      })
    : null;

  const invalidate = useInvalidate();
  const membersChanged = () => invalidate({ resource: 'users', invalidates: ['resourceAll'] });
  const { mutateAsync: create } = useCreate<Department>();
  const { mutateAsync: update } = useUpdate<Department>();
  const { mutateAsync: remove } = useDelete<Department>();

  return {
    departments,
    failed: query.isError,
    create: async (name: string): Promise<Department> => {
      const answer = await create({ resource, values: { name }, ...mutationNotifications });
      return answer.data;
    },
    update: async (department: Department, patch: Partial<Department>): Promise<void> => {
      const answer = await update({ resource, id: department.id, values: { ...patch, version: department.version }, ...mutationNotifications });
      setSaved((current) => new Map(current).set(department.id, { ...department, ...patch, ...answer.data }));
      void membersChanged();
    },
    remove: async (department: Department): Promise<void> => {
      await remove({ resource, id: department.id, ...mutationNotifications });
      void membersChanged();
    },
  };
}
