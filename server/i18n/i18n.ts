/**
 * The server's translations: the same `locales/<lng>/translation.json` files the web app loads, so an
 * answer from the server and a message in the browser use the same words. Loaded once at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n as I18n } from 'i18next';

export const LANGUAGES = ['en', 'uk', 'el', 'it', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url));

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslateParams) => string;

export interface Translator {
  /** A `t` bound to one language. */
  forLanguage(language: Language): Translate;
  /** The best supported language for an `Accept-Language` header; English when none fits. */
  pickLanguage(acceptLanguage: string | undefined): Language;
}

function loadResources(localesDir: string) {
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const language of LANGUAGES) {
    const file = path.join(localesDir, language, 'translation.json');
    // A language whose file is not there yet falls back to English, key by key.
    if (!fs.existsSync(file)) continue;
    resources[language] = { translation: JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown> };
  }
  return resources;
}

export function createTranslator(localesDir = LOCALES_DIR): Translator {
  const instance: I18n = i18next.createInstance();
  void instance.init({
    resources: loadResources(localesDir),
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // Answers are JSON, not HTML: the mail template escapes what it puts into HTML itself.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    returnNull: false,
  });
  const bound = new Map<Language, Translate>();
  for (const language of LANGUAGES) {
    const fixed = instance.getFixedT(language);
    bound.set(language, (key, params): string => fixed(key, params ?? {}));
  }

  return {
    forLanguage: (language) => bound.get(language) ?? (bound.get(FALLBACK_LANGUAGE) as Translate),
    pickLanguage: (header) => pickLanguage(header),
  };
}

/** Parses `de-DE,de;q=0.9,en;q=0.8` by quality, matching on the primary subtag. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  const candidates = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = quality ? Number(quality.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((candidate) => candidate.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = candidates.find((candidate) => (LANGUAGES as readonly string[]).includes(candidate.language));
  return (match?.language as Language | undefined) ?? FALLBACK_LANGUAGE;
}
