/**
 * Departments ⇄ members in both directions with one copy of the truth: membership is stored on the
 * member (`departments`), a department's `members` is read from there (derived-fields.ts). Writing
 * `members` on a department adds the department to the named members and removes it from the others
 * (each member's change is in the audit trail); deleting a department removes it from every member
 * (the x-ref's set-null rule); deleting a member removes them from every department (their row goes)
 * and from any head_id (set-null). Adding or taking a member needs `users.update` and may touch only members
 * the actor may change (rules/users.ts), else a 422 on `members` and nothing written.
 */
import { holds } from '../../resources/permissions';
import type { EngineResource } from '../engine/model';
import type { ResourceRules } from '../engine/rule-types';
import { HttpError } from '../http-error';
import { mayManageMember } from './users';

const refused = (key: string) => new HttpError(422, 'errors.invalidData', { fieldErrors: { members: [{ key }] } });

export const departmentRules: ResourceRules = {
  beforeWrite(_context, { data }) {
    if (!Object.hasOwn(data, 'members')) return Promise.resolve();
    const members = data.members;
    delete data.members;
    return Promise.resolve({ members });
  },

  async afterWrite({ client, store, model, actor }, { id, taken }) {
    if (!Array.isArray(taken.members)) return;
    const wanted = new Set(taken.members as number[]);
    const members = model.byName.get('users') as EngineResource;
    const affected = await client.query(
      `SELECT id, data FROM users
        WHERE tenant_id = $1 AND (id = ANY($2::bigint[]) OR COALESCE(data->'departments', '[]'::jsonb) @> to_jsonb($3::bigint))
        ORDER BY id FOR UPDATE`,
      [actor.tenant_id, [...wanted], id],
    );
    for (const row of affected.rows as Array<{ id: number; data: Record<string, unknown> }>) {
      const current = Array.isArray(row.data.departments) ? (row.data.departments as number[]) : [];
      const next = wanted.has(Number(row.id)) ? [...new Set([...current, id])] : current.filter((department) => department !== id);
      if (next.length === current.length) continue;
      // A member's departments are part of their record: changing them takes what changing the member takes.
      if (!holds(actor.data, 'users.update')) throw refused('departments.membersNeedRight');
      if (!mayManageMember(actor, row.data)) throw refused('members.strongerMember');
      await store.update(members, Number(row.id), { ...row.data, departments: next }, actor.id);
    }
  },
};
