/**
 * The boot module asks for a list page's first rows while the app loads (src/boot/), by the URL the
 * build works out (src/boot/boot-plan.ts); the API client hands that early answer to the first GET of
 * exactly that URL. So the first request Refine's useTable sends for a freshly opened list page must be
 * that URL, byte for byte, or the early answer goes unused and the page waits for a second one.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceByName } from '../../resources';
import { signInForTest } from '../access/test-session';
import { firstListRequest, firstListRequests, openingQuery } from '../boot/boot-plan';
import { prefetchGlobal, type PrefetchStore } from '../boot/prefetch';
import { currentLanguage } from '../i18n/i18n';
import { initTestI18n } from '../i18n/test-i18n';
import { tokenStorageKey } from '../session/token-storage';
import { json, stubFetch } from './test-fetch';
import { asksOpeningState } from '../boot/start-boot';
import { renderWithRefine } from './test-support';
import { CrudListPage } from './pages';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(async () => {
  await initTestI18n();
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[prefetchGlobal];
  localStorage.removeItem(tokenStorageKey);
});

const emptyPage = { data: [], pagination: { total: 0, currentPage: 1, perPage: 10, lastPage: 1 } };

describe("a list page's first request is the boot module's", () => {
  // The orders (the start page), a list with page sections, a list sorted by another field, one unsorted.
  for (const [name, path] of [
    ['orders', '/'],
    ['cards', '/maintenance-fuel-cards'],
    ['companies', '/companies'],
    ['transport', '/transport'],
  ] as const) {
    it(`${name}: useTable asks first for the URL the boot plan names for ${path}`, async () => {
      const resource = resourceByName(name);
      expect(resource.routes?.list).toBe(path);
      const fetch = stubFetch(() => json(emptyPage));
      renderWithRefine(<CrudListPage resource={name} titleKey="pages.orders" />, { entries: [path], path });
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      const planned = await firstListRequest(resource);
      expect(String(fetch.mock.calls[0][0])).toBe(planned);
      const plan = (await firstListRequests())[path];
      expect(plan?.url).toBe(planned);
      // A reload of the list just opened asks for its opening state: the boot module's answer is still the one.
      expect(plan?.query).toBe(openingQuery(resource));
      await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toContain('currentPage=1'));
      const written = new URL(screen.getByTestId('location').textContent ?? '', 'http://app').search;
      expect(asksOpeningState(written, plan?.query ?? '')).toBe(true);
      expect(asksOpeningState(written.replace('currentPage=1', 'currentPage=2'), plan?.query ?? '')).toBe(false);
    });
  }

  it('shows the early answer of the boot module without asking the server again', async () => {
    const url = await firstListRequest(resourceByName('orders'));
    const early = json({
      data: [{ _id: 'b1', cargo_number: 'EARLY-1', customer: 'Boot GmbH' }],
      pagination: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 },
    });
    const store: PrefetchStore = {
      token: 'boot-token',
      at: globalThis.performance.now(),
      requests: { [url]: { language: currentLanguage(), response: Promise.resolve(early) } },
    };
    (globalThis as Record<string, unknown>)[prefetchGlobal] = store;
    localStorage.setItem(tokenStorageKey, 'boot-token');
    const fetch = stubFetch(() => json(emptyPage));
    renderWithRefine(<CrudListPage resource="orders" titleKey="pages.orders" />, { path: '/' });
    expect(await screen.findByText('Boot GmbH')).toBeTruthy();
    expect(fetch.mock.calls.map((call) => String(call[0]))).not.toContain(url);
  });
});
