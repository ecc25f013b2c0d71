/**
 * One i18next instance for the whole web app. `initI18n()` wires the HTTP loader and the browser
 * language detector exactly as SPEC §1 describes; tests initialise the same instance with in-memory
 * resources instead (see test-i18n.ts), so no component needs to know which one it got.
 */
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DAY_FORMATTER, dayFormatter } from '../../validation/day-format';
import { fallbackLanguage, supportedLanguages, toSupportedLanguage } from './languages';

export const i18n = i18next.createInstance();

/** Local-storage key of the chosen language (SPEC: "kept in browser local storage under a language key"). */
export const languageStorageKey = 'language';

/** The language the interface is shown in right now, reduced to a supported code. */
export function currentLanguage(): string {
  return toSupportedLanguage(i18n.language ?? i18n.resolvedLanguage);
}

function followLanguageInDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupportedLanguage(language);
}

/** `{{date, day}}` in a message writes the day as the language does (validation/day-format.ts); init makes the formatter this adds to. */
export function addDayFormatter(instance: typeof i18n): void {
  instance.services.formatter?.add(DAY_FORMATTER, dayFormatter);
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', followLanguageInDocument);
  const loading = i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      // The loader retries a failed read up to 5 times, waiting 350 ms and doubling, at most 10 reads at once.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        // Locale files are small and change with each release: let the browser revalidate them.
        requestOptions: { cache: 'no-cache' },
      },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: languageStorageKey,
        lookupSessionStorage: languageStorageKey,
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  addDayFormatter(i18n);
  return loading;
}

/**
 * Resolves as soon as the interface language is decided (the detector has run), which is before its
 * translations have arrived: requests whose answers are only shown later can start in parallel with them.
 */
export function languageKnown(): Promise<void> {
  if (i18n.language) return Promise.resolve();
  return new Promise((resolve) => {
    const decided = () => {
      i18n.off('languageChanging', decided);
      // i18next sets the language right after announcing it, in the same task.
      queueMicrotask(resolve);
    };
    i18n.on('languageChanging', decided);
  });
}

/** Switches the interface language; the detector caches the choice in local storage. */
export function changeLanguage(language: string): Promise<unknown> {
  return i18n.changeLanguage(toSupportedLanguage(language));
}
