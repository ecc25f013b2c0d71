/**
 * Route guards on the stored login marker (SPEC §2): private routes send an anonymous visitor to /login,
 * public routes send a signed-in user to /. While a stored token is being checked on start, private
 * routes show the blocking spinner instead of flashing either side.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../pages/common/full-page-spinner';
import { useSession } from './session-store';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  if (status === 'checking') return <FullPageSpinner />;
  return <>{children ?? <Outlet />}</>;
}

export function PublicOnly({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status !== 'anonymous') return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}
