/**
 * Loaders of the lazy chunks that more than one place needs: the route table renders them, and the auth
 * pages start loading the shell while a sign-in request is on its way.
 */
export const loadShell = () => import('./layout/app-shell');

export function preloadShell(): Promise<unknown> {
  return loadShell();
}
