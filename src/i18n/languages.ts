/**
 * Languages of the interface (SPEC §1). Greek is translated and can be detected (browser setting,
 * ?lng=el), but the switcher offers only the five languages the specification lists.
 */
export const supportedLanguages = ['en', 'uk', 'el', 'it', 'es', 'de'] as const;
export type LanguageCode = (typeof supportedLanguages)[number];

export const fallbackLanguage: LanguageCode = 'en';

/** Offered in the language switcher, in the specification's order, each under its own native name. */
export const switcherLanguages: ReadonlyArray<{ code: LanguageCode; nativeName: string }> = [
  { code: 'es', nativeName: 'Español' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'uk', nativeName: 'Українська' },
  { code: 'en', nativeName: 'English' },
];

/** Native names of every supported language (Greek shows its own name where the current one is shown). */
export const nativeLanguageNames: Record<LanguageCode, string> = {
  en: 'English',
  uk: 'Українська',
  el: 'Ελληνικά',
  it: 'Italiano',
  es: 'Español',
  de: 'Deutsch',
};

/**
 * A language's name as a sentence of `inLanguage` writes it ("los correos llegan en español", not "Español"):
 * the runtime's CLDR names, the native name where the runtime has none.
 */
export function languageNameIn(code: LanguageCode, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? nativeLanguageNames[code];
  } catch {
    return nativeLanguageNames[code];
  }
}

/**
 * The switcher's languages, with the current one added when it is not among them (Greek, detected or chosen in
 * the settings: SPEC §1 does not offer it in the switcher, but the switcher must still show it as chosen).
 */
export function offeredLanguages(current: LanguageCode): ReadonlyArray<{ code: LanguageCode; nativeName: string }> {
  return switcherLanguages.some((language) => language.code === current)
    ? switcherLanguages
    : [...switcherLanguages, { code: current, nativeName: nativeLanguageNames[current] }];
}

/** "de-AT" → "de"; anything unsupported → English. */
export function toSupportedLanguage(language: string | undefined | null): LanguageCode {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return (supportedLanguages as readonly string[]).includes(base) ? (base as LanguageCode) : fallbackLanguage;
}
