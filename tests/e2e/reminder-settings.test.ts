/**
 * The "Reminders by e-mail" section of /settings (issue 14) as a member uses it: the defaults shown, the hour
 * and a step changed with the keyboard and saved with this browser's time zone and the interface's
 * language, a step past a year refused under its field before anything is sent, and in German once the
 * interface is; an administrator sees the (empty) list of mails that could not be sent.
 */
import { describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/api';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { signIn, useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();

interface Settings {
  data: { digest_enabled: boolean; digest_hour: number; steps: number[]; time_zone: string; language: string };
}

describe('reminder settings', () => {
  it('are changed with the keyboard, saved with the browser’s time zone and language, and checked before sending', async () => {
    const user = uniqueUser('reminders');
    const api = await registerThroughApi(suite.server.url, user);
    const scenario = await openScenario(suite.browser, suite.server.url, 'reminder-settings');
    const { page } = scenario;
    const card = page.getByTestId('reminder-settings');

    await scenario.step('open', async () => {
      await signIn(page, user);
      await page.goto('/settings');
      await card.locator('.ant-select-selection-item', { hasText: '07:00' }).waitFor();
      expect(await card.getByRole('switch').getAttribute('aria-checked')).toBe('true');
      await page.getByTestId('failed-mail').getByText(text('en', 'reminders.failed.empty')).waitFor();
    });

    await scenario.step('change with the keyboard and save', async () => {
      await card.getByLabel(text('en', 'reminders.settings.fields.digest_hour')).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type('09');
      await page.keyboard.press('Enter');
      await card.locator('.ant-select-selection-item', { hasText: '09:00' }).waitFor();
      await card.getByLabel(text('en', 'reminders.settings.fields.steps')).focus();
      await page.keyboard.type('45');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.getByTestId('reminder-settings-save').focus();
      await page.keyboard.press('Enter');
      await page.getByText(text('en', 'reminders.settings.saved')).first().waitFor();
    });
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((await api.call<Settings>('GET', '/profile/reminders')).data).toEqual({
      digest_enabled: true,
      digest_hour: 9,
      steps: [45, 30, 14, 7, 1, 0],
      time_zone: browserZone,
      language: 'en',
    });

    await scenario.step('a step past a year is refused under the field', async () => {
      await card.getByLabel(text('en', 'reminders.settings.fields.steps')).focus();
      await page.keyboard.type('400');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.getByTestId('reminder-settings-save').click();
      await card.getByText(text('en', 'validation.maximum', { limit: 365 })).waitFor();
    });
    expect((await api.call<Settings>('GET', '/profile/reminders')).data.steps).toEqual([45, 30, 14, 7, 1, 0]);

    await scenario.step('in German: the language chosen is the mails’ language at once, the rest as it was', async () => {
      await page.reload();
      await page.getByTestId('settings-page-language-de').click();
      await card.getByText(text('de', 'reminders.settings.title')).waitFor();
      // No Save: the language card says the mails follow it.
      await expect.poll(async () => (await api.call<Settings>('GET', '/profile/reminders')).data.language).toBe('de');
      expect((await api.call<Settings>('GET', '/profile/reminders')).data).toMatchObject({ digest_hour: 9, steps: [45, 30, 14, 7, 1, 0] });
      await page.getByTestId('reminder-settings-save').click();
      await page.getByText(text('de', 'reminders.settings.saved')).first().waitFor();
    });
    expect((await api.call<Settings>('GET', '/profile/reminders')).data.language).toBe('de');
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });
});
