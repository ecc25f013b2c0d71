import { describe, expect, it } from 'vitest';
import { formats } from './formats';

describe('formats', () => {
  it.each(['someone@example.com', 'first.last+tag@sub.example.co.uk', 'UPPER@EXAMPLE.COM'])('email accepts %s', (value) => {
    expect(formats.email(value)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', 'a@@b.com', 'with space@example.com', '@example.com', 'a@example..com'])('email rejects %j', (value) => {
    expect(formats.email(value)).toBe(false);
  });

  it.each(['+49 30 1234567', '+44 20 7946 0958', '+380 44 123 4567', '+1 (212) 555-0123'])('phone accepts international %s', (value) => {
    expect(formats.phone(value)).toBe(true);
  });
  it.each(['', '12', '030 1234567', '+49 30', 'not a number', '+999 123456'])('phone rejects %j', (value) => {
    expect(formats.phone(value)).toBe(false);
  });

  it.each(['driver01', 'john.doe', 'a_b-c@d', 'X'])('login accepts %s', (value) => {
    expect(formats.login(value)).toBe(true);
  });
  it.each(['', 'with space', 'ümlaut', 'semi;colon', 'tab\t'])('login rejects %j', (value) => {
    expect(formats.login(value)).toBe(false);
  });

  it.each(['Anna', 'Jean-Luc', "O'Brien", 'Müller', 'Олена', 'Μαρία', 'Mary Ann'])('letters accepts %s', (value) => {
    expect(formats.letters(value)).toBe(true);
  });
  it.each(['', 'R2D2', 'Anna!', '-Anna', 'Anna-', 'Anna  Maria', '   ', 'Anna\nMaria', 'Anna\tMaria'])('letters rejects %j', (value) => {
    expect(formats.letters(value)).toBe(false);
  });

  it('not-blank needs something other than spaces', () => {
    expect(formats['not-blank']('  x ')).toBe(true);
    expect(formats['not-blank']('   ')).toBe(false);
    expect(formats['not-blank']('')).toBe(false);
  });

  it('not-blank needs a character that shows: zero-width spaces, soft hyphens, direction marks and word joiners are blank', () => {
    for (const invisible of ['\u200b\u200b', '\u00ad', '\u202e', '\u2060\ufeff', ' \u200c\u200d\u00a0', '\u3000'])
      expect(formats['not-blank'](invisible), JSON.stringify(invisible)).toBe(false);
    for (const shown of ['Ω', '王小明', '🚚', 'a\u200b', '0']) expect(formats['not-blank'](shown), shown).toBe(true);
  });

  it.each(['UTC', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])('time-zone accepts %s', (value) => {
    expect(formats['time-zone'](value)).toBe(true);
  });
  it.each(['', 'Mars/Olympus', 'Europe/Berlin; DROP', 'x'.repeat(65)])('time-zone rejects %j', (value) => {
    expect(formats['time-zone'](value)).toBe(false);
  });

  it.each(['https://maps.example.com/route?from=Berlin&to=Kyiv', 'http://x.example', 'HTTPS://EXAMPLE.COM'])('web-address accepts %s', (value) => {
    expect(formats['web-address'](value)).toBe(true);
  });
  it.each(['', 'maps.example.com', 'javascript:alert(1)', 'ftp://x.example', 'https://a b.example', 'https://'])('web-address rejects %j', (value) => {
    expect(formats['web-address'](value)).toBe(false);
  });

  it('digits take digits only, and nothing at all', () => {
    expect(formats.digits('0042')).toBe(true);
    expect(formats.digits('')).toBe(true);
    expect(formats.digits('12 34')).toBe(false);
    expect(formats.digits('12a')).toBe(false);
  });

  it('a SWIFT/BIC code takes 8 or 11 letters and digits in either case, and nothing else', () => {
    expect(formats.swift('COBADEFFXXX')).toBe(true);
    expect(formats.swift('cobadeffxxx')).toBe(true);
    expect(formats.swift('COBADEFF')).toBe(true);
    expect(formats.swift('COBADEFFX')).toBe(false);
    expect(formats.swift('CO8ADEFFXXX')).toBe(false);
  });

  it('a document number takes Latin capitals and digits without spaces', () => {
    expect(formats['document-number']('AB1234567')).toBe(true);
    expect(formats['document-number']('ab1234567')).toBe(false);
    expect(formats['document-number']('AB 123456')).toBe(false);
    expect(formats['document-number']('ΑΒ123456')).toBe(false);
  });
});
