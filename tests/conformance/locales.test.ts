/**
 * Every text exists in all six languages as a real translation: a key missing in any language, a value
 * left empty or left in English, or an interpolation parameter lost in translation fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['en', 'uk', 'el', 'it', 'es', 'de'] as const;
// Tests run from the repository root (vitest's root); happy-dom turns import.meta.url into an http URL.
const localesFolder = join(process.cwd(), 'locales/');

/**
 * Values that are the same word in English and in another language on purpose (brand names, codes,
 * words that languages borrow). Keyed by language, then by the full key.
 */
const SAME_AS_ENGLISH_ALLOWED: Record<string, string[]> = JSON.parse(readFileSync(`${localesFolder}same-as-english.json`, 'utf8'));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [nestedKey, nestedValue] of flatten(value, path)) result.set(nestedKey, nestedValue);
  }
  return result;
}

function load(language: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(`${localesFolder}${language}/translation.json`, 'utf8')) as Tree);
}

const parametersOf = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
// A value with no letters (a number, a URL pattern, punctuation) cannot be "left in English".
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

const english = load('en');

// Plural texts are i18next's `<key>_<category>`: each language has the categories of its own plural rules
// (Ukrainian: one, few, many, other; English: one, other), so they are compared as a group.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const englishPlurals = new Set([...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));

/** The keys a language must have: English's, with each plural text in that language's own categories. */
function expectedKeys(language: string): Set<string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = [...english.keys()].filter((key) => !(PLURAL_SUFFIX.test(key) && englishPlurals.has(key.replace(PLURAL_SUFFIX, ''))));
  for (const base of englishPlurals) keys.push(...categories.map((category) => `${base}_${category}`));
  return new Set(keys);
}

describe('locales', () => {
  it('English has texts', () => {
    expect(english.size).toBeGreaterThan(50);
  });

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    describe(language, () => {
      const translated = load(language);
      const allowed = new Set(SAME_AS_ENGLISH_ALLOWED[language] ?? []);

      const expected = expectedKeys(language);

      it('has every English key (plural texts in the forms its language needs)', () => {
        const missing = [...expected].filter((key) => !translated.has(key));
        expect(missing).toEqual([]);
      });

      it('has no key that English lacks', () => {
        const extra = [...translated.keys()].filter((key) => !expected.has(key));
        expect(extra).toEqual([]);
      });

      it('translates every text instead of leaving it empty or in English', () => {
        const untranslated = [...english].filter(([key, englishText]) => {
          const text = translated.get(key);
          if (text === undefined) return false; // reported by the missing-key test
          if (text.trim() === '') return true;
          return text === englishText && hasWords(englishText) && !allowed.has(key);
        });
        expect(untranslated.map(([key]) => key)).toEqual([]);
      });

      it('keeps the interpolation parameters of every text', () => {
        const broken = [...english].filter(([key, englishText]) => {
          const text = translated.get(key);
          return text !== undefined && parametersOf(text).join() !== parametersOf(englishText).join();
        });
        expect(broken.map(([key]) => key)).toEqual([]);
      });
    });
  }
});
