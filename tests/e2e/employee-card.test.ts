/**
 * The employee card the way an HR officer works (issue 12): from HR main's Contractors tab, filtered, to
 * the card; a passport (a second unsaved one is refused), a document with two status rows (an invalid
 * row is warned about, the relevant one switched), an attachment uploaded with its progress and previewed,
 * and the document in HR main's expiring panel once its relevant row ends within the type's threshold.
 * Once in English and once in Ukrainian, with none of the card's English left.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/api';
import { saveScreenshot } from './support/browser';
import { text } from './support/locale-text';
import { openScenario, TINY_PNG, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A tenant with a staff member and a contractor, and a licence type warning 20 days ahead. */
async function hrTenant(user: ReturnType<typeof uniqueUser>) {
  const api = await registerThroughApi(suite.server.url, user);
  const company = (await api.call<{ data: { company: { id: number } } }>('GET', '/profile/show')).data.company.id;
  for (const [name, lastName, category] of [
    ['Anna', 'Berg', 'staff'],
    ['Olga', 'Shevchenko', 'contractors'],
    ['Oleh', 'Marchenko', 'contractors'],
  ])
    await api.call('POST', `/employees/${company}/store`, { name, last_name: lastName, category, date_of_birth: '1990-05-01' });
  await api.call('POST', '/documents/store', {
    name: 'Driving licence',
    short_name: 'DRL',
    warning_days: 20,
    statuses: [{ name: 'Valid' }, { name: 'Renewed' }],
  });
}

/** Types a date into an antd date picker and leaves it. */
async function fillDate(locator: ReturnType<Page['locator']>, date: string) {
  await locator.click();
  await locator.fill(date);
  await locator.press('Tab');
}

