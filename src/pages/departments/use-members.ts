/**
 * The account's members for pickers and labels (up to 100, by last name). Silent on failure: a member
 * without `users.view` sees ids instead of names, not a toast.
 */
import { useEffect, useState } from 'react';
import { createDataProvider } from '../../providers/data-provider';

const quietData = createDataProvider(undefined, { notify: null });

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
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    let active = true;
    quietData
      .getList({ resource: 'users', pagination: { currentPage: 1, pageSize: 100 }, sorters: [{ field: 'last_name', order: 'asc' }] })
      .then((answer) => active && setMembers(answer.data as unknown as Member[]))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return members;
}
