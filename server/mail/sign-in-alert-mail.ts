/**
 * The mail to an account's owner after repeated failed sign-ins (server/auth/sign-in-throttle.ts), in the
 * member's language (keys auth.signInAlert.*): how many failures, that the account is not locked, and where to
 * change the password if it was not them. It names no address or time of the attempts: the count is enough
 * to act on, and the mail reveals nothing to someone reading it over the owner's shoulder.
 */
import type { Translate } from '../i18n/i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

export function signInAlertMail(t: Translate, options: { to: string; name: string; login: string; failures: number; appUrl: string }): MailMessage {
  const link = `${options.appUrl}/security`;
  const greeting = t('auth.signInAlert.greeting', { name: options.name });
  const body = t('auth.signInAlert.body', { count: options.failures, login: options.login });
  const notLocked = t('auth.signInAlert.notLocked');
  const advice = t('auth.signInAlert.advice');
  return {
    to: options.to,
    subject: t('auth.signInAlert.subject'),
    text: `${greeting}\n\n${body}\n\n${notLocked}\n\n${advice}\n${link}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(notLocked)}</p>` +
      `<p>${escapeHtml(advice)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></body></html>`,
  };
}
