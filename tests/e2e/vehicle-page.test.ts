/**
 * The page of a vehicle the way a fleet manager works (issue 13): opened from /transport, a field edited in
 * General info, a card linked and detached (it stays in the fuel cards list), a repair added with a file
 * (its upload progress seen, the file listed), the trailer's tractor linking to the vehicle page, and a
 * vehicle deleted after seeing what goes with it. Once in English, once in German with no English left.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { saveScreenshot } from './support/browser';
import { text } from './support/locale-text';
import { openScenario, TINY_PNG, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();

/** A PNG of about 600 KB (a real PNG by its header, padded): large enough for its upload to take a moment when throttled. */
const LARGE_PNG = Buffer.concat([TINY_PNG, Buffer.alloc(600_000)]);

interface Fleet {
  api: ApiSession;
  keep: number;
  doomed: number;
}

/** Two vehicles, an unlinked card, and the vehicle to delete with a card, a repair and a handover act. */
async function fleetTenant(user: ReturnType<typeof uniqueUser>): Promise<Fleet> {
  const api = await registerThroughApi(suite.server.url, user);
  const vehicle = async (board: string, registration: string) =>
    (await api.call<{ data: { id: number } }>('POST', '/transport/store', { board_names: board, registration_number: registration, mileage: 1000 })).data.id;
  const keep = await vehicle('Truck 01', 'TR-001');
  const doomed = await vehicle('Truck 02', 'TR-002');
  await api.call('POST', '/transport/cards/store', { type: 'fuel', serial_number: 'FC-1001', expires_at: '2030-01-01' });
  await api.call('POST', '/transport/cards/store', { type: 'toll', serial_number: 'FC-2002', transport_id: doomed });
  await api.call('POST', `/transport/${doomed}/handover-acts/store`, { date: '2025-01-02' });
  return { api, keep, doomed };
}

async function uploadRepairFile(fleet: Fleet, transportId: number) {
  const body = new FormData();
  body.append('type', 'maintenance');
  body.append('repair_files[]', new Blob([TINY_PNG], { type: 'image/png' }), 'old.png');
  const response = await fetch(`${suite.server.url}/api/transport/repairs/store/${transportId}`, {
    method: 'POST',
    headers: { 'X-CSRF-Token': 'e2e', Authorization: `Bearer ${fleet.api.token}` },
    body,
  });
  expect(response.status).toBe(200);
}

/** Slows uploads down (Chromium's network emulation), so a progress bar has time to show. */
async function throttleUploads(page: Page, on: boolean) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: on ? 200_000 : -1,
  });
}

