import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { orders } from '../../resources/orders';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '../providers/api-client';
import { firstListRequest, firstListRequests } from './boot-plan';
import { prefetchGlobal, prefetchMaxAgeMs, takePrefetched } from './prefetch';
import { bootPlanElementId, detectLanguage, startBoot, type BootPlan } from './start-boot';

const plan: BootPlan = {
  session: '/api/profile/show',
  lists: {
    '/': {
      url: '/api/orders?page=1&perPage=10&sort=loading_date&order=desc',
      query: 'pageSize=10&currentPage=1&sorters[0][field]=loading_date&sorters[0][order]=desc',
      right: 'orders.view',
    },
  },
  antdStyles: '/assets/antd-1.css',
  shell: { scripts: ['/assets/app-shell-1.js'], styles: ['/assets/app-shell-1.css'] },
  listPage: { scripts: ['/assets/list-page-1.js'], styles: [] },
};

function writePlan(value: BootPlan | string) {
  document.getElementById(bootPlanElementId)?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = bootPlanElementId;
  element.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  document.head.appendChild(element);
}

const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));

// The test browser would fetch the linked files from a server that is not there.
beforeAll(() => {
  const settings = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM?.settings;
  if (settings) Object.assign(settings, { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
});

/** The app's own transport (axios's adapter), answering `data` for every request it is given. */
function appTransport(data: unknown) {
  return vi.fn((config: InternalAxiosRequestConfig) => Promise.resolve({ data: JSON.stringify({ data }), status: 200, statusText: 'OK', headers: {}, config }));
}

describe('the boot module', () => {
  let fetch: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

  beforeEach(() => {
    fetch = vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/profile/show'
          ? Response.json({ data: { id: 7, administrator: false, permissions: ['orders.view'] } })
          : Response.json({ data: [{ _id: 1 }], pagination: { total: 1 } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('language', 'de');
    writePlan(plan);
    window.history.replaceState(null, '', '/');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<string, unknown>)[prefetchGlobal];
    document.head.querySelectorAll('link').forEach((link) => link.remove());
  });

  it('signed out, asks for nothing and preloads nothing (the sign-in page downloads no more)', () => {
    startBoot(window);
    expect(fetch).not.toHaveBeenCalled();
    expect(links('modulepreload')).toEqual([]);
    expect(links('stylesheet')).toEqual([]);
    expect((globalThis as Record<string, unknown>)[prefetchGlobal]).toBeUndefined();
  });

  it('signed in on a list page, asks for the current user, then the first rows with the app’s headers, and preloads the shell and the list page', async () => {
    localStorage.setItem('token', 'secret');
    startBoot(window);
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/profile/show', '/api/orders?page=1&perPage=10&sort=loading_date&order=desc']),
    );
    const headers = fetch.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer secret',
      'Accept-Language': 'de',
      'X-CSRF-Token': sessionStorage.getItem('csrfToken'),
    });
    expect(headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(links('modulepreload')).toEqual(['/assets/app-shell-1.js', '/assets/list-page-1.js']);
    expect(links('preload')).toEqual(['/assets/app-shell-1.css']);
    // antd's build-time styles apply first in <head> (where antd puts the styles it builds).
    expect(document.head.querySelector('link')?.getAttribute('href')).toBe('/assets/antd-1.css');
    expect(links('stylesheet')).toEqual(['/assets/antd-1.css']);
  });

  it('asks for the first rows of a list reloaded in its opening state, in any order and language, and for no rows of another page, sort or tab', async () => {
    localStorage.setItem('token', 'secret');
    const asked = async (address: string) => {
      fetch.mockClear();
      window.history.replaceState(null, '', address);
      startBoot(window);
      const store = (globalThis as unknown as Record<string, { requests: Record<string, { response: Promise<Response | null> }> }>)[prefetchGlobal];
      await Promise.all(Object.values(store.requests).map((request) => request.response));
      return fetch.mock.calls.map(([url]) => url).filter((url) => url !== '/api/profile/show');
    };
    const rows = ['/api/orders?page=1&perPage=10&sort=loading_date&order=desc'];
    expect(await asked('/?currentPage=1&pageSize=10&sorters[0][field]=loading_date&sorters[0][order]=desc&lng=uk')).toEqual(rows);
    expect(await asked('/?pageSize=10&currentPage=1&sorters%5B0%5D%5Bfield%5D=loading_date&sorters%5B0%5D%5Border%5D=desc')).toEqual(rows);
    expect(await asked('/?currentPage=1')).toEqual(rows);
    // The list opens on another request: an early answer would be a second, unused one.
    expect(await asked('/?pageSize=10&currentPage=3&sorters[0][field]=loading_date&sorters[0][order]=desc')).toEqual([]);
    expect(await asked('/?pageSize=20&currentPage=1')).toEqual([]);
    expect(await asked('/?sorters[0][field]=loading_date&sorters[0][order]=asc')).toEqual([]);
    expect(await asked('/?filters[0][field]=search&filters[0][operator]=contains&filters[0][value]=Acme')).toEqual([]);
    expect(await asked('/?tab=archived')).toEqual([]);
  });

  it('does not ask for the rows of a page the user may not open (the app would not either)', async () => {
    fetch.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/profile/show' ? Response.json({ data: { id: 8, administrator: false, permissions: ['transport.view'] } }) : Response.json({ data: [] }),
      ),
    );
    localStorage.setItem('token', 'secret');
    startBoot(window);
    const store = (globalThis as unknown as Record<string, { requests: Record<string, { response: Promise<Response | null> }> }>)[prefetchGlobal];
    expect(await store.requests['/api/orders?page=1&perPage=10&sort=loading_date&order=desc'].response).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/profile/show']);
    // The app still reads the user's answer, whole.
    const user = (await (await store.requests['/api/profile/show'].response)?.json()) as { data: { id: number } };
    expect(user.data.id).toBe(8);
  });

  it('on a page that is not a list, asks only for the current user and preloads only the shell', () => {
    sessionStorage.setItem('token', 'secret'); // "remember me" unticked
    window.history.replaceState(null, '', '/settings');
    startBoot(window);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/profile/show']);
    expect(links('modulepreload')).toEqual(['/assets/app-shell-1.js']);
  });

  it('without a readable plan, does nothing', () => {
    localStorage.setItem('token', 'secret');
    writePlan('{not json');
    startBoot(window);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the API client takes the early answer once instead of asking again, for the same token and language only', async () => {
    localStorage.setItem('token', 'secret');
    startBoot(window);
    const appSent = appTransport([]);
    let language = 'de';
    const api = createApiClient({
      adapter: appSent as AxiosAdapter,
      getToken: () => 'secret',
      getLanguage: () => language,
      prefetched: takePrefetched,
    });
    expect((await api.get<{ id: number }>('/profile/show')).data.id).toBe(7);
    const rows = await api.get('/orders?page=1&perPage=10&sort=loading_date&order=desc');
    expect(rows.data).toEqual([{ _id: 1 }]);
    expect(appSent).not.toHaveBeenCalled();
    // Handed out once: the next read of the same list is a request of its own.
    await api.get('/orders?page=1&perPage=10&sort=loading_date&order=desc');
    expect(appSent).toHaveBeenCalledTimes(1);
    // The user's language turned out to be another: an early answer is not used.
    startBoot(window);
    language = 'en';
    await api.get('/profile/show');
    expect(appSent).toHaveBeenCalledTimes(2);
  });

  it('a failed early answer is asked for again by the app, so its error is reported as any other', async () => {
    fetch.mockImplementation(() => Promise.resolve(new Response('{"message":"nope"}', { status: 500 })));
    localStorage.setItem('token', 'secret');
    startBoot(window);
    const appSent = appTransport({ id: 1 });
    const api = createApiClient({
      adapter: appSent as AxiosAdapter,
      getToken: () => 'secret',
      getLanguage: () => 'de',
      prefetched: takePrefetched,
    });
    expect((await api.get('/profile/show')).data).toEqual({ id: 1 });
    expect(appSent).toHaveBeenCalledTimes(1);
  });

  it('an early answer older than the limit, or for another token, is not used', () => {
    localStorage.setItem('token', 'secret');
    startBoot(window);
    const store = (globalThis as unknown as Record<string, { at: number }>)[prefetchGlobal];
    expect(takePrefetched('/api/profile/show', 'secret', 'de', () => store.at + prefetchMaxAgeMs + 1)).toBeUndefined();
    expect(takePrefetched('/api/orders?page=1&perPage=10&sort=loading_date&order=desc', 'another', 'de')).toBeUndefined();
  });

  it('finds the language as the app’s detector does: the query, then storage, then the browser', () => {
    expect(detectLanguage(window)).toBe('de');
    window.history.replaceState(null, '', '/?lng=uk');
    expect(detectLanguage(window)).toBe('uk');
    window.history.replaceState(null, '', '/');
    localStorage.removeItem('language');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'it-IT']);
    expect(detectLanguage(window)).toBe('it');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(detectLanguage(window)).toBe('en');
  });
});

describe('the boot plan', () => {
  it('asks for the very URL the data provider requests when the orders list opens', async () => {
    expect(await firstListRequest(orders)).toBe('/api/orders?page=1&perPage=10&sort=loading_date&order=desc');
  });

  it('covers the generic list pages, the orders home page among them, and no page with path parameters or a search page', async () => {
    const lists = await firstListRequests();
    expect(lists['/']).toEqual({
      url: '/api/orders?page=1&perPage=10&sort=loading_date&order=desc',
      query: 'pageSize=10&currentPage=1&sorters[0][field]=loading_date&sorters[0][order]=desc',
      right: 'orders.view',
    });
    expect(lists['/order-search']).toBeUndefined();
    expect(Object.keys(lists).every((path) => !path.includes(':'))).toBe(true);
    // A hand-written screen keeps its path: the generic list's request would be one it never sends.
    expect(lists['/personal-departments']).toBeUndefined();
  });
});
