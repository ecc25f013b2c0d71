/**
 * antd's build-time styles (src/layout/antd-static-styles.tsx) must apply before antd first renders:
 * antd reads their cache map once, on its first style, and builds in the browser every style it did not
 * find there. The boot module links the file on start when signed in; after a sign-in this links it.
 * The shell waits for it (never longer than `timeoutMs`: without the file antd builds its styles itself).
 */
import type { BootPlan } from '../boot/start-boot';

// As in src/boot/start-boot.ts, which stays a module of its own (the boot entry imports nothing).
export const antdStylesAttribute = 'data-antd-styles';
export const bootPlanElementId = 'fleetdesk-boot';

function planned(): string | null {
  try {
    return (JSON.parse(document.getElementById(bootPlanElementId)?.textContent || 'null') as BootPlan | null)?.antdStyles ?? null;
  } catch {
    return null;
  }
}

export function antdStylesReady(timeoutMs = 3000): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  let link = document.querySelector<HTMLLinkElement>(`link[${antdStylesAttribute}]`);
  if (!link) {
    const href = planned();
    if (!href) return Promise.resolve();
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.setAttribute(antdStylesAttribute, '');
    document.head.prepend(link);
  }
  if (link.sheet) return Promise.resolve();
  const loading = link;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    loading.addEventListener('load', done, { once: true });
    loading.addEventListener('error', done, { once: true });
  });
}
