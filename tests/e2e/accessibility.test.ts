/**
 * WCAG 2.1 A and AA, as axe-core checks them in Chromium, on the pages a member works in: the sign-in pages (in two
 * languages), lists with their filters, a create dialog, a delete's question, Departments, the audit log, the
 * compliance page and the handover act's first step on a phone, and most of them in the dark colour mode. Any violation fails the test, with its rule, the
 * elements and the page; the few that are antd's own drawing and cannot be changed from here are listed below
 * with their reason, and only those elements are left out.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/api';
import { openScenario, uniqueUser, type Scenario } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();
// Evaluated through the browser's debugging protocol, which the app's Content-Security-Policy does not hold back.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** antd's own markup, not ours to change: rule → the elements it is left out for, and why. */
const antdOwn: Array<{ rule: string; selector: string; why: string }> = [
  // The options of an open select carry aria-selected in a list antd draws without the option role on them.
  { rule: 'aria-allowed-attr', selector: '.ant-select-item-option', why: 'antd select options' },
];

interface Found {
  rule: string;
  impact: string | null;
  targets: string[];
}

async function violations(page: Page): Promise<Found[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return (result.violations as Array<{ id: string; impact: string | null; nodes: Array<{ target: string[]; html: string }> }>).map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html })),
    }));
  });
  return found
    .map((violation) => ({
      rule: violation.rule,
      impact: violation.impact,
      targets: violation.nodes
        .filter(
          (node) => !antdOwn.some((own) => own.rule === violation.rule && (node.target.includes(own.selector) || node.html.includes(own.selector.slice(1)))),
        )
        .map((node) => `${node.target}  ${node.html.slice(0, 120)}`),
    }))
    .filter((violation) => violation.targets.length > 0);
}

async function expectAccessible(page: Page, where: string) {
  // Let antd's motion finish: a half-faded element has a contrast of its own.
  await page.waitForTimeout(400);
  const found = await violations(page);
  expect(found, `${where} (${page.url()})`).toEqual([]);
}

/** Pages by path, with the test id that shows each is drawn. */
const pages: Array<[string, string]> = [
  ['/', 'crud-list-orders'],
  ['/personal-departments', 'departments-tabs'],
  ['/audit-log', 'audit-log-table'],
  ['/compliance', 'compliance-page'],
  ['/maintenance-acceptance-certificate', 'acts-list-page'],
];

async function checkPages(scenario: Scenario, paths: Array<[string, string]>, theme = 'light') {
  for (const [path, ready] of paths) {
    await scenario.step(`${path} (${theme})`, async () => {
      await scenario.page.goto(path);
      await scenario.page.getByTestId(ready).waitFor();
      await expect.poll(() => scenario.page.locator('html').getAttribute('data-theme')).toBe(theme);
      await expectAccessible(scenario.page, `${path} (${theme})`);
    });
  }
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const user = uniqueUser('a11y');

  beforeAll(async () => {
    const api = await registerThroughApi(suite.server.url, user);
    const company = (await api.call<{ data: { company: { id: number } } }>('GET', '/profile/show')).data.company.id;
    await api.call('POST', '/transport/store', { board_names: 'Truck 07', registration_number: 'TR007', mileage: 100_000 });
    await api.call('POST', `/employees/${company}/store`, { name: 'Anna', last_name: 'Berg' });
    await api.call('POST', '/orders/store', { cargo_number: 'A11Y-001', customer: 'Axe Logistics AG' });
    await api.call('POST', '/departments/store', { name: 'Dispatch' });
  });

  it('the sign-in and registration pages, in English and Ukrainian', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'a11y-public');
    const { page } = scenario;
    for (const language of ['en', 'uk']) {
      await page.goto(`/login?lng=${language}`);
      await page.getByTestId('login-form').waitFor();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      await expectAccessible(page, `login (${language})`);
    }
    await page.goto('/register?lng=en');
    await page.getByTestId('register-form').waitFor();
    await expectAccessible(page, 'register');
    await scenario.close();
  });

  it('lists, filters, a create dialog, a delete question, Departments, the audit log and compliance', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'a11y-pages');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    await scenario.step('orders with their filters', async () => {
      await page.goto('/');
      await page.getByTestId('crud-list-orders').getByText('A11Y-001').waitFor();
      await expectAccessible(page, 'orders');
    });
    await scenario.step('the create dialog', async () => {
      await page.getByTestId('crud-list-orders').getByTestId('crud-create').click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, 'orders: create dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    });
    await scenario.step('a delete question', async () => {
      await page.getByTestId('crud-list-orders').locator('[data-testid^="delete-"]').first().click();
      await page.locator('.ant-popconfirm-title:visible').waitFor(); // "Delete …?", named by the row's record
      await expectAccessible(page, 'orders: delete question');
      await page.keyboard.press('Escape');
    });
    await checkPages(scenario, [...pages.slice(1), ['/transport', 'crud-list-transport']]);
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('the same pages in the dark colour mode', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'a11y-dark');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    // As the settings drawer keeps it (src/layout/settings-model.ts).
    await page.evaluate(() => localStorage.setItem('fleetdesk.layout', JSON.stringify({ version: 1, settings: { mode: 'dark' } })));
    await checkPages(scenario, pages, 'dark');
    await scenario.step('a delete question (dark)', async () => {
      await page.goto('/');
      await page.getByTestId('crud-list-orders').locator('[data-testid^="delete-"]').first().click();
      await page.locator('.ant-popconfirm-title:visible').waitFor(); // "Delete …?", named by the row's record
      await expectAccessible(page, 'orders: delete question (dark)');
      await page.keyboard.press('Escape');
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('the handover act list and first step on a phone', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'a11y-phone');
    const { page } = scenario;
    await page.setViewportSize({ width: 390, height: 844 });
    await scenario.step('sign in', () => signIn(page, user));
    await scenario.step('acts list', async () => {
      await page.goto('/maintenance-acceptance-certificate');
      await page.getByTestId('acts-list-page').waitFor();
      await expectAccessible(page, 'handover acts list (390 px)');
    });
    await scenario.step('the new act', async () => {
      await page.goto('/maintenance-acceptance-certificate/new');
      await page.getByTestId('act-form').waitFor();
      await expectAccessible(page, 'new handover act (390 px)');
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
