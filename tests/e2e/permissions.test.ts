/**
 * Access rights in Chromium against the built app on the real server (issue 4): the owner creates a
 * member with the Dispatcher preset in the member dialog; the member signs in, sees orders and transport
 * but not the HR entries, gets the not-permitted page for /personal-main opened by its URL, sees the
 * company's IBAN masked, and creates a trailer; the owner then finds the member's actions in the audit log.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, type ApiSession } from './support/api';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();

const IBAN = 'DE89370400440532013000';

async function saveForm(page: Page) {
  await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
}

describe('a member with the Dispatcher preset', () => {
  const owner = uniqueUser('owner');
  const suffix = Date.now().toString(36);
  const member = { login: `dispatcher.${suffix}`, password: 'Dispatch-horse-7', name: 'Jonas', lastName: 'Berger', email: `dispatcher.${suffix}@example.com` };
  let api: ApiSession;

  beforeAll(async () => {
    api = await registerThroughApi(suite.server.url, owner);
    // The main company gets a bank account with an IBAN: sensitive, so masked for the dispatcher.
    const companies = await api.call<{ data: Array<{ id: number }> }>('GET', '/companies');
    const companyId = companies.data[0].id;
    await api.call('POST', `/${companyId}/banks/store`, { account_name: 'Main account', bank_name: 'Deutsche Bank', iban: IBAN, currency: 'EUR' });
  });

  it('is created by the owner, works within the rights and leaves a trail the owner can read', async () => {
    const ownerScenario = await openScenario(suite.browser, suite.server.url, 'permissions-owner');
    const ownerPage = ownerScenario.page;

    await ownerScenario.step('the owner creates the member with the Dispatcher preset', async () => {
      await signIn(ownerPage, owner);
      await ownerPage.getByTestId('menu-management-personal').click();
      const list = ownerPage.getByTestId('crud-list-users');
      await list.getByText(owner.login, { exact: true }).waitFor();
      await list.getByTestId('crud-create').click();
      await ownerPage.locator('#users-create_login').fill(member.login);
      await ownerPage.locator('#users-create_password').fill(member.password);
      await ownerPage.locator('#users-create_name').fill(member.name);
      await ownerPage.locator('#users-create_last_name').fill(member.lastName);
      await ownerPage.locator('#users-create_email').fill(member.email);
      const matrix = ownerPage.getByTestId('permissions-widget');
      await matrix.getByText(text('en', 'permissions.administratorsHoldAll')).waitFor();
      await matrix.getByTestId('permissions-preset-dispatcher').click();
      expect(
        await matrix.getByRole('checkbox', { name: `${text('en', 'permissions.keys.orders')}: ${text('en', 'permissions.actions.create')}` }).isChecked(),
      ).toBe(true);
      expect(
        await matrix.getByRole('checkbox', { name: `${text('en', 'permissions.keys.employees')}: ${text('en', 'permissions.actions.view')}` }).isChecked(),
      ).toBe(false);
      await saveForm(ownerPage);
      await list.getByText(member.login, { exact: true }).waitFor();
    });

    const memberScenario = await openScenario(suite.browser, suite.server.url, 'permissions-member');
    const memberPage = memberScenario.page;

    await memberScenario.step('the member sees orders and transport, not the HR entries', async () => {
      await signIn(memberPage, { ...owner, login: member.login, password: member.password });
      await memberPage.getByTestId('menu-orders').waitFor();
      await memberPage.getByTestId('menu-transport').waitFor();
      for (const entry of ['personal-main', 'manage-documents', 'audit-log']) expect(await memberPage.getByTestId(`menu-${entry}`).count(), entry).toBe(0);
    });

    await memberScenario.step('/personal-main by its URL shows the not-permitted page', async () => {
      await memberPage.goto('/personal-main');
      const notPermitted = memberPage.getByTestId('not-permitted-page');
      await notPermitted.getByText(text('en', 'notPermitted.title')).waitFor();
      expect(await memberPage.getByTestId('crud-list-employees').count()).toBe(0);
    });

    await memberScenario.step("the company's IBAN shows masked", async () => {
      await memberPage.goto('/companies');
      await memberPage.getByTestId('crud-list-companies').locator('[data-testid^="show-"]').first().click();
      await memberPage.getByTestId('crud-show-companies').waitFor();
      await memberPage.getByRole('tab', { name: text('en', 'company-banks.title') }).click();
      const masked = memberPage.getByTestId('crud-list-company-banks').getByTestId('masked-iban').first();
      await masked.waitFor();
      const shown = await masked.textContent();
      expect(shown).toMatch(/^•+3000$/);
      expect(await memberPage.getByText(IBAN).count()).toBe(0);
      expect(await memberPage.getByText('DE89 3704').count()).toBe(0);
    });

    await memberScenario.step('the member creates a trailer', async () => {
      await memberPage.getByTestId('menu-trailers').click();
      const list = memberPage.getByTestId('crud-list-trailers');
      await list.getByTestId('crud-create').click();
      await memberPage.locator('#trailers-create_register_number').fill('KR-4711-X');
      await memberPage.locator('#trailers-create_brand').fill('Schmitz Cargobull');
      await saveForm(memberPage);
      await list.getByText('KR-4711-X').waitFor();
    });

    await ownerScenario.step("the owner finds the member's actions in the audit log", async () => {
      await ownerPage.getByTestId('menu-audit-log').click();
      const table = ownerPage.getByTestId('audit-log-table');
      const row = table
        .locator('tr', { hasText: `${member.name} ${member.lastName}` })
        .filter({ hasText: text('en', 'audit.actions.create') })
        .first();
      await row.waitFor();
      expect(await row.textContent()).toContain(text('en', 'trailers.titleSingular'));
    });

    // The member's pages ask only for what the member may see: not one refused request in the console.
    expect(ownerScenario.problems).toEqual([]);
    expect(memberScenario.problems).toEqual([]);
    await memberScenario.close();
    await ownerScenario.close();
  });
});
