/**
 * Loaders of the lazy chunks that more than one place needs: the route table renders them, and the auth
 * pages start loading the shell while a sign-in request is on its way. The shell comes with antd's
 * build-time styles applied (src/layout/antd-styles-ready.ts).
 */
import { antdStylesReady } from './layout/antd-styles-ready';

export const loadShell = () => Promise.all([import('./layout/app-shell'), antdStylesReady()]).then(([shell]) => shell);

export function preloadShell(): Promise<unknown> {
  return loadShell();
}
