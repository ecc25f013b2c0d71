/** Calendar days in each language's own form, and the forms a picker reads. */
import { describe, expect, it } from 'vitest';
import { dayFormatOf, pickerFormatsOf, showDay } from './calendar-day';

describe('a calendar day as each language writes it', () => {
  it.each([
    ['en', '2026-12-07'],
    ['de', '07.12.2026'],
    ['uk', '07.12.2026'],
    ['el', '07/12/2026'],
    ['it', '07/12/2026'],
    ['es', '07/12/2026'],
    ['de-AT', '07.12.2026'],
    ['fr', '2026-12-07'],
  ])('shows 7 December 2026 in %s as %s', (language, shown) => {
    expect(showDay('2026-12-07', language)).toBe(shown);
  });

  it('shows the day of a timestamp from its text, so no time zone moves it to the day before', () => {
    expect(showDay('2026-12-07T00:30:00+02:00', 'de')).toBe('07.12.2026');
  });

  it('leaves anything that is not a day as it came', () => {
    expect(showDay('soon', 'de')).toBe('soon');
  });

  it("puts the language's own form first in a picker, so the picker shows it, and still reads the others", () => {
    expect(pickerFormatsOf('de')[0]).toBe('DD.MM.YYYY');
    expect(pickerFormatsOf('it')[0]).toBe('DD/MM/YYYY');
    expect(pickerFormatsOf('en')[0]).toBe('YYYY-MM-DD');
    for (const language of ['en', 'de', 'it']) {
      const formats = pickerFormatsOf(language);
      expect(formats).toEqual(expect.arrayContaining(['YYYY-MM-DD', 'DD.MM.YYYY', 'D.M.YYYY', 'DD/MM/YYYY', 'D/M/YYYY']));
      expect(new Set(formats).size).toBe(formats.length);
    }
    expect(dayFormatOf('uk')).toBe('DD.MM.YYYY');
    // The same array at every ask, so a picker's `format` does not change at each redraw.
    expect(pickerFormatsOf('de')).toBe(pickerFormatsOf('de-AT'));
  });
});
