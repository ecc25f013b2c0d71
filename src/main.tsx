/**
 * Entry: React, the router and what every page needs first (i18n, the session). Everything else is a
 * lazy chunk: the auth pages are light, and the shell (Refine + antd) loads only behind the sign-in.
 */
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n/i18n';
// Applies the colour mode to <html data-theme> before the first paint: the light pages follow it too.
import './layout/settings-store';
import { bootstrapSession } from './session/session-actions';
import './base.css';

// The current user is fetched once the language is known, so its messages come in the user's language.
void initI18n().finally(() => void bootstrapSession());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback="...">
      <App />
    </Suspense>
  </StrictMode>,
);
