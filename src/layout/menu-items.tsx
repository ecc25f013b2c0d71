/**
 * The sidebar (and top menu) entries as antd Menu items, from Refine's menu tree (`useMenu` over the
 * resources of refine-resources.tsx): the groups of SPEC §1 with their entries, in that order. Labels are
 * locale keys in `meta.labelKey`; every entry links to its list route.
 */
import type { TreeMenuItem } from '@refinedev/core';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ResourceMenuMeta } from './refine-resources';

const metaOf = (item: TreeMenuItem) => (item.meta ?? {}) as Partial<ResourceMenuMeta>;

/**
 * The part of the tree the member may open (`canOpen`, from src/access/): an entry whose page needs a
 * right the member lacks is left out, and a group left empty with it.
 */
export function visibleMenuItems(items: TreeMenuItem[], canOpen: (path: string) => boolean = () => true): TreeMenuItem[] {
  return items.flatMap((item) => {
    if (item.children.length === 0) return item.route && canOpen(item.route) ? [item] : [];
    const children = visibleMenuItems(item.children, canOpen);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** The entries (leaves) of a tree, depth first. */
function entriesOf(items: TreeMenuItem[]): TreeMenuItem[] {
  return items.flatMap((item) => (item.children.length > 0 ? entriesOf(item.children) : [item]));
}

/**
 * The key of the entry to highlight: Refine's (the resource whose route the path matches: /companies/7 →
 * Companies), else the entry whose page the path is below (a hand-written sub-page); "/" only exactly.
 */
export function selectedMenuKey(items: TreeMenuItem[], refineSelectedKey: string, pathname: string): string | undefined {
  const entries = entriesOf(items);
  if (entries.some((entry) => entry.key === refineSelectedKey)) return refineSelectedKey;
  const below = (route: string) => (route === '/' ? pathname === '/' : pathname === route || pathname.startsWith(`${route}/`));
  const matches = entries.filter((entry) => entry.route && below(entry.route));
  return matches.sort((first, second) => (second.route ?? '').length - (first.route ?? '').length)[0]?.key;
}

/** The keys of the groups (entries with entries), for the groups open in the full sidebar. */
export function menuGroupKeys(items: TreeMenuItem[]): string[] {
  return items.filter((item) => item.children.length > 0).map((item) => item.key);
}

export function buildMenuItems(items: TreeMenuItem[], t: TFunction, onNavigate?: () => void): NonNullable<MenuProps['items']> {
  return items.map((item) => {
    const { labelKey, icon, testId } = metaOf(item);
    const label = labelKey ? t(labelKey) : item.label;
    if (item.children.length > 0)
      return { key: item.key, icon, label: <span data-testid={testId}>{label}</span>, children: buildMenuItems(item.children, t, onNavigate) };
    return {
      key: item.key,
      icon,
      label: (
        <Link to={item.route ?? '/'} data-testid={testId} onClick={onNavigate}>
          {label}
        </Link>
      ),
    };
  });
}
