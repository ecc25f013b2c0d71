/**
 * Refine's react-router binding with one change: a navigation that only changes the query (`go` without
 * `to`, which is how useTable's `syncWithLocation` writes a list's page, sort and filters into the
 * address) is dropped when the browser has already left the page that asked for it. react-router resolves
 * such a relative navigation against the route the asking component is mounted on, and a page stays
 * mounted while the next page's code loads: its list writing its state then took the member back to it
 * (seen when a menu entry was clicked the moment a page opened on a busy machine).
 */
import type { GoConfig, RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

const bindings = routerProvider as Required<Pick<RouterProvider, 'go'>> & RouterProvider;

function useGoOnThisPage() {
  const go = bindings.go();
  const { pathname } = useLocation();
  return useCallback(
    (config: GoConfig) => {
      const relative = !config.to && config.type !== 'path';
      if (relative && window.location.pathname !== pathname) return undefined;
      return go(config);
    },
    [go, pathname],
  );
}

export const appRouterProvider: RouterProvider = { ...routerProvider, go: useGoOnThisPage };
