/** The topbar: menu button, brand (horizontal layout and mobile), and the header actions of SPEC §2. */
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullscreenToggle } from './fullscreen-toggle';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NotificationsMenu } from './notifications-menu';
import type { SidebarPresentation } from './settings-model';
import { useLayoutSettings } from './settings-store';
import { topbarSurface } from './theme-colors';
import { UserMenu } from './user-menu';

export function AppHeader({ presentation }: { presentation: SidebarPresentation }) {
  const { t } = useTranslation();
  const [settings, dispatch] = useLayoutSettings();
  const surface = topbarSurface(settings.topbarTheme, settings.mode);
  const showBrand = settings.layout === 'horizontal' || presentation === 'drawer';
  const showMenuButton = presentation !== 'none';
  const menuOpen = presentation === 'drawer' ? settings.mobileMenuOpen : settings.sidebarVisible;
  return (
    <header
      className={`fd-header fd-header--${surface.tone}`}
      style={{ background: surface.background }}
      data-testid="app-header"
      data-topbar-theme={settings.topbarTheme}
    >
      <div className="fd-header__start">
        {showBrand && (
          <Link to="/" className="fd-header__brand" aria-label="Fleetdesk">
            <Logo />
          </Link>
        )}
        {showMenuButton && (
          <Button
            type="text"
            className="fd-header__button"
            icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('header.toggleMenu')}
            aria-expanded={menuOpen}
            data-testid="sidebar-toggle"
            onClick={() => dispatch({ type: 'toggleSidebar' })}
          />
        )}
      </div>
      <div className="fd-header__end">
        <LanguageSwitcher />
        <NotificationsMenu />
        <FullscreenToggle />
        <Button
          type="text"
          className="fd-header__button"
          icon={<SettingOutlined />}
          aria-label={t('header.openSettings')}
          aria-expanded={settings.settingsPanelOpen}
          data-testid="settings-toggle"
          onClick={() => dispatch({ type: 'setSettingsPanelOpen', open: !settings.settingsPanelOpen })}
        />
        <UserMenu />
      </div>
    </header>
  );
}
