/**
 * The generic screens of issue 3 in Chromium against the built app on the real server: a company's show
 * page with its "Bank accounts" tab, a bank account created through the schema form (an invalid IBAN
 * shows the translated message under the field first), edited (the version travels along) and deleted
 * after the confirmation; the company's own delete question says the account would go with it.
 */
import { describe, expect, it } from 'vitest';
import { text } from './support/locale-text';
import { fillRegistration, useServerAndBrowser } from './support/suite';
import { openScenario, uniqueUser } from './support/scenario';

const suite = useServerAndBrowser();

describe('a company with bank accounts', () => {
  it('lists the company, creates, edits and deletes a bank account in its tab', async () => {
    const user = uniqueUser('banks');
    const scenario = await openScenario(suite.browser, suite.server.url, 'company-banks');
    const { page } = scenario;

    await scenario.step('register', async () => {
      await page.goto('/register');
      await fillRegistration(page, user);
    });

    await scenario.step('companies list and show page', async () => {
      await page.getByTestId('menu-companies').click();
      const list = page.getByTestId('crud-list-companies');
      await list.getByText(user.companyName).waitFor();
      await list.locator('[data-testid^="show-"]').first().click();
      await page.getByTestId('crud-show-companies').waitFor();
      await page.getByRole('tab', { name: text('en', 'company-banks.title') }).click();
      await page.getByTestId('crud-list-company-banks').getByText(text('en', 'company-banks.empty')).waitFor();
    });

    const banks = page.getByTestId('crud-list-company-banks');
    await scenario.step('an invalid IBAN is refused in the form', async () => {
      // Typed at once after Enter on Create, before the dialog's form is there: nothing of it is lost.
      await banks.getByTestId('crud-create').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type('Main account');
      await expect.poll(() => page.locator('#company-banks-create_account_name').inputValue()).toBe('Main account');
      await page.locator('#company-banks-create_bank_name').fill('Deutsche Bank');
      await page.locator('#company-banks-create_iban').fill('DE00 1234 5678');
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await page.getByText(text('en', 'validation.format.iban')).waitFor();
    });

    await scenario.step('a valid bank account is created', async () => {
      await page.locator('#company-banks-create_iban').fill('DE89 3704 0044 0532 0130 00');
      await page.locator('#company-banks-create_currency').fill('EUR');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title*="(EUR)"]').first().click();
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await banks.getByText('DE89 3704 0044 0532 0130 00').waitFor();
    });

    await scenario.step('edited', async () => {
      await banks.locator('[data-testid^="edit-"]').first().click();
      await page.locator('#company-banks-edit_bank_name').fill('Commerzbank');
      await page.getByRole('button', { name: text('en', 'crud.buttons.save') }).click();
      await banks.getByText('Commerzbank').waitFor();
    });

    await scenario.step("the company's delete question says its bank account goes with it", async () => {
      await page.getByTestId('crud-show-delete').click();
      const impact = page.getByTestId('record-delete-impact-deleted');
      await impact.waitFor();
      await expect(impact.textContent()).resolves.toBe(`${text('en', 'crud.deleteImpact.deleted')}${text('en', 'company-banks.title')}: 1`);
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: text('en', 'crud.buttons.cancel') })
        .click();
      await impact.waitFor({ state: 'hidden' });
    });

    await scenario.step('deleted after the confirmation', async () => {
      await banks.locator('[data-testid^="delete-"]').first().click();
      await page.locator('.ant-popconfirm-title:visible').waitFor(); // "Delete …?", named by the row's record
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: text('en', 'crud.buttons.delete') })
        .click();
      await banks.getByText(text('en', 'company-banks.empty')).waitFor();
    });

    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
