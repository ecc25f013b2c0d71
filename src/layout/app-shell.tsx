/**
 * The signed-in application, loaded lazily behind the sign-in: antd (theme from the layout settings,
 * locale from the language) and Refine with the app's providers around the layout and the pages.
 */
import '../antd-setup';
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { resources } from '../../resources';
import { accessControlProvider } from '../access/access-control-provider';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n-provider';
import { notificationProvider } from '../providers/notification-provider';
import { useAntdLocale } from './antd-locale';
import { antdTheme } from './antd-theme';
import { AppLayout } from './app-layout';
import { useLayoutSettings } from './settings-store';
import './shell.css';

/**
 * Refine's resources from the registry: each resource's name, its list and show routes, and its
 * permission key in `meta` (so Refine's hooks and buttons can ask the access-control provider).
 */
export const refineResources: ResourceProps[] = resources.map((resource) => ({
  name: resource.name,
  ...(resource.routes?.list ? { list: resource.routes.list } : {}),
  ...(resource.routes?.show ? { show: resource.routes.show } : {}),
  meta: { permission: resource.permission },
}));

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
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      <AntdApp>
        <Refine
          routerProvider={routerProvider}
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
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}
