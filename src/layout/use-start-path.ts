/**
 * Where a member starts: the start page `/` (the orders list) when they may open it, else the first entry of the
 * menu they may open, in the menu's order (an HR officer without the orders right starts at Compliance or
 * Personal), else their own profile, which everyone may open. Sign-in, registration and the "not permitted"
 * page's way back all lead here, so no member is sent to a page they may not open.
 */
import { useMenu, type TreeMenuItem } from '@refinedev/core';
import { useMemo } from 'react';
import { useAccess } from '../access/use-access';
import { visibleMenuItems } from './menu-items';

export const START_PATH = '/';
const EVERYONE_MAY_OPEN = '/personal-info';

/** The first entry of a menu tree, depth first. */
function firstEntry(items: TreeMenuItem[]): string | undefined {
  for (const item of items) {
    const route = item.children.length > 0 ? firstEntry(item.children) : item.route;
    if (route) return route;
  }
  return undefined;
}

export function startPathOf(menuItems: TreeMenuItem[], canOpen: (path: string) => boolean): string {
  if (canOpen(START_PATH)) return START_PATH;
  return firstEntry(visibleMenuItems(menuItems, canOpen)) ?? EVERYONE_MAY_OPEN;
}

export function useStartPath(): string {
  const { menuItems } = useMenu();
  const { canOpen } = useAccess();
  return useMemo(() => startPathOf(menuItems, canOpen), [menuItems, canOpen]);
}
