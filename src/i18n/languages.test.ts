import { describe, expect, it } from 'vitest';
import { languageNameIn, offeredLanguages, switcherLanguages } from './languages';

describe('the languages a switcher offers', () => {
  it('are the five of SPEC §1, with the current language added when it is not one of them', () => {
    expect(offeredLanguages('de')).toBe(switcherLanguages);
    expect(offeredLanguages('el').map((language) => language.code)).toEqual(['es', 'de', 'it', 'uk', 'en', 'el']);
    expect(offeredLanguages('el').at(-1)?.nativeName).toBe('Ελληνικά');
  });
});

describe('a language named inside a sentence', () => {
  it('is written as that sentence’s language writes it, not as the switcher’s capitalised native name', () => {
    expect(languageNameIn('es', 'es')).toBe('español');
    expect(languageNameIn('de', 'es')).toBe('alemán');
    expect(languageNameIn('it', 'it')).toBe('italiano');
    expect(languageNameIn('uk', 'uk')).toBe('українська');
    expect(languageNameIn('de', 'de')).toBe('Deutsch');
    expect(languageNameIn('en', 'en')).toBe('English');
  });
});
