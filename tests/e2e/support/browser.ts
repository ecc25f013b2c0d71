/**
 * Debian's Chromium driven by playwright-core: never a downloaded browser. The flags keep Chromium from
 * reaching out to Google's hosts, which this machine's closed network refuses.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_FOLDER = 'test-artifacts';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1366, height: 850 }, locale: 'en-US' });
}

/** Saves a full-page screenshot under test-artifacts/ (kept by CI when a test fails). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_FOLDER, { recursive: true });
  const path = `${ARTIFACTS_FOLDER}/${name.replace(/[^\w.-]+/g, '-')}.png`;
  await page.screenshot({ path, fullPage: true }).catch(() => undefined);
  return path;
}

/** Collects console errors and failed requests, so a test can assert the page ran cleanly. */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return problems;
}
