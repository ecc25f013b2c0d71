/**
 * The daily digest mail, in the member's language (keys reminders.mail.*), as text and HTML: one line per
 * obligation with its subject, kind, type, end date, how many days are left (or that it expired or is
 * missing) and a link to the record to fix. Every value put into the HTML is escaped.
 */
import { obligationTypeName, type ComplianceItem } from '../../resources/compliance';
import type { Language, Translate } from '../i18n/i18n';
import type { MailMessage } from '../mail/mailer';
import { itemLink } from './item-links';

export interface DueReminder {
  item: ComplianceItem;
  /** Days from the member's local date to the end date (null: missing). */
  daysLeft: number | null;
  step: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** The end date as the member reads dates ('3 Dec 2026', '03.12.2026' …); the calendar date, whatever the zone. */
export function formatDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** "12 days left", "due today", "expired on …", "missing". */
export function dueText(t: Translate, reminder: DueReminder, language: Language): string {
  const { item, daysLeft } = reminder;
  if (item.valid_until === null || daysLeft === null) return t('reminders.mail.missing');
  if (daysLeft < 0) return t('reminders.mail.expired', { date: formatDate(item.valid_until, language) });
  if (daysLeft === 0) return t('reminders.mail.dueToday');
  return t('reminders.mail.daysLeft', { count: daysLeft });
}

interface Line {
  subject: string;
  what: string;
  until: string;
  due: string;
  link: string;
}

function lineOf(t: Translate, language: Language, appUrl: string, reminder: DueReminder): Line {
  const { item } = reminder;
  const subjectType = t(`reminders.mail.subjects.${item.subject.type}`);
  const kind = t(`reminders.mail.kinds.${item.kind}`);
  const type = obligationTypeName(item, t);
  return {
    subject: `${subjectType}: ${item.subject.label ?? `#${item.subject.id}`}`,
    what: type ? `${kind} · ${type}` : kind,
    until: item.valid_until ? t('reminders.mail.validUntil', { date: formatDate(item.valid_until, language) }) : '',
    due: dueText(t, reminder, language),
    link: itemLink(appUrl, item),
  };
}

export function digestMail(
  t: Translate,
  language: Language,
  recipient: { email: string; name: string },
  reminders: DueReminder[],
  appUrl: string,
): MailMessage {
  const lines = reminders.map((reminder) => lineOf(t, language, appUrl, reminder));
  const greeting = t('reminders.mail.greeting', { name: recipient.name });
  const intro = t('reminders.mail.intro');
  const open = t('reminders.mail.open');
  const settingsLink = `${appUrl}/settings`;
  const footer = t('reminders.mail.footer');
  const textLines = lines.map((line) => `- ${[line.subject, line.what, line.until, line.due].filter(Boolean).join(' — ')}\n  ${line.link}`);
  const htmlLines = lines.map(
    (line) =>
      `<li style="margin-bottom:8px"><strong>${escapeHtml(line.subject)}</strong> — ${escapeHtml(line.what)}` +
      `${line.until ? ` — ${escapeHtml(line.until)}` : ''} — <strong>${escapeHtml(line.due)}</strong><br>` +
      `<a href="${escapeHtml(line.link)}">${escapeHtml(open)}</a></li>`,
  );
  return {
    to: recipient.email,
    subject: t('reminders.mail.subject', { count: reminders.length }),
    text: `${greeting}\n\n${intro}\n\n${textLines.join('\n')}\n\n${footer}\n${settingsLink}\n`,
    html:
      `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${htmlLines.join('')}</ul>` +
      `<p style="color:#666">${escapeHtml(footer)} <a href="${escapeHtml(settingsLink)}">${escapeHtml(settingsLink)}</a></p></body></html>`,
  };
}
