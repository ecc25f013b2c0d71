/**
 * What Refine's data layer gives a user (issue 11): a change made on one page shows on every other page
 * at once (Refine invalidates the resource's lists, records and labels), and a list's filters and page
 * live in the URL, so a reload or the browser's Back brings them back.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();

/** Picks the option of a reference picker whose label contains `label`, searching for it on the server. */
async function pick(page: Page, fieldId: string, search: string, label: string) {
  await page.locator(`#${fieldId}`).click();
  await page.locator(`#${fieldId}`).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

describe('the data of every page stays current', () => {
  let api: ApiSession;
  const user = uniqueUser('refine');

  beforeAll(async () => {
    api = await registerThroughApi(suite.server.url, user);
    const busy = await api.call<{ data: { id: number } }>('POST', '/transport/store', { board_names: 'Blue Scania', registration_number: 'BS-1001-A' });
    const quiet = await api.call<{ data: { id: number } }>('POST', '/transport/store', { board_names: 'Red Volvo', registration_number: 'RV-2002-B' });
    // 25 orders on the Blue Scania (three pages of ten when filtered by it) and 2 on the Red Volvo.
    for (let index = 1; index <= 25; index += 1) {
      await api.call('POST', '/orders/store', {
        cargo_number: `BLUE-${String(index).padStart(3, '0')}`,
        customer: 'Danube Steel',
        loading_date: `2026-03-${String(index).padStart(2, '0')}`,
        transport_id: busy.data.id,
      });
    }
    for (const index of [1, 2]) {
      await api.call('POST', '/orders/store', {
        cargo_number: `RED-${index}`,
        customer: 'Elbe Paper',
        loading_date: `2026-04-0${index}`,
        transport_id: quiet.data.id,
      });
    }
  });

  it('shows a renamed vehicle in the orders list as soon as the orders open again, without a reload', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'rename-vehicle');
    const { page } = scenario;
    await scenario.step('sign in and see the orders with their vehicles', async () => {
      await signIn(page, user);
      await page.getByTestId('crud-list-orders').locator('tr', { hasText: 'RED-2' }).getByText('Red Volvo').waitFor();
    });

    await scenario.step('rename the vehicle in its edit dialog', async () => {
      await page.getByTestId('menu-transport').click();
      const vehicles = page.getByTestId('crud-list-transport');
      const row = vehicles.locator('tr', { hasText: 'Red Volvo' });
      await row.locator('[data-testid^="edit-"]').click();
      await page.locator('#transport-edit_board_names').fill('Green Volvo');
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await vehicles.locator('tr', { hasText: 'Green Volvo' }).waitFor();
    });

    await scenario.step('open Orders from the sidebar: the new name shows at once', async () => {
      // A mark on the page's window: a full page load would lose it.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      await page.getByTestId('menu-orders').click();
      const row = page.getByTestId('crud-list-orders').locator('tr', { hasText: 'RED-2' });
      await row.getByText('Green Volvo').waitFor({ timeout: 15_000 });
      await expect(row.getByText('Red Volvo').count()).resolves.toBe(0);
      // A client-side navigation, not a page load: the app itself brought the label up to date.
      await expect(page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).resolves.toBe(true);
    });

    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('keeps a filtered list on page 3 through a reload and through Back', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'list-in-url');
    const { page } = scenario;
    const list = page.getByTestId('crud-list-orders');
    const rows = list.locator('tbody tr.ant-table-row');
    const onFilteredThirdPage = async () => {
      await list.locator('.ant-pagination-item-3.ant-pagination-item-active').waitFor();
      await expect.poll(() => rows.count()).toBe(5); // BLUE-005 … BLUE-001, newest first
      await rows.filter({ hasText: 'BLUE-001' }).waitFor();
      await expect(rows.filter({ hasText: 'RED-' }).count()).resolves.toBe(0);
    };

    await scenario.step('sign in, filter the orders by the vehicle and go to page 3', async () => {
      await signIn(page, user);
      await pick(page, 'filter-transport_id', 'BS-1001', 'Blue Scania');
      await expect.poll(() => list.getByText(text('en', 'crud.total', { count: 25 })).count()).toBeGreaterThan(0);
      await list.locator('.ant-pagination-item-3').click();
      await onFilteredThirdPage();
    });

    await scenario.step('reload: the filter and the page are still there', async () => {
      await page.reload();
      await onFilteredThirdPage();
    });

    await scenario.step('go elsewhere and come Back: the filter and the page are still there', async () => {
      await page.getByTestId('menu-transport').click();
      await page.getByTestId('crud-list-transport').waitFor();
      await page.goBack();
      await onFilteredThirdPage();
    });

    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
