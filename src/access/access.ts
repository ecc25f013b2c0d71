/**
 * Access control in the web app, in one place: what the signed-in member may see and do, decided from
 * the session user's effective `permissions` (loaded once with the session, never a request per row or
 * button) and the registry's `permission` keys (resources/permissions.ts). The sidebar, the routes (the
 * "not permitted" page), the generic pages' buttons and tabs, the forms' sensitive fields and Refine's
 * access-control provider all ask here. Hiding is a courtesy: the server enforces every right.
 */
import { resources, type ResourceDefinition } from '../../resources';
import { menuOnlyEntries } from '../../resources/menu';
import { AUDIT_RIGHT, holds, permissionName, SENSITIVE_RIGHT, type AccessHolder, type Action } from '../../resources/permissions';

/** Refine's and the pages' action names → the registry's actions. */
const actionsByName: Record<string, Action> = {
  list: 'view',
  show: 'view',
  view: 'view',
  read: 'view',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

export type PageAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** The registry action of a Refine or page action (`edit` → `update`), or undefined when unknown. */
export function registryAction(action: string): Action | undefined {
  return actionsByName[action];
}

function definitionOf(resource: ResourceDefinition | string): ResourceDefinition | undefined {
  return typeof resource === 'string' ? resources.find((candidate) => candidate.name === resource) : resource;
}

/** The right a resource action needs (`orders` + `edit` → `orders.update`), or undefined when there is none. */
export function requiredPermission(resource: ResourceDefinition | string, action: string): string | undefined {
  const definition = definitionOf(resource);
  const registry = registryAction(action);
  return definition && registry ? permissionName(definition.permission, registry) : undefined;
}

/** Whether the member holds a right (administrators hold all); nobody signed in holds none. */
export function hasRight(user: AccessHolder | null | undefined, permission: string): boolean {
  return Boolean(user) && holds(user!, permission);
}

/**
 * Whether the member may do `action` (`list`, `show`, `create`, `edit`, `delete`, or the registry's
 * `view`/`update`) on a resource of the registry. An unknown resource or action is refused.
 */
export function can(user: AccessHolder | null | undefined, resource: ResourceDefinition | string, action: string): boolean {
  const permission = requiredPermission(resource, action);
  return permission !== undefined && hasRight(user, permission);
}

/** Whether the member sees and writes `x-sensitive` fields unmasked. */
export function seesSensitive(user: AccessHolder | null | undefined): boolean {
  return hasRight(user, SENSITIVE_RIGHT);
}

/** Whether the member reads the tenant-wide audit log. */
export function readsAuditLog(user: AccessHolder | null | undefined): boolean {
  return hasRight(user, AUDIT_RIGHT);
}

/**
 * Web pages that are no resource's list or show page, with the right they need (or the rights any one of
 * which is enough): the menu-only pages' (resources/menu.ts).
 */
const pagePermissions: Record<string, string | readonly string[]> = Object.fromEntries(
  menuOnlyEntries.flatMap((entry) => (entry.permission ? [[entry.route, entry.permission]] : [])),
);

const routeShape = (path: string) => path.replace(/:\w+/g, ':');

/**
 * The right a web route needs (a route pattern such as `/companies/:companyId`): `<key>.view` of the
 * resource whose list or show page it is, the right (or the rights, any one of which is enough) of a
 * hand-written page, or undefined when every
 * signed-in member may open it (profile pages, screens not yet built).
 */
export function routePermission(path: string): string | readonly string[] | undefined {
  if (pagePermissions[path]) return pagePermissions[path];
  // The pages under a hand-written page (an act's page under the acts list) need what the page needs.
  const under = Object.keys(pagePermissions).find((route) => path.startsWith(`${route}/`));
  if (under) return pagePermissions[under];
  const shape = routeShape(path);
  const definition = resources.find((candidate) => [candidate.routes?.list, candidate.routes?.show].some((route) => route && routeShape(route) === shape));
  return definition ? permissionName(definition.permission, 'view') : undefined;
}

/** Whether the member may open a web route. */
export function canOpen(user: AccessHolder | null | undefined, path: string): boolean {
  const permission = routePermission(path);
  return permission === undefined || [permission].flat().some((right) => hasRight(user, right));
}
