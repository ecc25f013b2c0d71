/** antd's own texts (pagination, pickers, empty states) in the interface language, loaded per language. */
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { toSupportedLanguage, type LanguageCode } from '../i18n/languages';

const loaders: Record<LanguageCode, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  uk: () => import('antd/es/locale/uk_UA'),
  el: () => import('antd/es/locale/el_GR'),
  it: () => import('antd/es/locale/it_IT'),
  es: () => import('antd/es/locale/es_ES'),
  de: () => import('antd/es/locale/de_DE'),
};

export function useAntdLocale(language: string): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let current = true;
    loaders[toSupportedLanguage(language)]()
      .then((module) => current && setLocale(module.default))
      .catch(() => current && setLocale(undefined)); // antd falls back to its English texts
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}
