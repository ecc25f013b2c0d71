import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTranslator, pickLanguage } from './i18n';

describe('picking the answer language from Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR, it;q=0.5, en;q=0.4', 'it'],
    ['en;q=0.2, uk;q=0.9', 'uk'],
    ['EL', 'el'],
    ['es-419', 'es'],
    ['fr, pt', 'en'],
    ['de;q=0', 'en'],
    ['*', 'en'],
    [';;;,,,q=', 'en'],
  ])('%s → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});

describe('server translations', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function localesWith(files: Record<string, unknown>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-locales-'));
    made.push(dir);
    for (const [language, content] of Object.entries(files)) {
      fs.mkdirSync(path.join(dir, language));
      fs.writeFileSync(path.join(dir, language, 'translation.json'), JSON.stringify(content));
    }
    return dir;
  }

  it('translates with parameters and falls back to English key by key', () => {
    const dir = localesWith({
      en: { auth: { tooManyAttempts: 'Wait {{seconds}} s', loginSuccess: 'Welcome' } },
      de: { auth: { tooManyAttempts: 'Warte {{seconds}} s', loginSuccess: '' } },
    });
    const translator = createTranslator(dir);
    const t = translator.forLanguage('de');
    expect(t('auth.tooManyAttempts', { seconds: 7 })).toBe('Warte 7 s');
    expect(t('auth.loginSuccess')).toBe('Welcome'); // an empty translation is no translation
    expect(translator.forLanguage('uk')('auth.loginSuccess')).toBe('Welcome'); // no uk file at all
  });

  it('names the other date of an x-not-before message by its translated label, in each language', () => {
    const translator = createTranslator();
    const label = { label: 'passports.fields.issue_date' };
    expect(translator.forLanguage('en')('validation.notBefore', label)).toBe('Must not be earlier than “Issue date”');
    expect(translator.forLanguage('de')('validation.notBefore', label)).toMatch(/^Darf nicht vor „Ausstellungsdatum“ liegen$/);
  });

  it('does not HTML-escape parameters (answers are JSON; the mail escapes its HTML itself)', () => {
    const t = createTranslator(localesWith({ en: { auth: { resetMail: { greeting: 'Hello {{name}},' } } } })).forLanguage('en');
    expect(t('auth.resetMail.greeting', { name: "O'Brien & <Co>" })).toBe("Hello O'Brien & <Co>,");
  });

  it('answers a message asked again exactly as the first time, for each language and each set of values', () => {
    const dir = localesWith({ en: { order: { late: '{{who}} is late by {{days}} days' } }, de: { order: { late: '{{who}} ist {{days}} Tage zu spät' } } });
    const translator = createTranslator(dir);
    const [en, de] = [translator.forLanguage('en'), translator.forLanguage('de')];
    for (let round = 0; round < 3; round += 1) {
      expect(en('order.late', { who: 'Olga', days: 2 })).toBe('Olga is late by 2 days');
      expect(en('order.late', { who: 'Ivan', days: 2 })).toBe('Ivan is late by 2 days');
      expect(en('order.late', { who: 'Olga', days: '2' })).toBe('Olga is late by 2 days');
      expect(de('order.late', { who: 'Olga', days: 2 })).toBe('Olga ist 2 Tage zu spät');
      expect(en('order.late')).toBe('{{who}} is late by {{days}} days');
    }
  });
});

describe('a day in a server message', () => {
  const translator = createTranslator();
  const params = { subject: 'Anna Berg', document: 'Driving licence', date: '2026-12-07' };

  it.each([
    ['en', '2026-12-07'],
    ['de', '07.12.2026'],
    ['uk', '07.12.2026'],
    ['it', '07/12/2026'],
    ['es', '07/12/2026'],
    ['el', '07/12/2026'],
  ] as const)('is written in %s as %s', (language, shown) => {
    const message = translator.forLanguage(language)('orderCheck.expiring', params);
    expect(message).toContain(shown);
    expect(message).toContain('Anna Berg');
  });

  it('keeps a date already written out (a reminder mail’s "7 Dec 2026") as it is', () => {
    expect(translator.forLanguage('de')('reminders.mail.validUntil', { date: '7. Dez. 2026' })).toContain('7. Dez. 2026');
  });
});

describe('a limit in an error message', () => {
  const translator = createTranslator();

  it.each([
    ['en', 100_000, '100,000'],
    ['de', 100_000, '100.000'],
    ['en', 1900, '1900'],
    ['de', 12_345, '12.345'],
  ] as const)('is written in %s for %s as %s, grouped as the language groups a number of five digits or more', (language, limit, shown) => {
    expect(translator.forLanguage(language)('validation.maximum', { limit })).toContain(` ${shown}`);
  });
});
