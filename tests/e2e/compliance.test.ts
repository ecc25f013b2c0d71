/**
 * The compliance page and the bell (issue 14) the way a manager meets them: a staff driver's licence ends
 * in 10 days; the bell shows it with a badge; "see all" opens the compliance page, which lists it under the
 * driver with its state and days left; its link opens the employee card on the documents tab; following
 * it from the bell marks it read. Then the page in German, with none of its English left. Screenshots of
 * the page at 1280 px and of the open bell are saved under test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/api';
import { saveScreenshot } from './support/browser';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A tenant with a staff driver whose licence's relevant status row ends in 10 days; the employee's id. */
async function driverTenant(user: ReturnType<typeof uniqueUser>): Promise<number> {
  const api = await registerThroughApi(suite.server.url, user);
  const profile = await api.call<{ data: { company: { id: number } } }>('GET', '/profile/show');
  const driver = await api.call<{ data: { id: number } }>('POST', `/employees/${profile.data.company.id}/store`, {
    name: 'Dmytro',
    last_name: 'Koval',
    category: 'staff',
    email: 'dmytro@example.com',
  });
  const type = await api.call<{ data: { id: number; statuses: Array<{ id: number }> } }>('POST', '/documents/store', {
    name: 'Driving licence',
    short_name: 'DRL',
    warning_days: 30,
    statuses: [{ name: 'Valid' }],
  });
  const document = await api.call<{ data: { id: number } }>('POST', `/employees/${driver.data.id}/documents/${type.data.id}/store`, {});
  await api.call('POST', `/employees/${driver.data.id}/documents/${document.data.id}/status/store`, {
    status: type.data.statuses[0].id,
    number: 'C-555',
    dateFrom: day(-700),
    dateUpTo: day(10),
    relevant: true,
  });
  return driver.data.id;
}

const badge = (page: Page) => page.getByTestId('notifications-toggle').locator('.ant-badge-count');
const licenceItem = (page: Page) => page.getByTestId('notifications-panel').locator('[data-testid^="notification-document:"]', { hasText: 'Dmytro Koval' });

