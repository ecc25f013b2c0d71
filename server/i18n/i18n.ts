/**
 * The server's translations: the same `locales/<lng>/translation.json` files the web app loads, so an
 * answer from the server and a message in the browser use the same words. Loaded once at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n as I18n } from 'i18next';
import { DAY_FORMATTER, dayFormatter } from '../../validation/day-format';

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
  // `{{date, day}}`: the day as the message's language writes it (validation/day-format.ts).
  instance.services.formatter?.add(DAY_FORMATTER, dayFormatter);
  const bound = new Map<Language, Translate>();
  for (const language of LANGUAGES) {
    const fixed = instance.getFixedT(language);
    bound.set(
      language,
      remembered((key, params): string => fixed(key, params ?? {})),
    );
  }

  return {
    forLanguage: (language) => bound.get(language) ?? (bound.get(FALLBACK_LANGUAGE) as Translate),
    pickLanguage: (header) => pickLanguage(header),
  };
}

/** Most messages one language keeps (then it starts again: a message is made again in ~20 µs). */
const REMEMBERED_MESSAGES = 20_000;

/**
 * A `t` that remembers what it answered. i18next takes 12–30 µs a message (key lookup, fallbacks, interpolation),
 * and lists translate per row: the orders list marks each order's crew problems (rules/orders.ts), ~50 messages
 * for a page of 50 rows, which was most of the server's time per row (bench/NOTES.md, issue 16 point 9). The
 * translations are loaded once at start and never change, so the same key and values always give the same text.
 */
function remembered(translate: Translate): Translate {
  const messages = new Map<string, string>();
  return (key, params) => {
    const id = params === undefined ? key : `${key}\0${JSON.stringify(params)}`;
    const known = messages.get(id);
    if (known !== undefined) return known;
    const message = translate(key, params);
    if (messages.size >= REMEMBERED_MESSAGES) messages.clear();
    messages.set(id, message);
    return message;
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
