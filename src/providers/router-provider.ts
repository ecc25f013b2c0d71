/**
 * Refine's react-router binding with one change: a navigation that only changes the query (`go` without
 * `to`, which is how useTable's `syncWithLocation` writes a list's page, sort and filters into the
 * address) is dropped when the browser has already left the page that asked for it. react-router resolves
 * such a relative navigation against the route the asking component is mounted on, and a page stays
 * mounted while the next page's code loads: its list writing its state then took the member back to it
 * (seen when a menu entry was clicked the moment a page opened on a busy machine). And a list's state changed by the
 * member is written as a new history entry rather than over the last (list-history.ts). And the values of the query
 * are percent-encoded: Refine's binding writes them as they are (`encode: false`), so a search for "DAF #011" ended
 * the address at `#` (a reload lost the search), "A&B" became "A", "a+b" became "a b".
 */
import type { GoConfig, RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import qs from 'qs';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { takeListChangeByMember } from './list-history';

/** Refine's binding's query, with its values encoded (its keys keep their readable `filters[0][value]` brackets). */
const stringifyConfig: qs.IStringifyOptions = { addQueryPrefix: true, skipNulls: true, arrayFormat: 'indices', encodeValuesOnly: true };
/** The nesting Refine's binding parses the query to (its `QS_PARSE_DEPTH`). */
const QUERY_DEPTH = 10;

/** Refine's react-router `go` (@refinedev/react-router's bindings), writing the query's values encoded. */
function useEncodedGo() {
  const { search: existingSearch, hash: existingHash } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    ({ to, type, query, hash, options: { keepQuery, keepHash } = {} }: GoConfig) => {
      const urlQuery: Record<string, unknown> = {
        ...(keepQuery && existingSearch ? qs.parse(existingSearch, { ignoreQueryPrefix: true, depth: QUERY_DEPTH }) : {}),
        ...query,
      };
      const urlHash = `#${(hash || (keepHash && existingHash) || '').replace(/^#/, '')}`;
      const fullPath = `${to ?? ''}${Object.keys(urlQuery).length > 0 ? qs.stringify(urlQuery, stringifyConfig) : ''}${urlHash.length > 1 ? urlHash : ''}`;
      if (type === 'path') return fullPath;
      void navigate(fullPath, { replace: type === 'replace' });
      return undefined;
    },
    [existingHash, existingSearch, navigate],
  );
}

/**
 * An address's query as text to compare. Refine writes a searched "100%" as it is (no `%25`), which
 * `decodeURIComponent` refuses with a URIError: such a query is compared as it stands.
 */
function decodedQuery(query: string): string {
  try {
    return decodeURIComponent(query);
  } catch {
    return query;
  }
}

/**
 * A list's state written after the member changed it: a new history entry, for Back to return to the list as it was
 * (list-history.ts); a write that changes nothing is not made.
 */
function useGoWithListHistory() {
  const go = useEncodedGo();
  const { search } = useLocation();
  return useCallback(
    (config: GoConfig) => {
      const relative = !config.to && config.type !== 'path';
      if (relative && config.type === 'replace' && takeListChangeByMember()) {
        const next = go({ ...config, type: 'path' });
        if (typeof next === 'string' && decodedQuery(next) === decodedQuery(search)) return undefined;
        return go({ ...config, type: 'push' });
      }
      return go(config);
    },
    [go, search],
  );
}

function useGoOnThisPage() {
  const go = useGoWithListHistory();
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

/** The binding without the check against the browser's address: under a memory router (component tests) it differs. */
export const listHistoryRouterProvider: RouterProvider = { ...routerProvider, go: useGoWithListHistory };

export const appRouterProvider: RouterProvider = { ...routerProvider, go: useGoOnThisPage };
