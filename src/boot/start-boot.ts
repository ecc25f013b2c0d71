/**
 * The boot module's work (src/boot/boot.ts runs it): a tiny script, without imports, that index.html
 * loads beside the app's entry and that runs as soon as it arrives, long before the app's chunks are
 * downloaded and evaluated. Signed in (a stored token), it
 * - asks for the current user and, on a list page the user may open (the answer tells), its first rows,
 *   exactly as the app would (src/boot/prefetch.ts hands the answers to the API client);
 * - starts downloading the signed-in shell's chunks and the page's chunks (modulepreload) and the
 *   shell's styles.
 * What to ask for comes from the build (src/boot/vite-plugin.ts): a JSON block in index.html.
 * Signed out, it does nothing: /login downloads nothing more.
 */

/** The id of index.html's JSON block with the plan. */
export const bootPlanElementId = 'fleetdesk-boot';
const prefetchGlobal = '__fleetdeskPrefetch'; // src/boot/prefetch.ts reads it
const tokenKey = 'token'; // src/session/token-storage.ts
const csrfKey = 'csrfToken'; // src/providers/api-client.ts
const languageKey = 'language'; // src/i18n/i18n.ts
const languages = ['en', 'uk', 'el', 'it', 'es', 'de']; // src/i18n/languages.ts

export interface BootPlan {
  /** The current user's request (`/api/profile/show`). */
  session: string;
  /**
   * The first list request by page path (`/` → `/api/orders?page=1&…`), the list's opening state as it stands in
   * the address once open (`pageSize=10&currentPage=1&…`), and the right the page needs.
   */
  lists: Record<string, { url: string; query: string; right?: string | readonly string[] }>;
  /** antd's styles made at build time (src/layout/antd-static-styles.tsx), or null. */
  antdStyles: string | null;
  /** The signed-in shell's chunks (JS) and styles (CSS), asset paths from the site root. */
  shell: { scripts: string[]; styles: string[] };
  /** The generic list page's chunks (not in the shell's), for the pages of `lists`. */
  listPage: { scripts: string[]; styles: string[] };
}

/** Marks the link of antd's build-time styles (src/layout/antd-styles-ready.ts waits for it). */
export const antdStylesAttribute = 'data-antd-styles';

export function readBootPlan(document: Document): BootPlan | null {
  const text = document.getElementById(bootPlanElementId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootPlan;
  } catch {
    return null;
  }
}

function storage(window: Window, name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

function supported(language: string | null | undefined): string | undefined {
  const code = language?.toLowerCase().split(/[-_]/)[0];
  return code && languages.includes(code) ? code : undefined;
}

/** The interface language as the app's detector will find it (query, cookie, storage, browser), else English. */
export function detectLanguage(window: Window): string {
  const fromQuery = new URLSearchParams(window.location.search).get('lng');
  const fromCookie = /(?:^|;\s*)i18next=([^;]*)/.exec(window.document.cookie)?.[1];
  const candidates = [
    fromQuery,
    fromCookie && decodeURIComponent(fromCookie),
    storage(window, 'localStorage')?.getItem(languageKey),
    storage(window, 'sessionStorage')?.getItem(languageKey),
    ...(window.navigator.languages ?? [window.navigator.language]),
  ];
  // i18next takes the first supported language of everything the detector found, else English.
  for (const candidate of candidates) {
    const code = supported(candidate);
    if (code) return code;
  }
  return 'en';
}

function tabCsrfToken(window: Window): string {
  const session = storage(window, 'sessionStorage');
  const existing = session?.getItem(csrfKey);
  if (existing) return existing;
  const created = window.crypto.randomUUID();
  session?.setItem(csrfKey, created);
  return created;
}

function addLink(document: Document, rel: string, href: string, as?: string): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  // As Vite links a chunk's CSS (crossorigin): a preload in another mode would be fetched twice.
  link.crossOrigin = '';
  document.head.appendChild(link);
}

/**
 * Whether the address asks for the list's opening state: no list state at all (a link, the menu), or the state
 * the list writes once open (a reload of it), in any order, with the language beside it. Any other page, size,
 * sort, filter or tab would make the list's first request another URL, and an early answer to the plan's URL
 * would be work for nothing.
 */
export function asksOpeningState(search: string, openingQuery: string): boolean {
  const opening = new Set([...new URLSearchParams(openingQuery)].map(([name, value]) => `${name}=${value}`));
  return [...new URLSearchParams(search)].every(([name, value]) => name === 'lng' || opening.has(`${name}=${value}`));
}

export function startBoot(window: Window): void {
  const plan = readBootPlan(window.document);
  const token = storage(window, 'localStorage')?.getItem(tokenKey) || storage(window, 'sessionStorage')?.getItem(tokenKey);
  if (!plan || !token) return;
  const path = window.location.pathname;
  const language = detectLanguage(window);
  const csrf = tabCsrfToken(window);
  const requests: Record<string, { language: string; response: Promise<Response | null> }> = {};
  const send = (url: string) => {
    const headers = {
      Accept: 'application/json',
      'X-Request-Id': window.crypto.randomUUID(),
      'X-CSRF-Token': csrf,
      'Accept-Language': language,
      Authorization: `Bearer ${token}`,
    };
    return window.fetch(url, { headers }).catch(() => null);
  };
  // The data first: the chunks below queue behind them on the browser's few connections.
  const session = send(plan.session);
  requests[plan.session] = { language, response: session };
  const list = plan.lists[path];
  if (list && asksOpeningState(window.location.search, list.query)) {
    // The rows once the user is known to hold the page's right: the app would not ask otherwise (and
    // the server would refuse). The app reads the user's answer itself: the boot module reads a copy.
    const rows = session.then(async (answer) => {
      const user = answer?.ok
        ? ((await answer.clone().json()) as { data?: { administrator?: boolean | null; permissions?: string[] | null } }).data
        : undefined;
      const allowed = user && (!list.right || user.administrator === true || [list.right].flat().some((right) => (user.permissions ?? []).includes(right)));
      return allowed ? send(list.url) : null;
    });
    requests[list.url] = { language, response: rows.catch(() => null) };
  }
  (window as unknown as Record<string, unknown>)[prefetchGlobal] = { token, at: window.performance.now(), requests };
  // antd's styles apply before antd's first render (which then skips building them): first in <head>,
  // where antd puts the styles it builds, so the app's own CSS still comes after them.
  if (plan.antdStyles) {
    const link = window.document.createElement('link');
    link.rel = 'stylesheet';
    link.href = plan.antdStyles;
    link.setAttribute(antdStylesAttribute, '');
    window.document.head.prepend(link);
  }
  const page = plan.lists[path] ? plan.listPage : undefined;
  for (const href of [...plan.shell.styles, ...(page?.styles ?? [])]) addLink(window.document, 'preload', href, 'style');
  for (const href of [...plan.shell.scripts, ...(page?.scripts ?? [])]) addLink(window.document, 'modulepreload', href);
}
