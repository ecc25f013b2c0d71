import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/i18n';
import { en } from '../test-support/locale-text';
import { resetLink, resetMail } from './reset-mail';

describe('the reset mail', () => {
  const t = createTranslator().forLanguage('en');

  it('links to the reset page with the token and the e-mail encoded', () => {
    expect(resetLink('https://fleet.example.com', 'tok_en-1', 'a+b@example.com')).toBe('https://fleet.example.com/reset-password/tok_en-1/a%2Bb%40example.com');
  });

  it('opens the reset page in the language the mail was written in', () => {
    expect(resetLink('https://fleet.example.com', 'tok', 'a@example.com', 'uk')).toBe('https://fleet.example.com/reset-password/tok/a%40example.com?lng=uk');
  });

  it('has a subject, a plain-text and an HTML body with the link', () => {
    const mail = resetMail(t, 'a@example.com', 'Anna', 'https://x.test/reset-password/t/a%40example.com');
    expect(mail.subject).toBe(en('auth.resetMail.subject'));
    expect(mail.text).toContain(en('auth.resetMail.greeting', { name: 'Anna' }));
    expect(mail.text).toContain('https://x.test/reset-password/t/a%40example.com');
    expect(mail.html).toContain('<a href="https://x.test/reset-password/t/a%40example.com">');
  });

  it('escapes what it puts into the HTML', () => {
    const mail = resetMail(t, 'a@example.com', '<b>Eve</b> & "Co"', 'https://x.test/r?a=1&b=2');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('href="https://x.test/r?a=1&amp;b=2"');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });
});
