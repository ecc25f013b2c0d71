/**
 * The fleet screens of issue 3 in Chromium: a trailer with an insurance, an order that refers to a
 * transport and a trailer through the reference pickers, the orders list filtered and paged, and a
 * deletion after its confirmation.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { text } from './support/locale-text';
import { signIn, useServerAndBrowser } from './support/suite';
import { openScenario, uniqueUser } from './support/scenario';

const suite = useServerAndBrowser();

async function saveForm(page: Page) {
  await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
}

/** Types a date into an antd date picker and leaves the field (Enter would submit the form). */
async function fillDate(page: Page, fieldId: string, date: string) {
  await page.locator(`#${fieldId}`).click();
  await page.locator(`#${fieldId}`).fill(date);
  await page.locator(`#${fieldId}`).press('Tab');
}

/** Picks the option of a reference picker whose label contains `label`, searching for it on the server. */
async function pick(page: Page, fieldId: string, search: string, label: string) {
  await page.locator(`#${fieldId}`).click();
  await page.locator(`#${fieldId}`).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

describe('a dispatcher', () => {
  let api: ApiSession;
  const user = uniqueUser('dispatch');

  beforeAll(async () => {
    api = await registerThroughApi(suite.server.url, user);
  });

  it('creates a trailer with an insurance', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'trailer-insurance');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));

    await scenario.step('create the trailer', async () => {
      await page.getByTestId('menu-trailers').click();
      const list = page.getByTestId('crud-list-trailers');
      await list.getByText(text('en', 'trailers.empty')).waitFor();
      await list.getByTestId('crud-create').click();
      await page.locator('#trailers-create_register_number').fill('KR-4711-X');
      await page.locator('#trailers-create_brand').fill('Schmitz Cargobull');
      await saveForm(page);
      await list.getByText('KR-4711-X').waitFor();
    });

    await scenario.step('in a window narrower than the table, the row keeps its actions in view', async () => {
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 900, height: size.height });
      const list = page.getByTestId('crud-list-trailers');
      const box = await list.locator('.ant-table-content').evaluate((element) => ({
        right: element.getBoundingClientRect().right,
        overflows: element.scrollWidth > element.clientWidth,
      }));
      expect(box.overflows).toBe(true);
      const remove = (await list.locator('[data-testid^="delete-"]').first().boundingBox())!;
      expect(remove.x + remove.width).toBeLessThanOrEqual(box.right);
      await page.setViewportSize(size);
    });

    await scenario.step('add an insurance in its tab', async () => {
      await page.getByTestId('crud-list-trailers').locator('[data-testid^="show-"]').first().click();
      await page.getByTestId('crud-show-trailers').waitFor();
      await page.getByRole('tab', { name: text('en', 'trailer-insurances.title') }).click();
      const insurances = page.getByTestId('crud-list-trailer-insurances');
      await insurances.getByText(text('en', 'trailer-insurances.empty')).waitFor();
      await insurances.getByTestId('crud-create').click();
      await page.locator('#trailer-insurances-create_insurer').fill('Allianz');
      await fillDate(page, 'trailer-insurances-create_start_date', '2026-02-01');
      await fillDate(page, 'trailer-insurances-create_end_date', '2026-01-01');
      await saveForm(page);
      // The message names the date the end follows: "Must not be earlier than “Start date”".
      await page
        .getByText(text('en', 'validation.notBefore', { label: 'trailer-insurances.fields.start_date' }))
        .first()
        .waitFor();
      await fillDate(page, 'trailer-insurances-create_end_date', '2027-01-31');
      await saveForm(page);
      await insurances.getByText('Allianz').waitFor();
      await insurances.getByText('2027-01-31').waitFor();
    });

    expect(scenario.problems.filter((problem) => !problem.includes('422'))).toEqual([]);
    await scenario.close();
  });

  it('creates an order with a transport and a trailer picked from the lists, filters, pages and deletes', async () => {
    await api.call('POST', '/transport/store', {
      board_names: 'Truck 07',
      registration_number: 'WX-2207-T',
    });
    await api.call('POST', '/trailers/store', { register_number: 'TR-9000-Z' });
    // 23 older orders for the same customer on another truck: three pages of ten.
    const otherTransport = await api.call<{ data: { id: number } }>('POST', '/transport/store', {
      board_names: 'Truck 99',
      registration_number: 'OT-9999-X',
    });
    for (let index = 1; index <= 23; index += 1) {
      await api.call('POST', '/orders/store', {
        cargo_number: `BULK-${String(index).padStart(3, '0')}`,
        customer: 'Bulk Customer AG',
        loading_date: `2025-01-${String(index).padStart(2, '0')}`,
        transport_id: otherTransport.data.id,
      });
    }

    const scenario = await openScenario(suite.browser, suite.server.url, 'orders');
    const { page } = scenario;
    await scenario.step('sign in', () => signIn(page, user));
    const list = page.getByTestId('crud-list-orders');

    await scenario.step('create an order through the pickers', async () => {
      await list.getByTestId('crud-create').click();
      await page.locator('#orders-create_cargo_number').fill('CARGO-0001');
      await page.locator('#orders-create_customer').fill('Rhein Logistik GmbH');
      // The newest loading date: the list shows newest first, so the order opens page 1.
      await fillDate(page, 'orders-create_loading_date', '2026-06-01');
      await pick(page, 'orders-create_transport_id', 'WX-2207', 'Truck 07');
      await pick(page, 'orders-create_trailer_id', 'TR-9000', 'TR-9000-Z');
      await saveForm(page);
      await list.getByText('CARGO-0001').waitFor();
      const row = list.locator('tr', { hasText: 'CARGO-0001' });
      await row.getByText('Truck 07').waitFor();
      await row.getByText('TR-9000-Z').waitFor();
    });

    await scenario.step('page through the list', async () => {
      await list.getByText('24', { exact: false }).first().waitFor(); // the total shows 24 orders
      await list.locator('.ant-pagination-item-3').click();
      // The rows of page 1 stay until those of page 3 arrive (Refine keeps the previous page meanwhile).
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(4);
    });

    await scenario.step('filter by the transport', async () => {
      await pick(page, 'filter-transport_id', 'WX-2207', 'Truck 07');
      await list.locator('tbody tr.ant-table-row', { hasText: 'CARGO-0001' }).waitFor();
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(1);
    });

    await scenario.step('search by text', async () => {
      // The list keeps its filter in the URL (a reload keeps it): the sidebar entry opens it afresh.
      await page.getByTestId('menu-orders').click();
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(10);
      await list.getByTestId('crud-search').fill('BULK-02');
      await list.getByTestId('crud-search').press('Enter');
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(4); // BULK-020 … BULK-023
    });

    await scenario.step('delete after the confirmation', async () => {
      const row = list.locator('tbody tr.ant-table-row', { hasText: 'BULK-023' });
      await row.locator('[data-testid^="delete-"]').click();
      await page.locator('.ant-popconfirm-title:visible').waitFor(); // "Delete …?", named by the row's record
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: text('en', 'crud.buttons.delete') })
        .click();
      await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(3);
    });

    const remaining = await api.call<{ pagination: { total: number } }>('GET', '/orders?search=BULK');
    expect(remaining.pagination.total).toBe(22);
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
