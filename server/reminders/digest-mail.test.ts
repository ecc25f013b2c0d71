import { describe, expect, it } from 'vitest';
import type { ComplianceItem } from '../../resources/compliance';
import { createTranslator, LANGUAGES } from '../i18n/i18n';
import { digestMail, dueText, formatDate, type DueReminder } from './digest-mail';

const translator = createTranslator();

const item = (overrides: Partial<ComplianceItem> = {}): ComplianceItem => ({
  key: 'vehicle-document:5:2026-12-03',
  kind: 'vehicle-document',
  state: 'expiring',
  subject: { type: 'vehicle', id: 12, label: 'Truck <07> & "Co"' },
  item_id: 5,
  document_id: null,
  company_id: null,
  type_id: 2,
  type_name: 'Inspection',
  valid_until: '2026-12-03',
  days_left: 7,
  warning_days: 30,
  ...overrides,
});
const reminder = (daysLeft: number | null, overrides: Partial<ComplianceItem> = {}): DueReminder => ({
  item: item({ ...(daysLeft === null ? { valid_until: null, state: 'missing' } : {}), ...overrides }),
  daysLeft,
  step: 7,
});

describe('the digest mail', () => {
  it.each(LANGUAGES)('reads in %s, from the subject to the footer, with no key left untranslated', (language) => {
    const t = translator.forLanguage(language);
    const mail = digestMail(t, language, { email: 'anna@example.com', name: 'Anna' }, [reminder(7), reminder(null), reminder(-2)], 'https://fleet.example.com');
    expect(mail.to).toBe('anna@example.com');
    expect(mail.subject).toBe(t('reminders.mail.subject', { count: 3 }));
    for (const text of [mail.text, mail.html]) {
      expect(text).not.toMatch(/reminders\.mail\./);
      expect(text).toContain('https://fleet.example.com/transport/12?tab=documents');
      expect(text).toContain(t('reminders.mail.missing'));
    }
    expect(mail.text).toContain(t('reminders.mail.expired', { date: formatDate('2026-12-03', language) }));
  });

  it('says how many days are left with the language’s plural forms', () => {
    const uk = translator.forLanguage('uk');
    expect(dueText(uk, reminder(1), 'uk')).toBe('залишився 1 день');
    expect(dueText(uk, reminder(3), 'uk')).toBe('залишилося 3 дні');
    expect(dueText(uk, reminder(7), 'uk')).toBe('залишилося 7 днів');
    const en = translator.forLanguage('en');
    expect(dueText(en, reminder(1), 'en')).toBe('1 day left');
    expect(dueText(en, reminder(0), 'en')).toBe('expires today');
  });

  it("names a passport's and a card's type in the reader's language, a document column's as written, a contract's not at all", () => {
    const de = translator.forLanguage('de');
    const mail = digestMail(
      de,
      'de',
      { email: 'a@example.com', name: 'Anna' },
      [
        reminder(7, { kind: 'passport', type_name: 'biometric', subject: { type: 'employee', id: 3, label: 'Olga' } }),
        reminder(7, { kind: 'card', type_name: 'toll', subject: { type: 'card', id: 4, label: '7001' } }),
        reminder(7, { kind: 'contract', type_name: 'DE-2', subject: { type: 'employee', id: 3, label: 'Olga' } }),
        reminder(7),
      ],
      'https://x.test',
    );
    expect(mail.text).toContain('Reisepass · Biometrisch');
    expect(mail.text).toContain(`${de('reminders.mail.kinds.card')} · Maut`);
    expect(mail.text).toContain(`${de('reminders.mail.kinds.vehicle-document')} · Inspection`);
    expect(mail.text).not.toMatch(/biometric|toll|DE-2/);
  });

  it('escapes every value it puts into the HTML', () => {
    const t = translator.forLanguage('en');
    const mail = digestMail(t, 'en', { email: 'a@example.com', name: '<b>Eve</b>' }, [reminder(7, { type_name: '<script>x</script>' })], 'https://x.test');
    expect(mail.html).toContain('Truck &lt;07&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toMatch(/<script>|<b>Eve/);
    // The text part is plain text: as it is.
    expect(mail.text).toContain('Truck <07> & "Co"');
  });
});
