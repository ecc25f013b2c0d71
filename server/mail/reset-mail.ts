/** The password-reset mail, in the language of the request that asked for it (keys auth.resetMail.*). */
import type { Translate } from '../i18n/i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** The reset page's address; with `language`, the page opens in the mail's language (`?lng=`, the web app's detector). */
export function resetLink(appUrl: string, token: string, email: string, language?: string): string {
  return `${appUrl}/reset-password/${token}/${encodeURIComponent(email)}${language ? `?lng=${encodeURIComponent(language)}` : ''}`;
}

export function resetMail(t: Translate, to: string, name: string, link: string): MailMessage {
  const greeting = t('auth.resetMail.greeting', { name });
  const body = t('auth.resetMail.body');
  const ignore = t('auth.resetMail.ignore');
  return {
    to,
    subject: t('auth.resetMail.subject'),
    text: `${greeting}\n\n${body}\n\n${link}\n\n${ignore}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="color:#666">${escapeHtml(ignore)}</p></body></html>`,
  };
}
