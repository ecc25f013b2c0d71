/**
 * Refine's resources, derived from the registry (resources/) and nothing else: the sidebar groups of
 * SPEC §1 as parent entries (after the entries of their own, which have no group), then every sidebar entry in its order (a resource's list page or a menu-only
 * page of resources/menu.ts), then the resources without an entry. Refine's `useMenu` builds the sidebar's
 * tree from them (src/layout/menu-items.tsx), in this order; its hooks and buttons read the routes and
 * `meta.canDelete`; the access-control provider is asked by resource name.
 */
import type { ResourceProps } from '@refinedev/core';
import type { ReactNode } from 'react';
import { resources } from '../../resources';
import { groupIcons, kebabCase, sidebarEntries, type SidebarEntry } from '../../resources/menu';
import { sidebarGroups, type ResourceDefinition } from '../../resources/types';
import { menuIcon } from './menu-icons';

/** What the app keeps in a Refine resource's `meta` (besides Refine's own `parent`, `hide`, `canDelete`). */
export interface ResourceMenuMeta {
  /** Locale key of the menu label: `menu.<group>`, `menu.<menu.key>`, or `<name>.title` without an entry. */
  labelKey: string;
  /** The icon element (Refine's convention; `meta.icon` never reaches the data provider). */
  icon?: ReactNode;
  /** The menu entry's test id: `menu-group-<group>` or `menu-<key>`, in kebab-case. */
  testId?: string;
  /** The registry's permission key (resources/permissions.ts). */
  permission?: string;
  /** A sidebar entry without data: no endpoints, no data provider calls (resources/menu.ts). */
  menuOnly?: boolean;
}

/** The routes a definition declares, as Refine's action routes (only the ones that exist: see `routes` in resources/types.ts). */
function routesOf(definition: ResourceDefinition): Pick<ResourceProps, 'list' | 'show' | 'create' | 'edit'> {
  const { list, show, create, edit } = definition.routes ?? {};
  return { ...(list ? { list } : {}), ...(show ? { show } : {}), ...(create ? { create } : {}), ...(edit ? { edit } : {}) };
}

/** A registry resource: its routes, and in `meta` its label, icon, group (or owner) and permission key. */
function fromDefinition(definition: ResourceDefinition): ResourceProps {
  const { menu } = definition;
  const meta: ResourceMenuMeta & ResourceProps['meta'] = {
    labelKey: menu ? `menu.${menu.key}` : `${definition.name}.title`,
    permission: definition.permission,
    // A sub-resource nests under its owner (breadcrumbs, Refine's tree); a page in the sidebar under its group.
    parent: definition.parent?.resource ?? menu?.group,
    canDelete: Boolean(definition.api.delete),
    // Resources without an entry (sub-resources, tabs, sections) are not in the menu.
    hide: !menu,
    ...(menu ? { icon: menuIcon(menu.icon), testId: `menu-${kebabCase(menu.key)}` } : {}),
  };
  return { name: definition.name, ...routesOf(definition), meta };
}

/** A menu-only page: a list route (what the menu links to) and no data. */
function fromMenuOnly(entry: SidebarEntry): ResourceProps {
  const meta: ResourceMenuMeta & ResourceProps['meta'] = {
    labelKey: `menu.${entry.menu.key}`,
    icon: menuIcon(entry.menu.icon),
    testId: `menu-${kebabCase(entry.menu.key)}`,
    parent: entry.menu.group,
    menuOnly: true,
  };
  return { name: entry.name, list: entry.route, meta };
}

const entries = sidebarEntries();
const ownEntry = (entry: SidebarEntry) => !entry.menu.group;
const asResource = (entry: SidebarEntry) => (entry.resource ? fromDefinition(entry.resource) : fromMenuOnly(entry));

export const refineResources: ResourceProps[] = [
  // Entries of their own (no group: the compliance page) first: useMenu keeps this order, so they sit at
  // the top of the sidebar, above the groups.
  ...entries.filter(ownEntry).map(asResource),
  ...sidebarGroups.map((group) => ({
    name: group,
    meta: { labelKey: `menu.${group}`, icon: menuIcon(groupIcons[group]), testId: `menu-group-${kebabCase(group)}` } satisfies ResourceMenuMeta,
  })),
  ...entries.filter((entry) => !ownEntry(entry)).map(asResource),
  ...resources.filter((definition) => !definition.menu).map(fromDefinition),
];
