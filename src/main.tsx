/**
 * Entry: React, the router and what every page needs first (i18n, the session). Everything else is a
 * lazy chunk: the auth pages are light, and the shell (Refine + antd) loads only behind the sign-in.
 */
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n, languageKnown } from './i18n/i18n';
// Applies the colour mode to <html data-theme> before the first paint: the light pages follow it too.
import './layout/settings-store';
import { preloadPrivateRoute } from './routes';
import { bootstrapSession } from './session/session-actions';
import { readToken } from './session/token-storage';
import './base.css';

const translationsReady = initI18n();
// The current user is fetched once the language is known (so its messages come in the user's language),
// side by side with the translations rather than after them.
void Promise.race([languageKnown(), translationsReady.catch(() => undefined)]).then(() => bootstrapSession(translationsReady));
// Signed in: the shell (Refine + antd) and the page's chunk load meanwhile, not after the session check.
if (readToken()) preloadPrivateRoute(window.location.pathname);

// As a transition: React draws the app in slices of a few milliseconds, never one long task (the
// signed-in app may be ready to draw at once: the boot module fetched the user and the chunks early).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Suspense fallback="...">
        <App />
      </Suspense>
    </StrictMode>,
  ),
);
