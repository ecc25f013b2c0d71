/**
 * "Forgot password" end to end: the reset link travels by real SMTP (an smtp-server sink), opens the
 * reset page, sets a new password once; the same link is refused the second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkIn, startSmtpSink, type SmtpSink } from '../../server/test-support/smtp-sink';
import { registerThroughApi } from './support/api';
import { text } from './support/locale-text';
import { openScenario, uniqueUser } from './support/scenario';
import { useServerAndBrowser } from './support/suite';

let sink: SmtpSink;
// Registered first, so the sink listens before the server that mails to it starts.
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});
const suite = useServerAndBrowser(() => ({ SMTP_URL: sink.url }));

describe('a person who forgot the password', () => {
  it('gets the reset link by e-mail, sets a new password once and signs in with it', async () => {
    const user = uniqueUser('forgetful');
    const newPassword = 'Reset-horse-42';
    await registerThroughApi(suite.server.url, user);
    const scenario = await openScenario(suite.browser, suite.server.url, 'password-reset');
    const { page } = scenario;
    // Counted before the step that sends the mail: it may arrive before the step returns.
    const mailsBefore = sink.received.length;

    await scenario.step('ask for the link', async () => {
      await page.goto('/login');
      await page.getByTestId('forgot-password-link').click();
      await page.waitForURL('**/forgot-password');
      await page.getByTestId('forgot-password-form').getByLabel(text('en', 'forgotPassword.fields.email')).fill(user.email);
      await page.getByTestId('forgot-password-submit').click();
      await page.getByTestId('forgot-password-sent').waitFor();
    });

    const mail = await sink.waitForMail(mailsBefore + 1);
    expect(mail.to).toEqual([user.email]);
    const { link, email } = resetLinkIn(mail.raw);
    expect(email).toBe(user.email);
    expect(link.startsWith(suite.server.url)).toBe(true);

    await scenario.step('set the new password from the link', async () => {
      await page.goto(link);
      const form = page.getByTestId('reset-password-form');
      await expect(form.getByLabel(text('en', 'resetPassword.fields.email')).inputValue()).resolves.toBe(user.email);
      await form.getByLabel(text('en', 'resetPassword.fields.password'), { exact: true }).fill(newPassword);
      await form.getByLabel(text('en', 'resetPassword.fields.password_confirmation')).fill(newPassword);
      await page.getByTestId('reset-password-submit').click();
      await page.waitForURL('**/login');
    });

    await scenario.step('sign in with the new password', async () => {
      const form = page.getByTestId('login-form');
      await form.getByLabel(text('en', 'login.fields.login')).fill(user.login);
      await form.getByLabel(text('en', 'login.fields.password'), { exact: true }).fill(newPassword);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL('**/login');
    });

    await scenario.step('the same link is refused the second time', async () => {
      await page.goto(link);
      const form = page.getByTestId('reset-password-form');
      await form.getByLabel(text('en', 'resetPassword.fields.password'), { exact: true }).fill('Third-lantern-99');
      await form.getByLabel(text('en', 'resetPassword.fields.password_confirmation')).fill('Third-lantern-99');
      await page.getByTestId('reset-password-submit').click();
      await page.getByText(text('en', 'auth.resetTokenInvalid')).first().waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/reset-password\//);
    });

    await scenario.close();
  });
});
