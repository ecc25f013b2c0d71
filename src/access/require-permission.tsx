/**
 * Wraps a signed-in route: the page when the member may open it (src/access/access.ts `canOpen`), else
 * the translated "not permitted" page (a lazy chunk, like every page).
 */
import { lazy, type ReactNode } from 'react';
import { useSession } from '../session/session-store';
import { canOpen } from './access';

const NotPermittedPage = lazy(() => import('../pages/common/not-permitted-page').then((module) => ({ default: module.NotPermittedPage })));

export function RequirePermission({ path, children }: { path: string; children: ReactNode }) {
  const { user } = useSession();
  return canOpen(user, path) ? <>{children}</> : <NotPermittedPage />;
}
