/**
 * What every browser suite shares: the real server and Chromium, started once per file, and the steps
 * a person takes to get in (register in the browser, or sign in).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { text } from './locale-text';
import type { uniqueUser } from './scenario';
import { startServer, type RunningServer } from './server-process';

export interface Suite {
  server: RunningServer;
  browser: Browser;
}

/** Starts the server (with extra environment) and Chromium before the file's tests, stops both after. */
export function useServerAndBrowser(environment: () => Record<string, string> = () => ({})): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.server = await startServer(environment());
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

type User = ReturnType<typeof uniqueUser>;

export async function signIn(page: Page, user: User, password = user.password, language = 'en'): Promise<void> {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByLabel(text(language, 'login.fields.login')).fill(user.login);
  await form.getByLabel(text(language, 'login.fields.password'), { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Fills the registration form (the page must be open) and submits it. */
export async function fillRegistration(page: Page, user: User): Promise<void> {
  const form = page.getByTestId('register-form');
  await form.getByLabel(text('en', 'register.fields.company_name')).fill(user.companyName);
  await form.getByLabel(text('en', 'register.fields.login')).fill(user.login);
  await form.getByLabel(text('en', 'register.fields.email')).fill(user.email);
  await form.getByLabel(text('en', 'register.fields.phone')).fill(user.phone);
  await form.getByLabel(text('en', 'register.fields.password'), { exact: true }).fill(user.password);
  await form.getByLabel(text('en', 'register.fields.password_confirmation')).fill(user.password);
  await form.getByRole('checkbox').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
}