async function walkTheVehicle(page: Page, fleet: Fleet, language: 'en' | 'de', step: (name: string, run: () => Promise<void>) => Promise<void>) {
  const say = (key: string, options?: Record<string, string | number>) => text(language, key, options);
  const shots = `vehicle-page-${language}`;

  await step('open a vehicle from the transport list', async () => {
    await page.getByTestId('menu-transport').click();
    const list = page.getByTestId('crud-list-transport');
    await list.locator('tr', { hasText: 'Truck 01' }).locator('[data-testid^="show-"]').click();
    await page.getByTestId('vehicle-page').waitFor();
    await expect(page.getByTestId('vehicle-label').textContent()).resolves.toBe('Truck 01 (TR-001)');
    await saveScreenshot(page, `${shots}-general`);
  });

  await step('General info: a field edited in place', async () => {
    await page.getByTestId('vehicle-general-edit').click();
    await page.locator('#transport-edit_car_brand').fill('Volvo');
    await page.getByTestId('vehicle-general').getByTestId('crud-form-save').click();
    await page.getByTestId('vehicle-field-car_brand').getByText('Volvo').waitFor();
  });

  await step('Fuel/Road cards: link the unlinked card, then detach it', async () => {
    await page.getByRole('tab', { name: say('vehicle.tabs.cards') }).click();
    expect(page.url()).toContain('tab=cards');
    const cards = page.getByTestId('vehicle-cards');
    await cards.getByText(say('cards.empty')).waitFor();
    await cards.getByTestId('vehicle-card-link').click();
    await page.locator('#vehicle-card-link-select').click();
    // Only the card linked to no vehicle is offered (FC-2002 belongs to Truck 02).
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'FC-1001' }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'FC-2002' }).count()).resolves.toBe(0);
    await page.locator('#vehicle-card-link-confirm').click();
    const row = cards.locator('tr', { hasText: 'FC-1001' });
    await row.waitFor();
    await saveScreenshot(page, `${shots}-cards`);
    await row.locator('[data-testid^="vehicle-card-detach-"]').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: say('vehicle.cards.detach') })
      .click();
    await row.waitFor({ state: 'detached' });
    await cards.getByText(say('cards.empty')).waitFor();
  });

  await step('the detached card is still in the fuel cards list', async () => {
    await page.getByTestId('menu-fuel-cards').click();
    await page.getByTestId('crud-list-cards').locator('tr', { hasText: 'FC-1001' }).waitFor();
    await page.goBack();
    await page.getByTestId('vehicle-page').waitFor();
  });

  await step('Documents and Handover acts tabs open', async () => {
    await page.getByRole('tab', { name: say('vehicle.tabs.documents') }).click();
    // A row per document column (a new tenant has the three default ones), each with its edit button.
    const documents = page.getByTestId('vehicle-documents-tab');
    await documents.locator('[data-testid^="vehicle-document-edit-"]').first().waitFor();
    await expect.poll(() => documents.locator('[data-testid^="vehicle-document-edit-"]').count()).toBe(3);
    await saveScreenshot(page, `${shots}-documents`);
    await page.getByRole('tab', { name: say('vehicle.tabs.handoverActs') }).click();
    await page.getByTestId('vehicle-acts-tab').getByTestId('vehicle-act-new').waitFor();
    await saveScreenshot(page, `${shots}-acts`);
  });

  await step('Repairs and maintenance: a repair with a file, its upload progress seen', async () => {
    await page.getByRole('tab', { name: say('vehicle.tabs.repairs') }).click();
    expect(page.url()).toContain('tab=repairs');
    const repairs = page.getByTestId('vehicle-repairs');
    await repairs.getByText(say('repairs.empty')).waitFor();
    await repairs.getByTestId('crud-create').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.locator('#repairs-create_type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: say('enums.repairType.repair') }).click();
    await dialog.locator('#repairs-create_periodicity').fill('12');
    await dialog.locator('#repairs-create_cost').fill('250');
    await dialog.getByTestId('crud-form-files').locator('input[type="file"]').setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: LARGE_PNG });
    await dialog.getByTestId('crud-form-picked-file').getByText('invoice.png').waitFor();
    await saveScreenshot(page, `${shots}-repair-form`);
    await throttleUploads(page, true);
    await dialog.getByTestId('crud-form-save').click();
    await dialog.getByTestId('crud-form-upload-progress').waitFor();
    await saveScreenshot(page, `${shots}-repair-progress`);
    await page.locator('.ant-modal:visible').waitFor({ state: 'detached', timeout: 30_000 });
    await throttleUploads(page, false);
    const row = repairs.locator('tr', { hasText: say('enums.repairType.repair') });
    await row.waitFor();
    await row.getByText('invoice.png').waitFor();
    await row.locator('[data-testid^="edit-"]').click();
    await page.locator('.ant-modal:visible').getByTestId('crud-form-stored-files').getByText('invoice.png').waitFor();
    await saveScreenshot(page, `${shots}-repair-files`);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
  });

  await step('delete a vehicle, seeing first what goes with it', async () => {
    await page.goto(`/transport/${fleet.doomed}`);
    await page.getByTestId('vehicle-page').waitFor();
    await page.getByTestId('vehicle-delete').click();
    const impact = page.getByTestId('transport-delete-impact');
    await impact.waitFor();
    await expect(impact.getByTestId('transport-delete-impact-repairs').textContent()).resolves.toBe(say('vehicle.deleteImpact.repairs', { count: 1 }));
    await expect(impact.getByTestId('transport-delete-impact-handoverActs').textContent()).resolves.toBe(
      say('vehicle.deleteImpact.handoverActs', { count: 1 }),
    );
    await expect(impact.getByTestId('transport-delete-impact-cards').textContent()).resolves.toBe(say('vehicle.deleteImpact.cards', { count: 1 }));
    await saveScreenshot(page, `${shots}-delete`);
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: say('crud.buttons.delete') })
      .click();
    await page.waitForURL((url) => url.pathname === '/transport');
    await page.getByTestId('crud-list-transport').getByText('Truck 01').waitFor();
    await expect(page.getByTestId('crud-list-transport').getByText('Truck 02').count()).resolves.toBe(0);
  });
}

