import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { formats } from './formats';
import { COUNTRY_CODES, CURRENCY_CODES } from './reference-codes';

describe('the codes of country and currency fields', () => {
  it('are exactly the codes the lookups offer', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
    expect([...CURRENCY_CODES].sort()).toEqual(currencyCodes.codes().slice().sort());
  });

  it('are what the formats take, in capitals', () => {
    for (const code of ['DE', 'UA', 'GR', 'XK']) expect(formats.country(code), code).toBe(true);
    for (const code of ['ZZ', 'de', 'D', 'DEU', '']) expect(formats.country(code), code).toBe(false);
    for (const code of ['EUR', 'UAH', 'PLN']) expect(formats.currency(code), code).toBe(true);
    for (const code of ['ZZZ', 'eur', 'EU']) expect(formats.currency(code), code).toBe(false);
  });
});
