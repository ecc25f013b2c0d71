import { describe, expect, it } from 'vitest';
import { containsFolded, foldText } from './fold-text';

describe('foldText', () => {
  it.each([
    ['Café Müller', 'cafe muller'],
    ['Straße', 'strasse'],
    ['ΔΟΥΝΑΒΗΣ', 'δουναβησ'],
    ['Δούναβης', 'δουναβησ'],
    ['José Núñez', 'jose nunez'],
    ['Škoda Dvořák', 'skoda dvorak'],
    ['Ærø Łódź Đakovo Œuvre Þór', 'aero lodz dakovo oeuvre thor'],
    ['Київ, вул. Йорданська', 'київ, вул. йорданська'],
    ['５０％ ＿', '50% _'],
  ])('folds %s as the server does (%s)', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('finds a text typed without its accents, or in another case, and nothing else', () => {
    expect(containsFolded('Škoda', 'skod')).toBe(true);
    expect(containsFolded('Citroën', 'CITROEN')).toBe(true);
    expect(containsFolded('Ενεργός', 'ενεργος')).toBe(true);
    expect(containsFolded('Київ', 'кии')).toBe(false);
    expect(containsFolded('Volvo', 'skoda')).toBe(false);
  });
});
