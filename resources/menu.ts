/**
 * The sidebar of SPEC §1, derived in one place: its groups in SPEC's order, and in each group the entries
 * of the registry's resources (`menu` in a definition) and of the menu-only pages below, ordered by
 * `menu.order`. The web app hands all of it to Refine as resources (src/layout/refine-resources.tsx) and
 * draws the sidebar and the top menu with Refine's `useMenu`; the access rules (src/access/) read the
 * menu-only pages' rights from here. Serializable: icons by name, labels by locale key.
 */
import { resources } from './index';
import { AUDIT_RIGHT, permissionName } from './permissions';
import { sidebarGroups, type MenuPlacement, type ResourceDefinition, type SidebarGroup } from './types';

/** The icon of each sidebar group (an icon name of @ant-design/icons, as in `menu.icon`). */
export const groupIcons: Record<SidebarGroup, string> = {
  logistic: 'DeploymentUnitOutlined',
  vehicles: 'CarOutlined',
  personal: 'TeamOutlined',
  companyManagement: 'ApartmentOutlined',
  maintenance: 'ToolOutlined',
};

/** A sidebar entry that opens a page which is no resource's list. */
export interface MenuOnlyEntry {
  /** Its name among Refine's resources (unique beside the registry's names and the groups). */
  name: string;
  /** The route it opens (a route of src/routes.tsx). */
  route: string;
  menu: MenuPlacement;
  /**
   * The right a member needs to see and open it, or a list of rights any one of which is enough; absent:
   * every signed-in member.
   */
  permission?: string | readonly string[];
}

/**
 * Sidebar entries of pages that are not resources: a second view of a resource's records (order search),
 * hand-written pages (audit log) and the screens SPEC §2 lists that are still placeholders. They are not
 * registry resources because a resource is a schema with API endpoints, from which the server makes
 * tables and routes, and these have neither. They are declared here, beside the registry, rather than in
 * the web app's layout, so that the one derivation below orders every entry and the access rules find
 * their rights (they used to be a second, hand-written sidebar list). When a placeholder becomes a
 * resource's page, its entry moves into that resource's `menu`.
 */
export const menuOnlyEntries: readonly MenuOnlyEntry[] = [
  // Issue 14: the compliance page (what has expired, expires soon or is missing, across people and
  // vehicles) is where a manager looks first, so it is the one entry of its own at the very top of the
  // sidebar, before SPEC §1's groups, rather than inside one of them: it belongs to none (it spans HR,
  // the fleet and the cards). It opens for a member who may see any of its subjects; the page then shows
  // only the subject types they may see.
  {
    name: 'compliance',
    route: '/compliance',
    menu: { icon: 'SafetyCertificateOutlined', key: 'compliance' },
    permission: ['employees.view', 'transport.view', 'trailers.view', 'cards.view'],
  },
  // The orders list with its search and filters open (CrudListPage `searchFirst`).
  {
    name: 'order-search',
    route: '/order-search',
    menu: { group: 'logistic', icon: 'FileSearchOutlined', key: 'orderSearch', order: 2 },
    permission: permissionName('orders', 'view'),
  },
  {
    name: 'management-finances',
    route: '/management-finances',
    menu: { group: 'companyManagement', icon: 'WalletOutlined', key: 'managementFinances', order: 3 },
  },
  // The tenant-wide audit trail.
  { name: 'audit-log', route: '/audit-log', menu: { group: 'companyManagement', icon: 'AuditOutlined', key: 'auditLog', order: 4 }, permission: AUDIT_RIGHT },
  { name: 'basic-data', route: '/maintenance-basic-data', menu: { group: 'maintenance', icon: 'DatabaseOutlined', key: 'basicData', order: 1 } },
  // Handover acts belong to the transport (resources/handover-acts.ts).
  {
    name: 'acceptance-certificate',
    route: '/maintenance-acceptance-certificate',
    menu: { group: 'maintenance', icon: 'FileDoneOutlined', key: 'acceptanceCertificate', order: 4 },
    permission: permissionName('transport', 'view'),
  },
];

/** One entry of the sidebar: a resource's list page or a menu-only page. */
export interface SidebarEntry {
  name: string;
  route: string;
  menu: MenuPlacement;
  /** The registry resource whose list it opens; absent for a menu-only page. */
  resource?: ResourceDefinition;
}

/** `personalMain` → `personal-main`: the kebab-case form of a menu key or group (test ids, Refine keys). */
export function kebabCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Every sidebar entry: first the entries of their own (no group: the compliance page), then group by
 * group in SPEC §1's order, each group's entries by `menu.order`.
 */
export function sidebarEntries(definitions: readonly ResourceDefinition[] = resources, menuOnly: readonly MenuOnlyEntry[] = menuOnlyEntries): SidebarEntry[] {
  const entries: SidebarEntry[] = [
    ...definitions.flatMap((resource) =>
      resource.menu && resource.routes ? [{ name: resource.name, route: resource.routes.list, menu: resource.menu, resource }] : [],
    ),
    ...menuOnly.map((entry) => ({ name: entry.name, route: entry.route, menu: entry.menu })),
  ];
  const rank = (entry: SidebarEntry) => [entry.menu.group ? sidebarGroups.indexOf(entry.menu.group) : -1, entry.menu.order ?? Number.MAX_SAFE_INTEGER];
  // Array.prototype.sort is stable: entries of equal rank keep the registry's order.
  return entries.sort((first, second) => {
    const [firstGroup, firstOrder] = rank(first);
    const [secondGroup, secondOrder] = rank(second);
    return firstGroup - secondGroup || firstOrder - secondOrder;
  });
}
