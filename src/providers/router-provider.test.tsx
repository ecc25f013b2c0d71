/** The app's router binding (router-provider.ts): a list's URL sync never takes the member back to a page already left. */
import { cleanup, render } from '@testing-library/react';
import type { GoConfig } from '@refinedev/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from 'react-router';
import { markListChangeByMember } from './list-history';
import { appRouterProvider } from './router-provider';

let go: ((config: GoConfig) => unknown) | undefined;
function Probe() {
  go = appRouterProvider.go?.();
  return null;
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('appRouterProvider.go', () => {
  it("writes a list's query into the address of the page it is on", () => {
    window.history.replaceState(null, '', '/transport');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    go?.({ query: { currentPage: 2 }, type: 'replace' });
    expect(window.location.pathname + window.location.search).toBe('/transport?currentPage=2');
  });

  it('drops the query of a page the browser has already left, and still goes where it is told', () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    // The member clicked a menu entry: the address changed, the list page is still mounted.
    window.history.pushState(null, '', '/personal-main');
    go?.({ query: { currentPage: 1 }, type: 'replace' });
    expect(window.location.pathname + window.location.search).toBe('/personal-main');
    go?.({ to: '/trailers', type: 'push' });
    expect(window.location.pathname).toBe('/trailers');
  });

  it('writes a search the member typed with a percent sign ("100%") as a new entry, without a URIError', () => {
    window.history.replaceState(null, '', '/personal-main?search=50%');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    const before = window.history.length;
    markListChangeByMember();
    expect(() => go?.({ query: { search: '100%' }, type: 'replace' })).not.toThrow();
    expect(window.location.search).toMatch(/search=100(%|%25)(&|$)/);
    expect(window.history.length).toBe(before + 1);
  });
});
