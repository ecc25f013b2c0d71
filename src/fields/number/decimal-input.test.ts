import { describe, expect, it } from 'vitest';
import { decimalMarkOf, parseDecimal } from './decimal-input';

describe('numbers typed in the member language', () => {
  it('knows each language’s decimal mark', () => {
    expect(['en', 'de', 'it', 'es', 'el', 'uk'].map(decimalMarkOf)).toEqual(['.', ',', ',', ',', ',', ',']);
  });

  it.each([
    ['1234,56', ',', '1234.56'],
    ['12,5', ',', '12.5'],
    ['12.5', ',', '12.5'],
    ['1.234,56', ',', '1234.56'],
    ['1 234,5', ',', '1234.5'],
    ['8,5', ',', '8.5'],
    ['1.234', ',', '1234'],
    ['-5', ',', '-5'],
    ['1234.56', '.', '1234.56'],
    ['1,234.56', '.', '1234.56'],
    ['1,234', '.', '1234'],
    ['12,5', '.', '12.5'],
    ['1e3', '.', '1e3'],
    ['1.234.567', '.', '1234567'],
    ['1.234.567', ',', '1234567'],
    ['1,234,567', '.', '1234567'],
    ['1,234,567', ',', '1234567'],
    ['1.23.4', '.', 'NaN'],
    ['250.000', ',', '250000'],
    ['250.000', '.', '250.000'],
  ])('%j with %j as the decimal mark reads %j', (typed, mark, read) => {
    expect(parseDecimal(typed, mark)).toBe(read);
  });
});
