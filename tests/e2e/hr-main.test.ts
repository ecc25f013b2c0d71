/**
 * HR main and document statuses the way an HR officer of a haulier works (issue 12): the employee lists by
 * category with their counts, the tab in the URL, what expires soon, moving an employee to the archive
 * after a confirmation, and a document type's statuses edited in place with what a delete would take.
 * Once in English and once in Ukrainian, with none of these screens' English left.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { text } from './support/locale-text';
import { clickUntil } from './support/retry';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A tenant with three employees, a licence type warning 20 days ahead, and Anna's licence ending in 10 days. */
async function hrTenant(user: ReturnType<typeof uniqueUser>): Promise<ApiSession> {
  const api = await registerThroughApi(suite.server.url, user);
  const profile = await api.call<{ data: { company: { id: number } } }>('GET', '/profile/show');
  const company = profile.data.company.id;
  const employee = (name: string, lastName: string, category: string) =>
    api.call<{ data: { id: number } }>('POST', `/employees/${company}/store`, {
      name,
      last_name: lastName,
      category,
      email: `${name.toLowerCase()}@example.com`,
    });
  const anna = await employee('Anna', 'Berg', 'staff');
  await employee('Ivan', 'Petrenko', 'staff');
  await employee('Olga', 'Shevchenko', 'contractors');
  const type = await api.call<{ data: { id: number; statuses: Array<{ id: number }> } }>('POST', '/documents/store', {
    name: 'Driving licence',
    short_name: 'DRL',
    warning_days: 20,
    statuses: [{ name: 'Valid' }, { name: 'Expired' }],
  });
  const document = await api.call<{ data: { id: number } }>('POST', `/employees/${anna.data.id}/documents/${type.data.id}/store`, {});
  await api.call('POST', `/employees/${anna.data.id}/documents/${document.data.id}/status/store`, {
    status: type.data.statuses[0].id,
    number: 'B-100200',
    dateFrom: day(-700),
    dateUpTo: day(10),
    relevant: true,
  });
  return api;
}

const tab = (page: Page, value: string) => page.getByTestId(`list-tab-${value}`);
const count = (page: Page, value: string) => page.getByTestId(`list-tab-count-${value}`).locator('.ant-scroll-number').getAttribute('title');

