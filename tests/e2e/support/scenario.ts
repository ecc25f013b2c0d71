/**
 * One browser scenario: a page on the real server, with a screenshot saved under test-artifacts/ when a
 * step fails, and the page's console errors at hand.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, saveScreenshot, watchPageErrors } from './browser';

export interface Scenario {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Runs a named step; on failure saves `<scenario>-<step>.png` and rethrows. */
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openScenario(browser: Browser, baseURL: string, name: string): Promise<Scenario> {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  const problems = watchPageErrors(page);
  return {
    context,
    page,
    problems,
    async step(stepName, action) {
      try {
        return await action();
      } catch (error) {
        const screenshot = await saveScreenshot(page, `${name}-${stepName}`);
        if (error instanceof Error) error.message += `\n(screenshot: ${screenshot}; page: ${page.url()})`;
        throw error;
      }
    },
    close: () => context.close(),
  };
}

/** A 1×1 PNG, a real image by content. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A unique login/e-mail pair per run, valid by the registration rules. */
export function uniqueUser(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    login: `${prefix}.${suffix}`,
    email: `${prefix}.${suffix}@example.com`,
    phone: '+49 30 1234567',
    companyName: `${prefix} Logistik GmbH`,
    password: 'Correct-horse-9',
  };
}
