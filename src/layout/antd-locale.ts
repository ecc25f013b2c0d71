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

const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Locale }>> = {
  uk: () => import('antd/es/locale/uk_UA'),
  el: () => import('antd/es/locale/el_GR'),
  it: () => import('antd/es/locale/it_IT'),
  es: () => import('antd/es/locale/es_ES'),
  de: () => import('antd/es/locale/de_DE'),
};

export function useAntdLocale(language: string): Locale {
  const code = toSupportedLanguage(language);
  const [loaded, setLoaded] = useState<{ code: LanguageCode; locale: Locale }>({ code: 'en', locale: enUS });
  useEffect(() => {
    if (code === 'en') return;
    let current = true;
    loaders[code]()
      .then((module) => current && setLoaded({ code, locale: module.default }))
      .catch(() => undefined); // antd keeps its English texts
    return () => {
      current = false;
    };
  }, [code]);
  return code === 'en' ? enUS : loaded.locale;
}
