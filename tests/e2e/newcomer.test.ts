/**
 * The newcomer's path of issue 2 in Chromium against the built app on the real server (embedded
 * database): register, the shell, language and layout settings that survive a reload, profile and
 * avatar, password change, logout and sign-in with the new password.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { text } from './support/locale-text';
import { clickUntil } from './support/retry';
import { fillRegistration, useServerAndBrowser } from './support/suite';
import { openScenario, TINY_PNG, uniqueUser } from './support/scenario';

const LOGIN_PAGE_JS_BUDGET_BYTES = 150 * 1024; // issue 11

const suite = useServerAndBrowser();

describe('a newcomer', () => {
  it('is sent to /login, and the login page downloads at most 150 KB of gzipped JavaScript', async () => {
    const scenario = await openScenario(suite.browser, suite.server.url, 'login-page');
    const scripts: Promise<number>[] = [];
    scenario.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await scenario.step('open', async () => {
      await scenario.page.goto('/');
      await scenario.page.waitForURL('**/login');
      await scenario.page.getByTestId('login-form').waitFor();
      await scenario.page.waitForLoadState('networkidle');
    });
    const gzipBytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.log(`/login JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThanOrEqual(LOGIN_PAGE_JS_BUDGET_BYTES);
    expect(scenario.problems).toEqual([]);
    await scenario.close();
  });

  it('registers, works in the shell in German with a dark horizontal layout, edits the profile and password, and signs in again', async () => {
    const user = uniqueUser('newcomer');
    const newPassword = 'Another-horse-7';
    const scenario = await openScenario(suite.browser, suite.server.url, 'newcomer');
    const { page } = scenario;

    await scenario.step('register', async () => {
      await page.goto('/login');
      await page.getByTestId('register-link').click();
      await page.waitForURL('**/register');
      await fillRegistration(page, user);
    });

    await scenario.step('shell', async () => {
      await page.getByTestId('sidebar').waitFor();
      await page.getByTestId('app-header').waitFor();
      await expect(page.getByTestId('user-first-name').textContent()).resolves.toBe(text('en', 'header.defaultUserName'));
      for (const key of ['orders', 'orderSearch', 'transport', 'trailers', 'companies', 'manageDocuments', 'fuelCards', 'acceptanceCertificate']) {
        await expect(
          page
            .getByTestId('sidebar')
            .getByText(text('en', `menu.${key}`), { exact: true })
            .count(),
        ).resolves.toBeGreaterThan(0);
      }
      await page.getByTestId('app-footer').waitFor();
      expect(await page.title()).toMatch(/ \| Fleetdesk$/);
    });

    await scenario.step('switch to German and reload', async () => {
      const german = page.getByTestId('sidebar').getByText(text('de', 'menu.transport'), { exact: true });
      await clickUntil(
        async () => {
          if (!(await page.getByTestId('language-option-de').isVisible())) await page.getByTestId('language-switcher').click();
          await page.getByTestId('language-option-de').click({ timeout: 5_000 });
        },
        () => german.isVisible(),
      );
      await page.reload();
      await page.getByTestId('sidebar').getByText(text('de', 'menu.transport'), { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    });

    await scenario.step('dark mode and horizontal layout survive a reload', async () => {
      await page.getByTestId('settings-toggle').click();
      const panel = page.getByTestId('settings-panel');
      await panel.waitFor();
      await panel.getByTestId('settings-mode-dark').click();
      await panel.getByTestId('settings-layout-horizontal').click();
      await page.getByRole('button', { name: text('de', 'settings.close') }).click();
      await panel.waitFor({ state: 'hidden' });
      const shell = page.getByTestId('app-shell');
      await expect(shell.getAttribute('data-mode')).resolves.toBe('dark');
      await expect(shell.getAttribute('data-layout')).resolves.toBe('horizontal');
      await page.reload();
      await page.getByTestId('top-menu').waitFor();
      await expect(shell.getAttribute('data-mode')).resolves.toBe('dark');
      await expect(shell.getAttribute('data-layout')).resolves.toBe('horizontal');
    });

    await scenario.step('edit the profile', async () => {
      // The user menu's dropdown may still be opening on a busy machine: open it and choose again until the page changes.
      await expect
        .poll(
          async () => {
            if (new URL(page.url()).pathname !== '/personal-info') {
              if (!(await page.getByTestId('user-menu-personal-info').isVisible())) await page.getByTestId('user-menu').click();
              await page
                .getByTestId('user-menu-personal-info')
                .click({ timeout: 5_000 })
                .catch(() => undefined);
            }
            return new URL(page.url()).pathname;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('/personal-info');
      const form = page.getByTestId('personal-info-form');
      await form.getByLabel(text('de', 'personalInfo.fields.name')).fill('Ma');
      await page.getByTestId('personal-info-submit').click();
      await form
        .getByText(text('de', 'validation.minLength', { limit: 3 }))
        .first()
        .waitFor();
      await form.getByLabel(text('de', 'personalInfo.fields.name')).fill('Marta');
      await form.getByLabel(text('de', 'personalInfo.fields.last_name')).fill('Kowalska');
      await form.getByLabel(text('de', 'personalInfo.fields.job_position')).fill('Disponentin');
      await page.getByTestId('personal-info-submit').click();
      await page.getByText(text('de', 'profile.updated')).first().waitFor();
      await expect(page.getByTestId('user-first-name').textContent()).resolves.toBe('Marta');
    });

    await scenario.step('upload an avatar', async () => {
      await page.getByTestId('avatar-upload').locator('input[type=file]').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: TINY_PNG,
      });
      await page.getByText(text('de', 'profile.avatarUpdated')).first().waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="user-avatar"] img')].some((image) => (image as HTMLImageElement).src.startsWith('blob:')),
      );
    });

    await scenario.step('change the password', async () => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-security').click();
      await page.waitForURL('**/security');
      const form = page.getByTestId('password-change-form');
      await form.getByLabel(text('de', 'security.fields.current_password')).fill(user.password);
      await form.getByLabel(text('de', 'security.fields.password'), { exact: true }).fill(newPassword);
      await form.getByLabel(text('de', 'security.fields.password_confirmation')).fill(newPassword);
      await page.getByTestId('password-change-submit').click();
      await page.getByText(text('de', 'profile.passwordChanged')).first().waitFor();
    });

    await scenario.step('log out', async () => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL('**/login');
      await page.goto('/personal-info');
      await page.waitForURL('**/login');
    });

    await scenario.step('sign in with the new password', async () => {
      const form = page.getByTestId('login-form');
      await form.getByLabel(text('de', 'login.fields.login')).fill(user.login);
      await form.getByLabel(text('de', 'login.fields.password'), { exact: true }).fill(user.password);
      await page.getByTestId('login-submit').click();
      await page.getByText(text('de', 'auth.invalidCredentials')).first().waitFor();
      await form.getByLabel(text('de', 'login.fields.password'), { exact: true }).fill(newPassword);
      await page.getByTestId('login-submit').click();
      // Back on the page asked for while signed out (a bookmark), not the start page.
      await page.waitForURL((url) => url.pathname === '/personal-info');
      await expect(page.getByTestId('user-first-name').textContent()).resolves.toBe('Marta');
      await expect(page.getByTestId('app-shell').getAttribute('data-mode')).resolves.toBe('dark');
    });

    // The only console error allowed is the 422 of the deliberately wrong password above.
    expect(scenario.problems.filter((problem) => !problem.includes('422'))).toEqual([]);
    await scenario.close();
  });
});
