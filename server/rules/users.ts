/**
 * Members (resources/permissions.ts has the rights themselves):
 * - a new member needs a password (`requiredOnCreate` in resources/users.ts, checked by the engine);
 * - only an administrator makes or unmakes administrators, and changes an administrator's record;
 * - a right to create, edit or delete comes with the right to view its area;
 * - anyone else may grant only rights they hold, and may edit or delete only members whose rights
 *   they hold (else holding `users.update` would let them take over a stronger account);
 * - the last active administrator cannot be demoted, disabled or deleted; nobody disables or deletes
 *   themselves (both would lock the account out);
 * - nobody sets their own password here: the profile's change asks for the current one;
 * - the account's owner (who registered it) is theirs alone to sign in with: no one else changes the owner's login,
 *   e-mail, password, rights or status, and no one deletes the owner (a second administrator could otherwise set
 *   the owner's password, demote them or delete them);
 * - disabling a member, or setting their password, ends all their sessions at once (deleting one does
 *   too: their tokens go with their row). A changed right applies from their next request, since every
 *   request reads the member afresh (plugins/auth.ts).
 */
import { holds, viewRightOf } from '../../resources/permissions';
import { revokeAllTokens } from '../auth/tokens';
import { takenFields, type MemberData } from '../auth/users';
import type { Queryable } from '../db/pool';
import { HttpError } from '../http-error';
import type { ResourceRules, RuleContext } from '../engine/rule-types';

const isAdministrator = (data: Record<string, unknown> | null) => data?.administrator === true;
const isActive = (data: Record<string, unknown> | null) => data?.active !== false;
const rightsOf = (data: Record<string, unknown> | null) => (Array.isArray(data?.permissions) ? (data.permissions as string[]) : []);

function refused(field: string, key: string): HttpError {
  return new HttpError(422, key, { fieldErrors: { [field]: [{ key }] } });
}

/** Other active administrators of the tenant; the advisory lock makes concurrent demotions take turns. */
async function otherActiveAdministrators(client: Queryable, tenantId: number, exceptId: number): Promise<number> {
  await client.query('SELECT pg_advisory_xact_lock(7240515, $1::int)', [tenantId % 2_147_483_647]);
  const result = await client.query(
    `SELECT count(*)::int AS n FROM users
      WHERE tenant_id = $1 AND id <> $2 AND data @> '{"administrator": true}'::jsonb AND NOT (data @> '{"active": false}'::jsonb)`,
    [tenantId, exceptId],
  );
  return (result.rows[0] as { n: number }).n;
}

/** Whether the member `id` is the account's owner, who registered it (`users.is_owner`). */
async function isOwner(client: Queryable, id: number): Promise<boolean> {
  const result = await client.query('SELECT is_owner FROM users WHERE id = $1', [id]);
  return (result.rows[0] as { is_owner?: boolean } | undefined)?.is_owner === true;
}

/** What of a member's record signs them in or says what they may do: the owner's own to change. */
function ownerOnlyChanges(current: Record<string, unknown>, data: Record<string, unknown>): boolean {
  const sameRights = JSON.stringify([...rightsOf(current)].sort()) === JSON.stringify([...rightsOf(data)].sort());
  return (
    current.login !== data.login ||
    current.email !== data.email ||
    current.password !== data.password ||
    isAdministrator(current) !== isAdministrator(data) ||
    isActive(current) !== isActive(data) ||
    !sameRights
  );
}

/** A member who is not an administrator may act on a member only if they hold every right that member holds. */
export function mayManageMember(actor: RuleContext['actor'], target: Record<string, unknown>): boolean {
  if (isAdministrator(actor.data as unknown as Record<string, unknown>)) return true;
  return !isAdministrator(target) && rightsOf(target).every((right) => holds(actor.data, right));
}

function assertMayManage({ actor }: RuleContext, target: Record<string, unknown>) {
  if (!mayManageMember(actor, target)) throw new HttpError(403, 'members.strongerMember');
}

export const memberRules: ResourceRules = {
  // A login and an e-mail are one account's across every tenant (sign-in names no tenant).
  async takenValues({ client }, { id, data }) {
    const text = (field: string) => (typeof data[field] === 'string' ? data[field] : '');
    const taken = await takenFields(client, { login: text('login'), email: text('email') }, id);
    return Object.fromEntries(taken.map((field) => [field, [{ key: 'validation.unique' }]]));
  },

  async beforeWrite(context, { id, data, current }) {
    const { actor, client } = context;
    const actorIsAdministrator = isAdministrator(actor.data as unknown as Record<string, unknown>);
    data.administrator ??= false;
    data.active ??= true;
    data.permissions ??= [];
    data.departments ??= [];

    if (current) assertMayManage(context, current);
    if (current && id !== null && id !== actor.id && ownerOnlyChanges(current, data) && (await isOwner(client, id))) {
      throw new HttpError(403, 'members.ownerOnly');
    }
    if (isAdministrator(data) !== isAdministrator(current) && !actorIsAdministrator) throw new HttpError(403, 'members.onlyAdministrators');
    const before = new Set(rightsOf(current));
    const added = rightsOf(data).filter((right) => !before.has(right));
    if (!actorIsAdministrator && !added.every((right) => holds(actor.data, right))) throw new HttpError(403, 'members.cannotGrant');
    // A right to create, edit or delete needs the right to view its area: checked where this write changes either,
    // so a member stored that way before can still be edited in other ways.
    const after = new Set(rightsOf(data));
    const withoutView = [...after].filter((right) => {
      const view = viewRightOf(right);
      return view !== undefined && !after.has(view) && (!before.has(right) || before.has(view));
    });
    if (withoutView.length > 0) throw refused('permissions', 'members.rightWithoutView');

    if (id !== null && id === actor.id && !isActive(data)) throw refused('active', 'members.cannotDisableSelf');
    // Here no one asks for the current password (data.password is already the new hash when one was sent): a
    // session left open must not be enough to take the account over. The profile's change asks for it.
    if (id !== null && id === actor.id && current?.password !== data.password) throw refused('password', 'members.ownPasswordInProfile');
    const losesAdministration = isAdministrator(current) && isActive(current) && (!isAdministrator(data) || !isActive(data));
    if (id !== null && losesAdministration && (await otherActiveAdministrators(client, actor.tenant_id, id)) === 0) {
      throw refused(isAdministrator(data) ? 'active' : 'administrator', 'members.lastAdministrator');
    }
  },

  async afterWrite({ client }, { id, data, current }) {
    if (current === null) return;
    const disabled = isActive(current) && !isActive(data);
    const newPassword = (current as Partial<MemberData>).password !== (data as Partial<MemberData>).password;
    if (disabled || newPassword) await revokeAllTokens(client, id);
  },

  async beforeDelete(context, { id, data }) {
    const { actor, client } = context;
    if (id === actor.id) throw new HttpError(409, 'members.cannotDeleteSelf');
    if (await isOwner(client, id)) throw new HttpError(409, 'members.ownerCannotBeDeleted');
    assertMayManage(context, data);
    if (isAdministrator(data) && isActive(data) && (await otherActiveAdministrators(client, actor.tenant_id, id)) === 0) {
      throw new HttpError(409, 'members.lastAdministrator');
    }
  },
};