describe('the compliance page and the bell', () => {
  const user = uniqueUser('compliance');
  let driver: number;
  beforeAll(async () => {
    driver = await driverTenant(user);
  });

  it('shows the expiring licence in the bell, lists it on the compliance page and links to the card', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'compliance');
    const { page } = scenario;
    await page.setViewportSize({ width: 1280, height: 800 });
    await scenario.step('the bell shows the licence with an unread badge', async () => {
      await signIn(page, user);
      await expect.poll(() => badge(page).getAttribute('title')).toBe('1');
      await page.getByTestId('notifications-toggle').click();
      const item = licenceItem(page);
      await item.waitFor();
      await expect(item.textContent()).resolves.toContain('Driving licence');
      await expect(item.textContent()).resolves.toContain(text('en', 'expiring.expiresIn_other', { count: 10 }));
      await expect(item.getAttribute('data-read')).resolves.toBe('false');
      await saveScreenshot(page, 'compliance-bell');
    });
    await scenario.step('"see all" opens the compliance page, which lists the licence under the driver', async () => {
      await page.getByTestId('notifications-see-all').click();
      await page.waitForURL((url) => url.pathname === '/compliance');
      const table = page.getByTestId('compliance-table');
      await table.getByTestId(`compliance-subject-employee-${driver}`).waitFor();
      const row = table.locator('[data-testid^="compliance-row-document:"]');
      await expect.poll(() => row.count()).toBe(1);
      await expect(row.getByTestId('compliance-state').textContent()).resolves.toBe(text('en', 'compliance.states.expiring'));
      await expect(row.textContent()).resolves.toContain(day(10));
      await expect.poll(() => page.getByTestId('compliance-count-expiring').locator('.compliance-count__value').textContent()).toBe('1');
      // The top entry of the sidebar, highlighted.
      await expect(page.locator('.ant-menu-item-selected [data-testid="menu-compliance"]').count()).resolves.toBe(1);
      await page.mouse.move(0, 790); // no hover left on the counts by the bell's link
      await page.locator('.compliance-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await saveScreenshot(page, 'compliance-page-1280');
    });
    await scenario.step('the tab and filters are in the URL and survive a reload', async () => {
      await page.getByTestId('compliance-count-missing').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'missing');
      await page.getByTestId('compliance-empty').waitFor();
      await page.getByTestId('compliance-count-expiring').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'expiring');
      await page.getByTestId('compliance-filter-subject-type').click();
      await page.locator('.ant-select-item-option', { hasText: text('en', 'compliance.subjects.employee') }).click();
      await page.waitForURL((url) => url.searchParams.get('subject_type') === 'employee');
      await page.reload();
      await page.getByTestId(`compliance-subject-employee-${driver}`).waitFor();
      await expect(page.getByTestId('compliance-filter-subject-type').textContent()).resolves.toContain(text('en', 'compliance.subjects.employee'));
    });
    await scenario.step("the row's link opens the employee card on its documents tab", async () => {
      await page.locator('[data-testid^="compliance-link-document:"]').click();
      await page.waitForURL((url) => url.pathname === `/personal-main/employee/${driver}` && url.searchParams.get('tab') === 'employee-documents');
      await page
        .getByTestId('employee-card-tabs')
        .locator('.ant-tabs-tab-active', { hasText: text('en', 'employeeCard.tabs.documents') })
        .waitFor();
      await page.getByText('C-555').waitFor();
    });
    await scenario.step('following the item from the bell marks it read: the badge goes', async () => {
      await page.getByTestId('notifications-toggle').click();
      await licenceItem(page).locator('a').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'employee-documents');
      await expect.poll(() => badge(page).count()).toBe(0);
      await page.getByTestId('notifications-toggle').click();
      await expect.poll(() => licenceItem(page).getAttribute('data-read')).toBe('true');
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('shows the compliance page and the bell in German', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'compliance-de');
    const { page } = scenario;
    await page.setViewportSize({ width: 1280, height: 800 });
    await scenario.step('sign in in German and open the compliance page from the sidebar', async () => {
      await page.goto('/login?lng=de');
      await page.getByTestId('login-form').getByLabel(text('de', 'login.fields.login')).waitFor();
      await signIn(page, user, user.password, 'de');
      await page.getByTestId('menu-compliance').click();
      await page.getByTestId(`compliance-subject-employee-${driver}`).waitFor();
    });
    await scenario.step('every text of the page is German', async () => {
      const body = (await page.getByTestId('compliance-page').textContent()) ?? '';
      for (const key of [
        'pages.compliance',
        'compliance.states.all',
        'compliance.states.expired',
        'compliance.states.expiring',
        'compliance.states.missing',
        'compliance.columns.obligation',
        'compliance.columns.validUntil',
        'compliance.columns.daysLeft',
        'compliance.subjects.employee',
        'compliance.kinds.document',
      ])
        expect(body, key).toContain(text('de', key));
      expect(body).toContain(text('de', 'expiring.expiresIn_other', { count: 10 }));
      for (const english of ['Expiring soon', 'Valid until', 'Days left', 'Obligation', 'Employee']) expect(body, english).not.toContain(english);
      await expect(page.getByTestId('menu-compliance').textContent()).resolves.toBe(text('de', 'menu.compliance'));
      await page.locator('.compliance-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await saveScreenshot(page, 'compliance-page-de');
    });
    await scenario.step('the bell in German', async () => {
      await page.getByTestId('notifications-toggle').click();
      const panel = page.getByTestId('notifications-panel');
      await panel.getByText(text('de', 'header.notifications.seeAll')).waitFor();
      await expect(panel.textContent()).resolves.toContain(text('de', 'compliance.states.expiring'));
      await page.keyboard.press('Escape');
    });
    await scenario.step('on a phone, each filter takes the width of the screen', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const filter of ['subject-type', 'kind', 'company', 'within-days']) {
        const box = await page.getByTestId(`compliance-filter-${filter}`).boundingBox();
        expect(box!.width, filter).toBeGreaterThan(330);
        expect(box!.x + box!.width, filter).toBeLessThanOrEqual(390);
      }
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
