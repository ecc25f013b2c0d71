/**
 * The menu of SPEC §1's groups, drawn inline (sidebar, drawer) or horizontally (top menu) from Refine's
 * resources through `useMenu`, less what the member may not open.
 */
import { useMenu } from '@refinedev/core';
import { ConfigProvider, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAccess } from '../access/use-access';
import { menuTheme } from './antd-theme';
import { buildMenuItems, menuGroupKeys, selectedMenuKey, visibleMenuItems } from './menu-items';

interface NavigationMenuProps {
  mode: 'inline' | 'horizontal';
  /** Light text on a dark surface, or dark text on a light one. */
  tone: 'light' | 'dark';
  collapsed?: boolean;
  /** Indent of the entries under a group (smaller in the compact sidebar). */
  inlineIndent?: number;
  onNavigate?: () => void;
}

export function NavigationMenu({ mode, tone, collapsed = false, inlineIndent, onNavigate }: NavigationMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { menuItems, selectedKey } = useMenu();
  const { canOpen } = useAccess();
  // Only the entries the member may open (the session's permissions, loaded once): synchronous, where
  // Refine's own sider asks the access-control provider once per entry.
  const visible = useMemo(() => visibleMenuItems(menuItems, canOpen), [menuItems, canOpen]);
  const items = useMemo(() => buildMenuItems(visible, t, onNavigate), [visible, t, onNavigate]);
  const selected = selectedMenuKey(visible, selectedKey, pathname);
  const themeConfig = useMemo(() => menuTheme(tone), [tone]);
  // Open groups are controlled: all groups open in the full sidebar, while collapsed (icons) only the
  // group pop-up under the pointer, so a sidebar that starts collapsed does not show every pop-up at once.
  const [inlineOpenKeys, setInlineOpenKeys] = useState<string[]>(() => menuGroupKeys(menuItems));
  const [popupOpenKeys, setPopupOpenKeys] = useState<string[]>([]);
  const inline = mode === 'inline' && !collapsed;
  // antd wraps every entry in a tooltip that only ever shows in the collapsed (icons-only) sidebar: some
  // thirty popup triggers drawn for nothing on every page's first render otherwise. The prop is antd's
  // own (its dropdown menus pass it too), not part of its typed props.
  const tooltips = { _internalDisableMenuItemTitleTooltip: !(mode === 'inline' && collapsed) } as object;
  return (
    <ConfigProvider theme={themeConfig}>
      <Menu
        mode={mode}
        items={items}
        // Only for the inline mode: antd warns when the top menu is given it at all, even undefined.
        {...(mode === 'inline' ? { inlineCollapsed: collapsed } : {})}
        openKeys={inline ? inlineOpenKeys : popupOpenKeys}
        onOpenChange={inline ? setInlineOpenKeys : setPopupOpenKeys}
        inlineIndent={inlineIndent}
        selectedKeys={selected ? [selected] : []}
        style={{ background: 'transparent', borderInlineEnd: 0, borderBottom: 0 }}
        {...tooltips}
      />
    </ConfigProvider>
  );
}
