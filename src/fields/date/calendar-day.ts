/**
 * Calendar days as the member reads and types them. A day is stored and sent as 'YYYY-MM-DD' in every language; it is
 * shown in the interface language's own form (validation/day-format.ts: 07.12.2026 in German, 07/12/2026 in Italian) and may be
 * typed in that form, in the stored one, or day first with dots or slashes whatever the language.
 */
import { useTranslation } from 'react-i18next';
import { dayFormatOf, isoDayFormat, showDay } from '../../../validation/day-format';

export { dayFormatOf, showDay } from '../../../validation/day-format';

export const dateFormat = isoDayFormat;

/**
 * What a typed date may look like besides the language's own form: the stored form, and day first as it is written
 * in Germany, Italy, Spain, Ukraine and Greece (`01.12.2026`, `01/12/2026`). Before, such a date was emptied without a
 * word on leaving the field.
 */
export const typedDateFormats = [dateFormat, 'DD.MM.YYYY', 'D.M.YYYY', 'DD/MM/YYYY', 'D/M/YYYY'];

const pickerFormats = new Map<string, string[]>();

/**
 * A date picker's `format`: the language's form first (antd shows the day in the first), then every form it may be typed
 * in. One array per form, made once: every picker of a page asks for it at every redraw.
 */
export function pickerFormatsOf(language: string): string[] {
  const own = dayFormatOf(language);
  let formats = pickerFormats.get(own);
  if (!formats) {
    formats = [own, ...typedDateFormats.filter((format) => format !== own)];
    pickerFormats.set(own, formats);
  }
  return formats;
}

/** The current language's day: `show` for text, `picker` for an antd DatePicker's or RangePicker's `format`. */
export function useCalendarDay(): { show: (value: string) => string; picker: string[] } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return { show: (value) => showDay(value, language), picker: pickerFormatsOf(language) };
}
