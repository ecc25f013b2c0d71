/**
 * Test support for anything drawn with Refine's hooks (the generic pages, reference fields …): the app's
 * Refine set-up (router binding, the registry's resources, the notification and i18n providers) around
 * the children, with a fresh data provider per render, so no test sees another's cache or cursors.
 * Requests still go through the real data provider and API client: stub them at the HTTP boundary
 * (test-fetch.ts).
 *
 *   render(<MemoryRouter><TestRefine><CrudList resource={…} /></TestRefine></MemoryRouter>)   (a dialog's unsaved-changes guard needs renderWithRefine's data router)
 *   renderWithRefine(<CrudShowPage … />, { entries: ['/companies/7'], path: '/companies/:companyId' })
 */
import { Refine, type DataProvider, type ResourceProps } from '@refinedev/core';
import { cleanup, render } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { resources } from '../../resources';
import { signInForTest } from '../access/test-session';
import { initTestI18n } from '../i18n/test-i18n';
import { createDataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n-provider';
import { notificationProvider } from '../providers/notification-provider';
import { listHistoryRouterProvider } from '../providers/router-provider';

/** Refine's resources as the app declares them (src/layout/app-shell.tsx): names and list/show routes. */
const testResources: ResourceProps[] = resources.map((resource) => ({
  name: resource.name,
  ...(resource.routes?.list ? { list: resource.routes.list } : {}),
  ...(resource.routes?.show ? { show: resource.routes.show } : {}),
}));

/** Refine around `children` (inside a router); `dataProvider` replaces the app's, e.g. to record calls. */
export function TestRefine({ children, dataProvider }: { children: ReactNode; dataProvider?: DataProvider }) {
  // One per mounted tree: the list cursors and the query cache start empty in every test.
  const [provider] = useState(() => dataProvider ?? createDataProvider());
  return (
    <Refine
      dataProvider={provider}
      routerProvider={listHistoryRouterProvider}
      resources={testResources}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      options={{ disableTelemetry: true, warnWhenUnsavedChanges: false, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      {children}
    </Refine>
  );
}

/** Shows the current address (path and query) for assertions: `screen.getByTestId('location')`. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `ui` under a memory router at `entries` (the last is current), inside Refine, with a probe of
 * the address beside it; with `path`, `ui` is the element of that route (for `useParams`).
 */
export function renderWithRefine(
  ui: ReactElement,
  options: { entries?: Array<string | { pathname: string; search?: string; state?: unknown }>; path?: string; dataProvider?: DataProvider } = {},
) {
  // A data router, as the app's (src/app.tsx): pages that hold a move away while something is unsaved need one.
  const page = (
    <TestRefine dataProvider={options.dataProvider}>
      {options.path ? (
        <Routes>
          <Route path={options.path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
      ) : (
        ui
      )}
      <LocationProbe />
    </TestRefine>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: options.entries ?? ['/'] });
  return { ...render(<RouterProvider router={router} />), router };
}

/**
 * The usual set-up of a component test file: the translations and a signed-in member before its tests,
 * and after each a clean document and the real `fetch` back (test-fetch.ts stubs it per test).
 */
export function setUpScreenTests() {
  beforeAll(async () => {
    await initTestI18n();
    signInForTest();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
