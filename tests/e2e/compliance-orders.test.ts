/**
 * Orders check their crew (issue 14 part 5) the way a dispatcher works: the new-order form, a trip from day
 * 10 to day 30, a driver whose driving licence ends on day 20 — the warning shows as soon as the driver and
 * the dates are chosen, before saving; the save goes through with a warning notification, and the orders
 * list marks the order. Once in English and once in German, with the warning in the member's language.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { presetPermissions } from '../../resources/permissions';
import { registerThroughApi } from './support/api';
import { saveScreenshot } from './support/browser';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A tenant with a driving licence type, Anna Berg (staff) whose licence ends on day 20, and a dispatcher who
 * may see employees (to pick a driver and be told what is wrong with them).
 */
async function dispatchTenant(owner: ReturnType<typeof uniqueUser>) {
  const api = await registerThroughApi(suite.server.url, owner);
  const profile = await api.call<{ data: { company: { id: number } } }>('GET', '/profile/show');
  const anna = await api.call<{ data: { id: number } }>('POST', `/employees/${profile.data.company.id}/store`, {
    name: 'Anna',
    last_name: 'Berg',
    category: 'staff',
  });
  const type = await api.call<{ data: { id: number; statuses: Array<{ id: number }> } }>('POST', '/documents/store', {
    name: 'Driving licence',
    short_name: 'DRL',
    statuses: [{ name: 'Valid' }],
  });
  const document = await api.call<{ data: { id: number } }>('POST', `/employees/${anna.data.id}/documents/${type.data.id}/store`, {});
  await api.call('POST', `/employees/${anna.data.id}/documents/${document.data.id}/status/store`, {
    status: type.data.statuses[0].id,
    number: 'B-100200',
    dateFrom: day(-700),
    dateUpTo: day(20),
    relevant: true,
  });
  const dispatcher = { ...uniqueUser('disp'), password: 'dispatcher-password-1' };
  dispatcher.login = dispatcher.login.replace(/\W/g, '');
  await api.call('POST', '/users/store', {
    login: dispatcher.login,
    password: dispatcher.password,
    name: 'Dora',
    last_name: 'Dispatcher',
    email: `${dispatcher.login}@example.com`,
    permissions: [...presetPermissions('dispatcher'), 'employees.view'],
  });
  return dispatcher;
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

async function orderWithAnna(page: Page, language: 'en' | 'de', step: (name: string, run: () => Promise<void>) => Promise<void>) {
  const say = (key: string, params?: Record<string, string | number>) => text(language, key, params);
  const warning = say('orderCheck.expiring', { subject: 'Anna Berg', document: 'Driving licence', date: day(20) });
  const list = page.getByTestId('crud-list-orders');
  const alert = page.getByTestId('crud-check-warnings');

  await step('the new-order form: no warning before a driver is chosen', async () => {
    await list.getByText(say('orders.empty')).waitFor();
    await list.getByTestId('crud-create').click();
    await page.locator('#orders-create_cargo_number').fill(`CHK-${language}`);
    await page.locator('#orders-create_customer').fill('Rhein Logistik GmbH');
    await fillDate(page, 'orders-create_loading_date', day(10));
    await fillDate(page, 'orders-create_unloading_date', day(30));
    await page.waitForTimeout(800); // longer than the check's wait: had it anything to say, it would show
    await expect(alert.count()).resolves.toBe(0);
  });

  await step('the driver whose licence ends before the unloading date: the warning shows before saving', async () => {
    await pick(page, 'orders-create_primary_driver_id', 'Anna', 'Anna Berg');
    await alert.getByText(say('crud.check.title')).waitFor();
    await expect(alert.getByTestId('crud-check-warning-primary_driver_id').textContent()).resolves.toBe(warning);
    await alert.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `compliance-orders-${language}-warning`);
  });

  await step('an unloading date before the licence ends: the warning goes', async () => {
    await fillDate(page, 'orders-create_unloading_date', day(20));
    await alert.waitFor({ state: 'detached' });
    await fillDate(page, 'orders-create_unloading_date', day(30));
    await alert.waitFor();
  });

  await step('saving goes through with the warning in its notification; the list marks the order', async () => {
    await page.getByTestId('crud-form-save').click();
    const toast = page.getByTestId('toast-warning');
    await toast.getByText(warning).waitFor();
    const row = list.locator('tr', { hasText: `CHK-${language}` });
    await row.waitFor();
    await row.getByTestId('warnings-compliance_warnings').hover();
    await page.locator('.ant-tooltip:visible').getByText(warning).waitFor();
    await saveScreenshot(page, `compliance-orders-${language}-list`);
  });
}

describe('a dispatcher picks a driver whose licence ends before the unloading date', () => {
  it('sees the warning before saving', async () => {
    const dispatcher = await dispatchTenant(uniqueUser('chk'));
    const scenario = await openScenario(suite.browser, suite.server.url, 'compliance-orders');
    await signIn(scenario.page, dispatcher);
    await orderWithAnna(scenario.page, 'en', (name, run) => scenario.step(name, run));
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('sees it in German', async () => {
    const dispatcher = await dispatchTenant(uniqueUser('chkde'));
    const scenario = await openScenario(suite.browser, suite.server.url, 'compliance-orders-de');
    const { page } = scenario;
    await page.goto('/login?lng=de');
    await page.getByTestId('login-form').getByLabel(text('de', 'login.fields.login')).waitFor();
    await signIn(page, dispatcher, dispatcher.password, 'de');
    await orderWithAnna(page, 'de', (name, run) => scenario.step(name, run));
    await expect(page.locator('body').textContent()).resolves.not.toContain(text('en', 'crud.check.title'));
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
