/**
 * The account's members for pickers and labels (up to 100, by last name), on Refine's `useList` over
 * `users`: cached with every other view of users and refreshed when they change. Silent on failure: a
 * member without `users.view` sees ids instead of names, not a toast.
 */
import { useList } from '@refinedev/core';
import { silentNotifications } from '../../providers/notifications';

export interface Member {
  id: number;
  login?: string;
  name?: string | null;
  last_name?: string | null;
  job_position?: string | null;
  email?: string | null;
}

export function memberName(member: Member | undefined, id?: number): string {
  if (!member) return `#${id ?? '?'}`;
  return [member.name, member.last_name].filter(Boolean).join(' ') || member.login || `#${member.id}`;
}

export function useMembers(): Member[] {
  const { result } = useList<Member>({
    resource: 'users',
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: 'last_name', order: 'asc' }],
    ...silentNotifications,
  });
  return result.data;
}
