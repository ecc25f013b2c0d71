/**
 * Access rights, derived from the registry (never hand-listed): every resource's `permission` key gets
 * `<key>.view|create|update|delete`, plus a few named rights that are not about one resource. The
 * server enforces them (server/plugins/permissions.ts), the web app hides what a member may not use,
 * and the member dialog fills its matrix from the presets below. Shared by both sides, no JSX.
 *
 * Administrators (`administrator: true` on the member) hold every right; the registering owner is the
 * first administrator. A member can grant only rights they hold themselves, and only an administrator
 * can make another administrator, so holding `users.update` never escalates to more.
 */
import { resources as registry } from './index';
import type { ResourceDefinition, SidebarGroup } from './types';

export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Rights that are not one resource's CRUD:
 * - `sensitive.view`: see (unmasked) and write fields marked `x-sensitive` (passport and bank account
 *   numbers, IBANs, tax ids, card PINs, an employee's birth data and family contacts);
 * - `audit.view`: read the tenant-wide audit log (a record's own History needs only its view right).
 */
export const NAMED_RIGHTS = ['sensitive.view', 'audit.view'] as const;
export type NamedRight = (typeof NAMED_RIGHTS)[number];

export const SENSITIVE_RIGHT: NamedRight = 'sensitive.view';
export const AUDIT_RIGHT: NamedRight = 'audit.view';

/** `orders` + `view` → `orders.view`. */
export function permissionName(key: string, action: Action): string {
  return `${key}.${action}`;
}

/** The distinct permission keys of the registry, in registry order. */
export function permissionKeys(definitions: readonly ResourceDefinition[] = registry): string[] {
  return [...new Set(definitions.map((definition) => definition.permission))];
}

/** Every right there is: the matrix (keys × actions) then the named rights. */
export function allPermissions(definitions: readonly ResourceDefinition[] = registry): string[] {
  return [...permissionKeys(definitions).flatMap((key) => ACTIONS.map((action) => permissionName(key, action))), ...NAMED_RIGHTS];
}

/** The sidebar group a permission key belongs to: the menu group of its first resource with a menu entry. */
export function groupOfKey(key: string, definitions: readonly ResourceDefinition[] = registry): SidebarGroup {
  return definitions.find((definition) => definition.permission === key && definition.menu)?.menu?.group ?? 'companyManagement';
}

export interface AccessHolder {
  administrator?: boolean | null;
  permissions?: readonly string[] | null;
}

/** Whether a member holds a right (administrators hold all). */
export function holds(member: AccessHolder, permission: string): boolean {
  return member.administrator === true || (member.permissions ?? []).includes(permission);
}

/** The rights a member actually has, as the session and the web app see them. */
export function effectivePermissions(member: AccessHolder, definitions: readonly ResourceDefinition[] = registry): string[] {
  const all = allPermissions(definitions);
  return member.administrator === true ? all : all.filter((permission) => (member.permissions ?? []).includes(permission));
}

/**
 * The right to view the area a right to create, edit or delete belongs to (`orders.create` → `orders.view`); none
 * for a right to view or a named right. A member may not hold the one without the other: they could not find
 * what they made (the web app shows no page they may not view).
 */
export function viewRightOf(right: string, definitions: readonly ResourceDefinition[] = registry): string | undefined {
  const cut = right.lastIndexOf('.');
  const key = right.slice(0, cut);
  const action = right.slice(cut + 1);
  if (action === 'view' || !(ACTIONS as readonly string[]).includes(action) || !permissionKeys(definitions).includes(key)) return undefined;
  return permissionName(key, 'view');
}

type GroupRule = Partial<Record<SidebarGroup, readonly Action[]>>;

const EVERYTHING: readonly Action[] = ACTIONS;
const READ: readonly Action[] = ['view'];
const WRITE: readonly Action[] = ['view', 'create', 'update'];

/**
 * Presets fill the matrix of the member dialog (SPEC §6 leaves the role list empty; these are it). Each
 * says, per sidebar group, which actions its keys get, so a new resource falls into the presets of its group.
 */
const PRESET_RULES: Record<string, { groups: GroupRule; keys?: Record<string, readonly Action[]>; named: readonly NamedRight[] }> = {
  // Companies sit in the personal group of the sidebar, but everyone works for them: their own rule.
  dispatcher: { groups: { logistic: EVERYTHING, vehicles: WRITE, maintenance: READ, companyManagement: READ }, keys: { companies: READ }, named: [] },
  hrManager: { groups: { personal: EVERYTHING, companyManagement: READ }, keys: { companies: READ }, named: ['sensitive.view'] },
  fleetManager: { groups: { vehicles: EVERYTHING, maintenance: EVERYTHING, logistic: READ, companyManagement: READ }, keys: { companies: READ }, named: [] },
  accountant: {
    groups: { logistic: READ, vehicles: READ, maintenance: EVERYTHING, personal: READ, companyManagement: READ },
    keys: { companies: EVERYTHING },
    named: ['sensitive.view'],
  },
  readOnly: { groups: { logistic: READ, vehicles: READ, maintenance: READ, personal: READ, companyManagement: READ }, named: [] },
};

export const PRESET_NAMES = Object.keys(PRESET_RULES);

/** The rights a preset grants (its translated label is `permissions.presets.<name>`). */
export function presetPermissions(name: string, definitions: readonly ResourceDefinition[] = registry): string[] {
  const rule = PRESET_RULES[name];
  if (!rule) throw new Error(`Unknown preset "${name}"`);
  const keys = permissionKeys(definitions);
  // Managing members is never part of a preset: it is given by hand, deliberately.
  const actionsOf = (key: string) => rule.keys?.[key] ?? rule.groups[groupOfKey(key, definitions)] ?? [];
  const granted = keys.filter((key) => key !== 'users').flatMap((key) => actionsOf(key).map((action) => permissionName(key, action)));
  if (rule.groups.companyManagement) granted.push(permissionName('users', 'view'));
  return [...granted, ...rule.named];
}
