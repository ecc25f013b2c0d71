/**
 * Refine's i18n provider over the app's i18next instance. Refine calls `translate(key, defaultMessage)`
 * as well as `translate(key, options, defaultMessage)`: both defaults are honoured, so a key without
 * a translation shows Refine's English default instead of the raw key (DESIGN.md, "Web app facts").
 */
import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18nInstance } from 'i18next';
import { changeLanguage, currentLanguage, i18n as appI18n } from '../i18n/i18n';

export function createI18nProvider(instance: I18nInstance = appI18n): I18nProvider {
  return {
    translate(key: string, options?: unknown, defaultMessage?: string): string {
      const fallback = typeof options === 'string' ? options : defaultMessage;
      const params = options !== null && typeof options === 'object' ? (options as Record<string, unknown>) : {};
      const translated = instance.t(key, { ...params, ...(fallback !== undefined ? { defaultValue: fallback } : {}) });
      return typeof translated === 'string' ? translated : key;
    },
    changeLocale: (locale: string) => (instance === appI18n ? changeLanguage(locale) : instance.changeLanguage(locale)),
    getLocale: () => (instance === appI18n ? currentLanguage() : instance.language),
  };
}

export const i18nProvider = createI18nProvider();
