import { describe, expect, it } from 'vitest';
import { offeredLanguages, switcherLanguages } from './languages';

describe('the languages a switcher offers', () => {
  it('are the five of SPEC §1, with the current language added when it is not one of them', () => {
    expect(offeredLanguages('de')).toBe(switcherLanguages);
    expect(offeredLanguages('el').map((language) => language.code)).toEqual(['es', 'de', 'it', 'uk', 'en', 'el']);
    expect(offeredLanguages('el').at(-1)?.nativeName).toBe('Ελληνικά');
  });
});
