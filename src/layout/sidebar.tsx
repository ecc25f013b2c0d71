/**
 * The vertical layout's sidebar: default (full), compact (narrower), icon (icons only, groups open as
 * pop-ups) and condensed (icons on wide screens, expanding over the content while hovered). Its colour,
 * gradient and optional background image come from the settings panel. On mobile it becomes a drawer.
 */
import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';
import { NavigationMenu } from './navigation-menu';
import type { SidebarPresentation } from './settings-model';
import { useLayoutSettings } from './settings-store';
import { sidebarImageUrl, sidebarSurface } from './theme-colors';

const fullWidth = 250;
const compactWidth = 220;
const iconWidth = 80;

function SidebarContent({ collapsed, compact = false, onNavigate }: { collapsed: boolean; compact?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [settings] = useLayoutSettings();
  const surface = sidebarSurface(settings.sidebarTheme, settings.mode);
  const image = sidebarImageUrl(settings.sidebarImage);
  return (
    <>
      {image && <div className="fd-sider__image" style={{ backgroundImage: `url(${image})` }} aria-hidden="true" />}
      <div className={`fd-sider__tint${image ? ' fd-sider__tint--over-image' : ''}`} style={{ background: surface.background }} aria-hidden="true" />
      <div className={`fd-sider__inner fd-sider__inner--${surface.tone}`}>
        <div className="fd-sider__brand">
          <Link to="/" onClick={onNavigate} aria-label="Fleetdesk">
            <Logo showName={!collapsed} />
          </Link>
        </div>
        {/* Named, so the menu is found as its own landmark ("Main navigation"), not as one more unnamed one. */}
        <nav className="fd-sider__menu" aria-label={t('menu.navigation')}>
          <NavigationMenu mode="inline" tone={surface.tone} collapsed={collapsed} inlineIndent={compact ? 16 : undefined} onNavigate={onNavigate} />
        </nav>
      </div>
    </>
  );
}

export function Sidebar({ presentation }: { presentation: Exclude<SidebarPresentation, 'none' | 'drawer'> }) {
  const { t } = useTranslation();
  const [settings] = useLayoutSettings();
  const [hovered, setHovered] = useState(false);
  const narrow = presentation === 'icon' || presentation === 'condensed';
  const collapsed = presentation === 'icon' || (presentation === 'condensed' && !hovered);
  const openWidth = presentation === 'compact' ? compactWidth : fullWidth;
  return (
    <div
      className="fd-sider-slot"
      style={{ width: narrow ? iconWidth : openWidth, background: sidebarSurface(settings.sidebarTheme, settings.mode).background }}
      data-testid="sidebar-slot"
    >
      <aside
        className={`fd-sider fd-sider--${presentation}${presentation === 'condensed' && hovered ? ' fd-sider--floating' : ''}`}
        style={{ width: collapsed ? iconWidth : openWidth }}
        data-testid="sidebar"
        data-sidebar-type={presentation}
        data-sidebar-theme={settings.sidebarTheme}
        data-sidebar-image={settings.sidebarImage}
        aria-label={t('menu.navigation')}
        onMouseEnter={presentation === 'condensed' ? () => setHovered(true) : undefined}
        onMouseLeave={presentation === 'condensed' ? () => setHovered(false) : undefined}
      >
        <SidebarContent collapsed={collapsed} compact={presentation === 'compact'} />
      </aside>
    </div>
  );
}

/** Mobile (≤ 998 px): the same menu in a drawer opened by the header's menu button. */
export function MobileSidebar() {
  const { t } = useTranslation();
  const [settings, dispatch] = useLayoutSettings();
  const close = () => dispatch({ type: 'closeMobileMenu' });
  return (
    <Drawer
      open={settings.mobileMenuOpen}
      onClose={close}
      placement="left"
      width={fullWidth}
      closable={false}
      title={null}
      styles={{ body: { padding: 0, position: 'relative' } }}
      rootClassName="fd-sider-drawer"
      aria-label={t('menu.navigation')}
    >
      <div className="fd-sider fd-sider--drawer" data-testid="sidebar" data-sidebar-type="drawer" data-sidebar-theme={settings.sidebarTheme}>
        <SidebarContent collapsed={false} onNavigate={close} />
      </div>
    </Drawer>
  );
}