describe('HR main and document statuses', () => {
  const user = uniqueUser('hr');
  beforeAll(async () => {
    await hrTenant(user);
  });

  it('lists employees by category with counts, keeps the tab in the URL, shows what expires and archives after a confirmation', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'hr-main');
    const { page } = scenario;
    const list = page.getByTestId('crud-list-employees');
    await scenario.step('open HR main from the sidebar: employees (staff) first, with every tab counted', async () => {
      await signIn(page, user);
      await page.getByTestId('menu-personal-main').click();
      await list.getByText('Anna Berg').waitFor();
      await expect.poll(() => count(page, 'staff')).toBe('2');
      await expect.poll(() => count(page, 'contractors')).toBe('1');
      await expect(list.getByText('Olga Shevchenko').count()).resolves.toBe(0);
    });
    await scenario.step('the licence ending in 10 days is in the expiring panel, linking to the card', async () => {
      const panel = page.getByTestId('panel-expiring-documents');
      const item = panel.locator('[data-testid^="expiring-document-"]', { hasText: 'Anna Berg' });
      await item.waitFor();
      await expect(item.getByTestId('expiring-state').textContent()).resolves.toBe(text('en', 'expiring.expiresIn_other', { count: 10 }));
      await expect(item.getByRole('link', { name: 'Anna Berg' }).getAttribute('href')).resolves.toMatch(
        /^\/personal-main\/employee\/\d+\?tab=employee-documents/,
      );
      await page.getByTestId('panel-recently-updated').getByText('Olga Shevchenko').waitFor();
    });
    await scenario.step('switch to Contractors: the tab is in the URL and survives a reload', async () => {
      await tab(page, 'contractors').click();
      await list.getByText('Olga Shevchenko').waitFor();
      await expect(list.getByText('Anna Berg').count()).resolves.toBe(0);
      expect(decodeURIComponent(page.url())).toContain('[value]=contractors');
      await page.reload();
      await list.getByText('Olga Shevchenko').waitFor();
      await expect(page.getByTestId('list-tabs-category').locator('.ant-tabs-tab-active').textContent()).resolves.toContain(
        text('en', 'enums.employeeCategory.contractors'),
      );
    });
    await scenario.step('move Ivan to the archive: asked first, then gone from Employees and counted in Archive', async () => {
      await tab(page, 'staff').click();
      const ivan = list.locator('tr', { hasText: 'Ivan Petrenko' });
      await ivan.locator('[data-testid^="move-"]').click();
      await page.getByTestId('move-tab-options').getByText(text('en', 'enums.employeeCategory.archive')).click();
      await expect(page.getByTestId('move-tab-question').textContent()).resolves.toBe(
        text('en', 'crud.moveTab.question', {
          record: 'Ivan Petrenko',
          from: text('en', 'enums.employeeCategory.staff'),
          to: text('en', 'enums.employeeCategory.archive'),
        }),
      );
      await page.getByTestId('move-tab-ok').click();
      await ivan.waitFor({ state: 'detached' });
      await expect.poll(() => count(page, 'archive')).toBe('1');
      await expect.poll(() => count(page, 'staff')).toBe('1');
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('edits a document type’s statuses in place and says what deleting one would take', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'hr-documents');
    const { page } = scenario;
    await scenario.step('open Manage documents and expand the licence', async () => {
      await signIn(page, user);
      await page.getByTestId('menu-manage-documents').click();
      const row = page.getByTestId('crud-list-hr-document-types').locator('tr', { hasText: 'Driving licence' });
      await row.locator('.ant-table-row-expand-icon').click();
    });
    const statuses = page.locator('[data-testid^="statuses-"]');
    await scenario.step('add a status: it is saved with the type', async () => {
      await statuses.locator('[data-testid^="status-new-"]').fill('Suspended');
      await statuses.locator('[data-testid^="status-add-"]').click();
      await expect.poll(() => statuses.locator('input[value="Suspended"]').count()).toBe(1);
    });
    await scenario.step('deleting Valid first says it takes Anna’s licence with it', async () => {
      const valid = statuses.locator('[data-testid^="status-"]', { has: page.locator('input[value="Valid"]') }).first();
      await valid.locator('[data-testid^="status-delete-"]').click();
      await expect.poll(() => page.getByTestId('delete-impact').textContent()).toBe(text('en', 'hrDocuments.deleteImpact_one', { count: 1 }));
      await page.getByRole('button', { name: text('en', 'crud.buttons.cancel') }).click();
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('speaks Ukrainian on HR main and Manage documents, with none of their English left', async () => {
    const fresh = uniqueUser('hr-uk');
    await hrTenant(fresh);
    const scenario = await openScenario(suite.browser, suite.server.url, 'hr-ukrainian');
    const { page } = scenario;
    await scenario.step('sign in in Ukrainian and open HR main', async () => {
      await page.goto('/login?lng=uk');
      await page.getByTestId('login-form').getByLabel(text('uk', 'login.fields.login')).waitFor();
      await signIn(page, fresh, fresh.password, 'uk');
      await clickUntil(
        () => page.getByTestId('menu-personal-main').click(),
        () => Promise.resolve(new URL(page.url()).pathname === '/personal-main'),
      );
      await page.getByTestId('crud-list-employees').getByText('Anna Berg').waitFor();
      await page.getByTestId('panel-expiring-documents').getByText('Anna Berg').waitFor();
    });
    const keys = [
      'enums.employeeCategory.staff',
      'enums.employeeCategory.contractors',
      'enums.employeeCategory.archive',
      'crud.panels.recentlyUpdated',
      'expiring.title',
    ];
    await scenario.step('the tabs, panels and states are in Ukrainian', async () => {
      const body = (await page.locator('main, .ant-layout-content').first().textContent()) ?? '';
      for (const key of keys) {
        expect(body, key).toContain(text('uk', key));
        expect(body, key).not.toContain(text('en', key));
      }
      expect(body).toContain(text('uk', 'expiring.expiresIn_other', { count: 10 }).split(' ')[0]);
      expect(body).not.toContain('Updated ');
    });
    await scenario.step('Manage documents too', async () => {
      await page.getByTestId('menu-manage-documents').click();
      const row = page.getByTestId('crud-list-hr-document-types').locator('tr', { hasText: 'Driving licence' });
      await row.locator('.ant-table-row-expand-icon').click();
      await page.getByText(text('uk', 'hrDocuments.statuses')).waitFor();
      const body = (await page.locator('main, .ant-layout-content').first().textContent()) ?? '';
      for (const key of ['hrDocuments.statuses', 'hr-document-types.fields.warning_days', 'crud.form.add']) {
        expect(body, key).toContain(text('uk', key));
        expect(body, key).not.toContain(text('en', key));
      }
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
