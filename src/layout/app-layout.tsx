/**
 * The shell around every signed-in page (SPEC §2 "Layout shell"): vertical (sidebar) or horizontal (top
 * menu) layout, fluid/boxed/scrollable width, the mobile drawer below 998 px, the settings panel and the
 * optional preloader. Data attributes expose the applied settings to the browser tests.
 */
import { theme } from 'antd';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRightsFreshness } from '../access/rights-refresh';
import { ErrorBoundary } from '../pages/common/error-boundary';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { NavigationMenu } from './navigation-menu';
import { Preloader } from './preloader';
import { mobileBreakpoint, sidebarPresentation } from './settings-model';
import { useLayoutSettings } from './settings-store';
import { SettingsPanel } from './settings-panel';
import { MobileSidebar, Sidebar } from './sidebar';
import { useWindowWidth } from './use-window-width';

export function AppLayout({ children }: { children: ReactNode }) {
  const [settings, dispatch] = useLayoutSettings();
  const windowWidth = useWindowWidth();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const presentation = sidebarPresentation(settings, windowWidth);

  useEffect(() => dispatch({ type: 'setMobile', isMobile: windowWidth <= mobileBreakpoint }), [windowWidth, dispatch]);
  useEffect(() => dispatch({ type: 'closeMobileMenu' }), [pathname, dispatch]);
  useRightsFreshness(pathname);

  const shellClass = ['fd-shell', `fd-shell--${settings.layout}`, `fd-shell--${settings.width}`, `fd-shell--${settings.mode}`].join(' ');
  return (
    <div
      className={shellClass}
      style={{ background: settings.width === 'boxed' ? (settings.mode === 'dark' ? '#000000' : '#dde2ea') : token.colorBgLayout, color: token.colorText }}
      data-testid="app-shell"
      data-layout={settings.layout}
      data-mode={settings.mode}
      data-width={settings.width}
      data-sidebar={presentation}
    >
      {/* The first Tab stop: past the menu and the header (about 24 stops) to the page itself. */}
      <a className="fd-skip-link" href="#main-content" data-testid="skip-to-content">
        {t('layout.skipToContent')}
      </a>
      <div className="fd-shell__frame" style={{ background: token.colorBgLayout }}>
        {presentation !== 'none' && presentation !== 'drawer' && <Sidebar presentation={presentation} />}
        <div className="fd-shell__main">
          <AppHeader presentation={presentation} />
          {settings.layout === 'horizontal' && presentation !== 'drawer' && (
            <div className="fd-topnav" style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }} data-testid="top-menu">
              <NavigationMenu mode="horizontal" tone={settings.mode === 'dark' ? 'dark' : 'light'} />
            </div>
          )}
          <main className="fd-shell__content" id="main-content" tabIndex={-1}>
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback="...">{children}</Suspense>
            </ErrorBoundary>
          </main>
          <AppFooter />
        </div>
      </div>
      {presentation === 'drawer' && <MobileSidebar />}
      <SettingsPanel />
      <Preloader />
    </div>
  );
}
