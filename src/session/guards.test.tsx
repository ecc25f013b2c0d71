import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../i18n/test-i18n';
import { AppRoutes } from '../routes';
import { PublicOnly, RequireAuth, returnPath } from './guards';
import { sessionStore, type SessionStatus } from './session-store';

vi.mock('../providers/toast', () => ({ preloadToasts: vi.fn(), toast: vi.fn(), closeToast: vi.fn() }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  sessionStore.setState({ status: 'anonymous', user: null, signedOut: false });
});

function renderAt(path: string, status: SessionStatus) {
  sessionStore.setState({ status });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<p>login page</p>} />
          <Route path="/privacy-policy" element={<p>legal page</p>} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/" element={<p>orders page</p>} />
          <Route path="/transport" element={<p>transport page</p>} />
          <Route path="/transport/:id" element={<p>vehicle page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('route guards', () => {
  it('send an anonymous visitor of a private route to /login', () => {
    renderAt('/transport', 'anonymous');
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.queryByText('transport page')).toBeNull();
  });

  it('lead back to the page asked for once the visitor has signed in', () => {
    renderAt('/transport/31?tab=repairs', 'anonymous');
    expect(screen.getByText('login page')).toBeTruthy();
    act(() => sessionStore.setState({ status: 'authenticated' }));
    expect(screen.getByText('vehicle page')).toBeTruthy();
  });

  it('start at the start page after the member signed out themselves, not on the page they left', () => {
    renderAt('/transport/31?tab=repairs', 'authenticated');
    act(() => sessionStore.setState({ status: 'anonymous', user: null, signedOut: true }));
    expect(screen.getByText('login page')).toBeTruthy();
    act(() => sessionStore.setState({ status: 'authenticated', signedOut: false }));
    expect(screen.getByText('orders page')).toBeTruthy();
  });

  it('return only to a page of this app, never to another site or a public page', () => {
    expect(returnPath({ from: '/transport/31?tab=repairs' })).toBe('/transport/31?tab=repairs');
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/login', '/reset-password/abc', 42, undefined]) {
      expect(returnPath({ from }), String(from)).toBe('/');
    }
    expect(returnPath(null)).toBe('/');
  });

  it('let a signed-in user into a private route', () => {
    renderAt('/transport', 'authenticated');
    expect(screen.getByText('transport page')).toBeTruthy();
  });

  it('send a signed-in user away from the public pages to /', () => {
    renderAt('/login', 'authenticated');
    expect(screen.getByText('orders page')).toBeTruthy();
    cleanup();
    renderAt('/privacy-policy', 'authenticated');
    expect(screen.getByText('orders page')).toBeTruthy();
  });

  it('show the public pages to an anonymous visitor', () => {
    renderAt('/login', 'anonymous');
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('block private routes with the full-page spinner while a stored token is being checked', () => {
    renderAt('/transport', 'checking');
    expect(screen.getByTestId('full-page-spinner')).toBeTruthy();
    expect(screen.queryByText('transport page')).toBeNull();
    expect(screen.queryByText('login page')).toBeNull();
  });
});

describe('the real route table', () => {
  it('shows the login page (lazily loaded) for an anonymous visit to a private route', async () => {
    sessionStore.setState({ status: 'anonymous' });
    render(
      <MemoryRouter initialEntries={['/maintenance-fuel-cards']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('login-form', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the translated 404 page for an unknown path', async () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('not-found-page', {}, { timeout: 5000 })).textContent).toContain('Page not found');
  });
});
