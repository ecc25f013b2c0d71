/**
 * The signed-in application, loaded lazily behind the sign-in: antd (theme from the layout settings,
 * locale from the language) and Refine with the app's providers around the layout and the pages. Refine's
 * resources (routes, menu groups, labels, icons) are derived from the registry in refine-resources.tsx.
 */
import '../antd-setup';
import { Refine } from '@refinedev/core';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { accessControlProvider } from '../access/access-control-provider';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n-provider';
import { notificationProvider } from '../providers/notification-provider';
import { useAntdLocale } from './antd-locale';
import { antdTheme } from './antd-theme';
import { AppLayout } from './app-layout';
import { refineResources } from './refine-resources';
import { SignInAgain } from './sign-in-again';
import { useLayoutSettings } from './settings-store';
import './shell.css';
import { appRouterProvider } from '../providers/router-provider';

/**
 * A refused request (4xx: not found, not permitted, invalid) will be refused again: say so at once instead
 * of React Query's three retries with back-off (7 s before "not found"). A lost connection or a server
 * error is tried twice more.
 */
export function retryQuery(failures: number, error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failures < 2;
}

const reactQuery = { clientConfig: { defaultOptions: { queries: { retry: retryQuery } } } };

export function AppShell() {
  const { i18n } = useTranslation();
  const [settings] = useLayoutSettings();
  const locale = useAntdLocale(i18n.language);
  // The same object while the mode stays: a new one per render makes antd work out its tokens again.
  const themeConfig = useMemo(() => antdTheme(settings.mode), [settings.mode]);
  // rc-dialog names every dialog's × "Close" in English; antd's locale has the word ("Schließen", "Закрити").
  const modalConfig = useMemo(() => ({ closable: { 'aria-label': locale?.global?.close ?? 'Close' } }), [locale]);
  return (
    <ConfigProvider locale={locale} theme={themeConfig} modal={modalConfig}>
      <AntdApp>
        <Refine
          routerProvider={appRouterProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          resources={refineResources}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          notificationProvider={notificationProvider}
          options={{ reactQuery, disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false, title: { text: 'Fleetdesk' } }}
        >
          <AppLayout>
            <Outlet />
          </AppLayout>
          <SignInAgain />
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}