describe('the vehicle page', () => {
  it('takes a fleet manager through a vehicle’s tabs: edit, cards, repairs, delete', async () => {
    const user = uniqueUser('vehicle');
    const fleet = await fleetTenant(user);
    await uploadRepairFile(fleet, fleet.doomed);
    const scenario = await openScenario(suite.browser, suite.server.url, 'vehicle-page');
    const { page } = scenario;
    await signIn(page, user);
    await walkTheVehicle(page, fleet, 'en', (name, run) => scenario.step(name, run));

    await scenario.step('a trailer’s tractor links to the vehicle page; its insurance shows the expiry state', async () => {
      const trailer = await fleet.api.call<{ data: { id: number } }>('POST', '/trailers/store', { register_number: 'TL-777', truck_id: fleet.keep });
      await fleet.api.call('POST', `/trailers/${trailer.data.id}/insurances/store`, { insurer: 'Allianz', start_date: '2020-01-01', end_date: '2021-01-01' });
      await page.goto(`/trailers/${trailer.data.id}`);
      await page.getByTestId('crud-show-trailers').getByRole('link', { name: 'Truck 01 (TR-001)' }).waitFor();
      await page.getByRole('tab', { name: text('en', 'trailer-insurances.title') }).click();
      expect(page.url()).toContain('tab=trailer-insurances');
      await page.getByTestId('crud-list-trailer-insurances').getByText(text('en', 'fields.date.expiry.expired')).waitFor();
      await saveScreenshot(page, 'vehicle-page-trailer-insurances');
      await page.getByRole('tab', { name: text('en', 'crud.tabs.general') }).click();
      await page.getByTestId('crud-show-trailers').getByRole('link', { name: 'Truck 01 (TR-001)' }).click();
      await page.getByTestId('vehicle-page').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/transport/${fleet.keep}`);
    });

    expect(scenario.problems).toEqual([]);
    await scenario.step('on a phone (390 px) the page fits the screen', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/transport/${fleet.keep}`);
      await page.getByTestId('vehicle-page').waitFor();
      await saveScreenshot(page, 'vehicle-page-phone-general');
      await page.getByRole('tab', { name: text('en', 'vehicle.tabs.cards') }).click();
      await page.getByTestId('vehicle-cards').waitFor();
      await saveScreenshot(page, 'vehicle-page-phone-cards');
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1366, height: 850 });
    });

    await scenario.step('a missing vehicle shows "Not found"', async () => {
      await page.goto('/transport/987654321');
      await page.getByTestId('vehicle-missing').getByText(text('en', 'crud.notFound')).waitFor();
      // No dead end: its list is a click away.
      await page.getByTestId('missing-back-to-list').click();
      await page.waitForURL((url) => url.pathname === '/transport');
    });
    // The browser reports the show request's 404 itself: the one problem this step may leave.
    expect(scenario.problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await scenario.close();
  });

  it('speaks German on the vehicle page, with none of its English left', async () => {
    const user = uniqueUser('vehicle-de');
    const fleet = await fleetTenant(user);
    await uploadRepairFile(fleet, fleet.doomed);
    const scenario = await openScenario(suite.browser, suite.server.url, 'vehicle-page-de');
    const { page } = scenario;
    await page.goto('/login?lng=de');
    await page.getByTestId('login-form').getByLabel(text('de', 'login.fields.login')).waitFor();
    await signIn(page, user, user.password, 'de');
    await walkTheVehicle(page, fleet, 'de', (name, run) => scenario.step(name, run));

    await scenario.step('every tab of the vehicle page is in German', async () => {
      await page.goto(`/transport/${fleet.keep}`);
      await page.getByTestId('vehicle-page').waitFor();
      const seen: string[] = [];
      for (const tab of ['crud.tabs.general', 'vehicle.tabs.documents', 'vehicle.tabs.cards', 'vehicle.tabs.handoverActs', 'vehicle.tabs.repairs']) {
        await page.getByRole('tab', { name: text('de', tab) }).click();
        await page.waitForTimeout(400);
        seen.push((await page.locator('main, .ant-layout-content').first().textContent()) ?? '');
      }
      const body = seen.join('\n');
      for (const key of [
        'pages.vehicle',
        'vehicle.tabs.documents',
        'vehicle.tabs.cards',
        'vehicle.tabs.handoverActs',
        'vehicle.tabs.repairs',
        'vehicle.cards.link',
        'transport.fields.registration_number',
        'transport.fields.mileage',
        'repairs.fields.periodicity',
        'crud.columns.actions',
        'crud.buttons.delete',
      ]) {
        expect(body, key).toContain(text('de', key));
        expect(body, key).not.toContain(text('en', key));
      }
      for (const english of ['Fuel', 'Repair', 'Documents', 'Handover', 'Vehicle', 'Link a card', 'Days left']) expect(body, english).not.toContain(english);
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
