/**
 * Route guards on the stored login marker (SPEC §2): private routes send an anonymous visitor to /login,
 * public routes send a signed-in user on. While a stored token is being checked on start, private routes show
 * the blocking spinner instead of flashing either side. The page the visitor asked for (a bookmark, a shared
 * link, the page whose session ended) rides along to /login and is where signing in leads.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../pages/common/full-page-spinner';
import { useSession } from './session-store';

/**
 * Where signing in leads: the page asked for before /login, when it is a path of this app (`/transport/31?tab=repairs`),
 * else `/`. Never another site (`//evil.example`, `https://…`) and never the public pages again.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (/^\/(?:login|register|forgot-password|reset-password)(?:[/?#]|$)/.test(from)) return '/';
  return from;
}

export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status, signedOut } = useSession();
  const location = useLocation();
  if (status === 'anonymous') {
    // A member who signed out starts afresh next time; a session that ended under them (or a bookmark) comes back here.
    const from = signedOut ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={from} />;
  }
  if (status === 'checking') return <FullPageSpinner />;
  // `expired` too: the page stays under the question to sign in again, its input kept.
  return <>{children ?? <Outlet />}</>;
}

export function PublicOnly({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  // A member whose session ended may come here to sign in (as someone else, say): only a live session is sent on.
  if (status === 'authenticated' || status === 'checking') return <Navigate to={returnPath(location.state)} replace />;
  return <>{children ?? <Outlet />}</>;
}
