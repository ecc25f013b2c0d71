/**
 * For unit tests: the app's i18next instance with the real English locale file, loaded synchronously.
 * Assertions then read the texts a user sees ("This field is required"), not raw keys.
 */
import { initReactI18next } from 'react-i18next';
import english from '../../locales/en/translation.json';
import { addDayFormatter, i18n } from './i18n';

export async function initTestI18n(): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: english } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    addDayFormatter(i18n);
  }
  return i18n;
}
