/**
 * How a calendar day is written in each language, for the web app's pages and the server's messages alike ("expires on
 * 07.12.2026"): day first with dots in German and Ukrainian, with slashes in Greek, Italian and Spanish. English keeps
 * the ISO form (2026-12-07): an English interface is read in Britain and across the continent alike, and 07/12 would be
 * the 7th of December to one reader and July to another. Stored and sent days stay ISO whatever the language.
 */
export const isoDayFormat = 'YYYY-MM-DD';

const dayFormats: Readonly<Record<string, string>> = {
  en: isoDayFormat,
  uk: 'DD.MM.YYYY',
  el: 'DD/MM/YYYY',
  it: 'DD/MM/YYYY',
  es: 'DD/MM/YYYY',
  de: 'DD.MM.YYYY',
};

/** The form a day is shown in for `language` ("de-AT" reads as German; a language without its own form, as ISO). */
export function dayFormatOf(language: string): string {
  return dayFormats[language.toLowerCase().split(/[-_]/)[0]] ?? isoDayFormat;
}

/**
 * A stored day ('2026-12-07', or a timestamp whose first ten characters are one) in `language`'s form. Done on the text,
 * not through a Date, so no time zone can move it to the day before. Anything else is given back as it came.
 */
export function showDay(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return dayFormatOf(language).replace('YYYY', year).replace('MM', month).replace('DD', day);
}

/** The i18next formatter that writes `{{date, day}}` in a message this way (added to the web app's and the server's instances). */
export const DAY_FORMATTER = 'day';
export const dayFormatter = (value: unknown, language: string | undefined) =>
  typeof value === 'string' ? showDay(value, language ?? 'en') : typeof value === 'number' ? String(value) : '';
