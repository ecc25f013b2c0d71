/**
 * antd's own texts (pagination, pickers, empty states) in the interface language, loaded per language.
 * English (antd's built-in texts, already in antd's core) is there from the first render and stays
 * until another language's texts arrive: antd's ConfigProvider wraps its children in a LocaleProvider
 * only when it has a locale, so a locale going from none to one would remount the whole signed-in app
 * (and every list on it would ask the server for its page again).
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';
import { toSupportedLanguage, type LanguageCode } from '../i18n/languages';

/**
 * antd's pack and dayjs's locale of the same language: the date pickers take the first day of the week, the
 * weekdays' and the months' names from dayjs (rc-picker's dayjs config looks the locale up by its code, so importing it
 * is enough); without it every calendar started on Sunday, and in Italian and Greek read "Su Mo Tu", "Dec".
 */
const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<[{ default: Locale }, unknown]>> = {
  uk: () => Promise.all([import('antd/es/locale/uk_UA'), import('dayjs/locale/uk')]),
  el: () => Promise.all([import('antd/es/locale/el_GR'), import('dayjs/locale/el')]),
  it: () => Promise.all([import('antd/es/locale/it_IT'), import('dayjs/locale/it')]),
  es: () => Promise.all([import('antd/es/locale/es_ES'), import('dayjs/locale/es')]),
  de: () => Promise.all([import('antd/es/locale/de_DE'), import('dayjs/locale/de')]),
};

/**
 * antd's texts a reader would stumble on, said as the language says them: the Spanish pack's sort hints read
 * "Click para ordenar…", half English ("clic" is the Spanish word).
 */
const corrections: Partial<Record<LanguageCode, (locale: Locale) => Locale>> = {
  es: (locale) => ({
    ...locale,
    Table: {
      ...locale.Table,
      triggerDesc: 'Haz clic para ordenar de forma descendente',
      triggerAsc: 'Haz clic para ordenar de forma ascendente',
      cancelSort: 'Haz clic para quitar el orden',
    },
  }),
};

/** antd's texts and the calendars' names and week of `code`, once both have loaded. */
export async function loadAntdLocale(code: Exclude<LanguageCode, 'en'>): Promise<Locale> {
  const [antd] = await loaders[code]();
  return corrections[code]?.(antd.default) ?? antd.default;
}

export function useAntdLocale(language: string): Locale {
  const code = toSupportedLanguage(language);
  const [loaded, setLoaded] = useState<{ code: LanguageCode; locale: Locale }>({ code: 'en', locale: enUS });
  useEffect(() => {
    if (code === 'en') return;
    let current = true;
    loadAntdLocale(code)
      .then((locale) => current && setLoaded({ code, locale }))
      .catch(() => undefined); // antd keeps its English texts
    return () => {
      current = false;
    };
  }, [code]);
  return code === 'en' ? enUS : loaded.locale;
}