async function walkTheCard(page: Page, language: 'en' | 'uk', step: (name: string, run: () => Promise<void>) => Promise<void>) {
  const say = (key: string, options?: Record<string, string | number>) => text(language, key, options);
  const list = page.getByTestId('crud-list-employees');

  await step('HR main: Contractors, filtered by name, then the card', async () => {
    await page.getByTestId('menu-personal-main').click();
    await list.getByText('Anna Berg').waitFor();
    await page.getByTestId('list-tab-contractors').click();
    await list.getByText('Oleh Marchenko').waitFor();
    await page.getByTestId('crud-search').fill('Shevch');
    await page.getByTestId('crud-search').press('Enter');
    await list.locator('tr', { hasText: 'Oleh Marchenko' }).waitFor({ state: 'detached' });
    await list.locator('tr', { hasText: 'Olga Shevchenko' }).locator('[data-testid^="show-"]').click();
    await expect(page.getByTestId('employee-card-name').textContent()).resolves.toBe('Olga Shevchenko');
    await expect(page.getByTestId('employee-card-category').textContent()).resolves.toBe(say('enums.employeeCategory.contractors'));
  });

  await step('Personal info: a group edited in place', async () => {
    await page.getByTestId('personal-edit-contacts').click();
    const group = page.getByTestId('personal-group-contacts');
    await group.locator('#employees-edit_email').fill('olga.s@example.com');
    await group.getByTestId('crud-form-save').click();
    await group.getByText('olga.s@example.com').waitFor();
    await expect(group.locator('#employees-edit_email').count()).resolves.toBe(0);
  });

  await step('a passport: typed in place; a second cannot be started before it is saved', async () => {
    await page.getByRole('tab', { name: say('passports.title') }).click();
    expect(page.url()).toContain('tab=passports');
    await page.getByTestId('passport-add').click();
    const form = page.getByTestId('passport-new');
    await expect(page.getByTestId('passport-add').isDisabled()).resolves.toBe(true);
    await page.getByTestId('passport-add-wrapper').hover();
    await page.getByRole('tooltip', { name: say('passports.tooltips.finishFirst') }).waitFor();
    await form.locator('#passports-create_number').fill('FX123456');
    await form.locator('#passports-create_type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: say('enums.passportType.biometric') }).click();
    await fillDate(form.locator('#passports-create_issue_date'), day(-3000));
    await fillDate(form.locator('#passports-create_expiration_date'), day(-5));
    await form.getByTestId('crud-form-save').click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByTestId('passports-tab').locator('tr', { hasText: 'FX123456' });
    await expect(row.locator('[data-testid^="passport-state-"]').textContent()).resolves.toBe(say('fields.date.expiry.expired'));
    await expect(page.getByTestId('passport-add').isDisabled()).resolves.toBe(false);
    await expect(page.getByTestId('employee-card-worst').textContent()).resolves.toBe(say('fields.date.expiry.expired'));
    // Renewed: the old passport stays on file, replaced, and the card no longer says its documents have expired.
    await page.getByTestId('passport-add').click();
    await form.locator('#passports-create_number').fill('FX654321');
    await form.locator('#passports-create_type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: say('enums.passportType.biometric') }).click();
    await fillDate(form.locator('#passports-create_issue_date'), day(-4));
    await fillDate(form.locator('#passports-create_expiration_date'), day(3000));
    await form.getByTestId('crud-form-save').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('employee-card-worst').textContent()).toBe(say('fields.date.expiry.good'));
  });

  await step('a document with two status rows: an invalid row is warned about, then the relevant one switched', async () => {
    await page.getByRole('tab', { name: say('employeeCard.tabs.documents') }).click();
    await page.getByTestId('document-type-picker').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Driving licence' }).click();
    await page.getByTestId('document-add').click();
    const document = page.getByTestId('documents-tab').locator('.ant-card', { hasText: 'Driving licence' });
    // The keyboard's place goes to the new document's "Add status", not to the page's start.
    await expect.poll(() => page.evaluate(() => window.document.activeElement?.getAttribute('data-testid') ?? '')).toMatch(/^status-row-add-\d+$/);
    await document.locator('[data-testid^="status-row-add-"]').click();
    await document.getByTestId('status-row-number').fill('LIC-1');
    await fillDate(document.getByTestId('status-row-dateUpTo'), day(200));
    await document.getByTestId('status-row-save').click();
    await document.getByText('LIC-1').waitFor();
    // The second row starts in the future and ends before it starts: adding a third warns.
    await document.locator('[data-testid^="status-row-add-"]').click();
    await document.getByTestId('status-row-number').fill('LIC-2');
    await fillDate(document.getByTestId('status-row-dateFrom'), day(30));
    await fillDate(document.getByTestId('status-row-dateUpTo'), day(10));
    await document.locator('[data-testid^="status-row-add-"]').click();
    await expect(document.getByTestId('status-rows-incorrect').textContent()).resolves.toBe(say('employeeCard.documents.incorrectData'));
    await document.getByTestId('status-row-error-dateFrom').waitFor();
    // Wrapped to its input's width: as wide as its sentence it widened the column, and on a phone ran under the pinned Actions.
    const errorBox = await document.getByTestId('status-row-error-dateFrom').boundingBox();
    const pickerBox = await document
      .locator('.status-rows__cell', { has: page.getByTestId('status-row-error-dateFrom') })
      .locator('.ant-picker')
      .boundingBox();
    expect(errorBox && pickerBox && errorBox.x + errorBox.width <= pickerBox.x + pickerBox.width + 1).toBe(true);
    await fillDate(document.getByTestId('status-row-dateFrom'), day(-1));
    await document.getByTestId('status-rows-incorrect').waitFor({ state: 'detached' });
    await document.getByTestId('status-row-save').click();
    await document.getByText('LIC-2').waitFor();
    // The first row was the relevant one; the second becomes it: its end in 10 days is within 20.
    const second = document.locator('tr', { hasText: 'LIC-2' });
    await second.locator('[data-testid^="status-row-make-relevant-"]').click();
    await expect.poll(() => second.getAttribute('class')).toContain('employee-card__relevant-row');
    await expect.poll(() => document.locator('tr', { hasText: 'LIC-1' }).getAttribute('class')).not.toContain('employee-card__relevant-row');
    await expect.poll(() => document.locator('[data-testid^="document-state-"]').textContent()).toBe(say('fields.date.expiry.expiring'));
  });

  await step('a bank account added in the table: a wrong IBAN is refused under the field, kept over a tab switch, a right one saved', async () => {
    await page.getByRole('tab', { name: say('employee-banks.title') }).click();
    const banks = page.getByTestId('crud-list-employee-banks');
    await banks.getByTestId('crud-create').click();
    const form = banks.getByTestId('crud-in-place-create-employee-banks');
    await form.locator('#employee-banks-create_number').fill('DE00123');
    await form.getByTestId('crud-form-save').click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await form.locator('#employee-banks-create_number').fill('DE89370400440532013000');
    // A look at another tab and back: what was typed is still there (a tab once opened stays drawn).
    const attachmentsTab = page.getByRole('tab', { name: say('employeeCard.tabs.attachments') });
    await attachmentsTab.click();
    await expect.poll(() => attachmentsTab.getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('attachments-tab').waitFor();
    const banksTab = page.getByRole('tab', { name: say('employee-banks.title') });
    await banksTab.click();
    await expect.poll(() => banksTab.getAttribute('aria-selected')).toBe('true');
    expect(await form.locator('#employee-banks-create_number').inputValue()).toBe('DE89370400440532013000');
    await form.locator('#employee-banks-create_type').fill('Salary');
    await form.getByTestId('crud-form-save').click();
    await form.waitFor({ state: 'detached' });
    await banks.locator('tr', { hasText: 'Salary' }).waitFor();
  });

  await step('an attachment: uploaded with its progress, listed with who uploaded it, previewed', async () => {
    await page.getByRole('tab', { name: say('employeeCard.tabs.attachments') }).click();
    await page
      .getByTestId('attachments-tab')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'licence-scan.png', mimeType: 'image/png', buffer: TINY_PNG });
    const row = page.getByTestId('attachments-tab').locator('tr', { hasText: 'licence-scan.png' });
    await row.waitFor();
    await row.locator('[data-testid^="attachment-preview-"]').click();
    await page.getByTestId('attachment-preview-image').waitFor();
    await expect(page.getByTestId('attachment-preview-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).resolves.toBe(1);
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('attachment-preview-image').waitFor({ state: 'detached' });
  });

  await step('HR main’s expiring panel names the document, linking back to the card', async () => {
    await page.getByTestId('menu-personal-main').click();
    const item = page.getByTestId('panel-expiring-documents').locator('[data-testid^="expiring-document-"]', { hasText: 'Olga Shevchenko' });
    await item.waitFor();
    // The plural form of 10 in the language (Ukrainian's "many", English's "other").
    const form = new Intl.PluralRules(language).select(10);
    await expect(item.getByTestId('expiring-state').textContent()).resolves.toBe(say(`expiring.expiresIn_${form}`, { count: 10 }));
  });
}

describe('the employee card', () => {
  it('takes an HR officer from HR main through passports, documents and attachments to the expiring panel', async () => {
    const user = uniqueUser('card');
    await hrTenant(user);
    const scenario = await openScenario(suite.browser, suite.server.url, 'employee-card');
    const { page } = scenario;
    await signIn(page, user);
    await walkTheCard(page, 'en', (name, run) => scenario.step(name, run));
    await scenario.step('a missing employee shows "Not found"', async () => {
      await page.goto('/personal-main/employee/987654321');
      await page.getByTestId('employee-card-missing').getByText(text('en', 'crud.notFound')).waitFor();
      // Not a dead end: the page's heading, and a way back to the list.
      await page.getByTestId('employee-card-missing').getByTestId('page-title').waitFor();
      await page.getByTestId('missing-back-to-list').click();
      await page.waitForURL((url) => url.pathname === '/personal-main');
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('speaks Ukrainian on the card, with none of its English left', async () => {
    const user = uniqueUser('card-uk');
    await hrTenant(user);
    const scenario = await openScenario(suite.browser, suite.server.url, 'employee-card-uk');
    const { page } = scenario;
    await page.goto('/login?lng=uk');
    await page.getByTestId('login-form').getByLabel(text('uk', 'login.fields.login')).waitFor();
    await signIn(page, user, user.password, 'uk');
    await walkTheCard(page, 'uk', (name, run) => scenario.step(name, run));
    await scenario.step('every tab of the card is in Ukrainian', async () => {
      await page
        .getByTestId('panel-expiring-documents')
        .locator('[data-testid^="expiring-document-"]', { hasText: 'Olga Shevchenko' })
        .getByRole('link', { name: 'Olga Shevchenko' })
        .click();
      await page.getByTestId('employee-card').waitFor();
      const seen: string[] = [];
      for (const tab of ['employeeCard.tabs.personal', 'passports.title', 'employeeCard.tabs.documents', 'employeeCard.tabs.attachments']) {
        await page.getByRole('tab', { name: text('uk', tab) }).click();
        await page.waitForTimeout(300);
        seen.push((await page.locator('main, .ant-layout-content').first().textContent()) ?? '');
        await saveScreenshot(page, `employee-card-uk-${tab}`);
      }
      const body = seen.join('\n');
      for (const key of [
        'employeeCard.groups.identity',
        'employeeCard.groups.family',
        'employeeCard.groups.contacts',
        'passports.primaryBadge',
        'employeeCard.documents.addStatus',
        'employeeCard.documents.created',
        'employeeCard.attachments.uploadedBy',
        'employeeCard.changeCategory',
        'crud.columns.actions',
      ]) {
        if (key !== 'passports.primaryBadge') expect(body, key).toContain(text('uk', key));
        expect(body, key).not.toContain(text('en', key));
      }
    });
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
