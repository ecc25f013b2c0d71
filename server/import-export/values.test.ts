/**
 * Cells as people write them (import-values.ts) and text a spreadsheet must not run (table-writers.ts).
 */
import { describe, expect, it } from 'vitest';
import { ambiguousDate, dateText, numberOf } from './import-values';
import { csvConventions, neutralised, unneutralised } from './table-writers';

describe('reading a cell as a number', () => {
  it.each([
    [42, 42],
    ['42', 42],
    ['-3.5', -3.5],
    ['3,5', 3.5],
    ['1 234,50', 1234.5],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ["12'500", 12500],
    ['12 t', '12 t'],
    ['1,2,3', '1,2,3'],
  ])('%s → %s', (cell, value) => {
    expect(numberOf(cell)).toBe(value);
  });
});

describe('reading a number as the file’s language writes it', () => {
  it.each([
    // German, Ukrainian, Greek, Spanish, Italian: a decimal comma, points between thousands.
    ['2.500', ',', 2500],
    ['1.234.567', ',', 1234567],
    ['2.500,75', ',', 2500.75],
    ['2,5', ',', 2.5],
    ['1,234', ',', 1.234],
    // A point that cannot group thousands is a decimal point (a file written by a program).
    ['2.5', ',', 2.5],
    // English: a decimal point, commas between thousands.
    ['1,500', '.', 1500],
    ['1,234,567.5', '.', 1234567.5],
    ['1.234', '.', 1.234],
    ['3,5', '.', 3.5],
  ] as const)('%s with the decimal mark %s → %s', (cell, decimal, value) => {
    expect(numberOf(cell, decimal)).toBe(value);
  });
});

describe('reading a slashed date in English', () => {
  it('takes the month first where only that fits, and the day first where only that fits', () => {
    expect(dateText('12/15/2026', 'en')).toBe('2026-12-15');
    expect(dateText('15/12/2026', 'en')).toBe('2026-12-15');
    expect(dateText('5/5/2026', 'en')).toBe('2026-05-05');
  });

  it('calls a date ambiguous where both numbers could be the month, in English only', () => {
    expect(ambiguousDate('1/5/2026', 'en')).toBe(true);
    expect(ambiguousDate('12/01/2026', 'en')).toBe(true);
    expect(ambiguousDate('12/15/2026', 'en')).toBe(false);
    expect(ambiguousDate('5/5/2026', 'en')).toBe(false);
    expect(ambiguousDate('01.05.2026', 'en')).toBe(false);
    expect(ambiguousDate('1/5/2026', 'de')).toBe(false);
    expect(dateText('1/5/2026', 'de')).toBe('2026-05-01');
  });
});

describe('reading a cell as a date', () => {
  it.each([
    ['2027-03-31', '2027-03-31'],
    ['2027-03-31T10:00:00Z', '2027-03-31'],
    ['31.03.2027', '2027-03-31'],
    ['1/3/2027', '2027-03-01'],
    ['31-03-2027', '2027-03-31'],
    ['next week', 'next week'],
  ])('%s → %s', (cell, value) => {
    expect(dateText(cell)).toBe(value);
  });

  it('takes a date cell as its calendar day in UTC', () => {
    expect(dateText(new Date(Date.UTC(2027, 11, 31)))).toBe('2027-12-31');
  });

  it('reads a date a spreadsheet keeps as a number (a cell formatted "General") as the day Excel counts it', () => {
    expect(dateText(45000)).toBe('2023-03-15');
    expect(dateText(46391.75)).toBe('2027-01-04');
    expect(dateText(61)).toBe('1900-03-01');
    // Too small or too large to be a date: left to the schema to refuse.
    expect(dateText(7)).toBe('7');
    expect(dateText(3_000_000)).toBe('3000000');
  });
});

describe('text a spreadsheet would run', () => {
  it.each(['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=cmd|"/c calc"!A0'])('%j gets a leading quote', (text) => {
    expect(neutralised(text)).toBe(`'${text}`);
  });

  it.each(['Krone', 'TR-001', 'a=b', ''])('%j stays as it is', (text) => {
    expect(neutralised(text)).toBe(text);
  });

  it.each(['=1+1', '+49 30 1234567', '-A12', '@SUM(A1)', 'Krone', "'quoted", "'"])('%j read back from a file is the text written', (text) => {
    expect(unneutralised(neutralised(text))).toBe(text);
  });
});

describe('a CSV file in the member’s language', () => {
  it('separates cells with ";" and writes decimals with a comma where the language’s decimal mark is a comma, as its Excel reads it', () => {
    expect(csvConventions('en')).toEqual({ delimiter: ',', decimal: '.' });
    for (const language of ['de', 'uk', 'el', 'es', 'it']) expect(csvConventions(language)).toEqual({ delimiter: ';', decimal: ',' });
    expect(csvConventions('not a language')).toEqual({ delimiter: ',', decimal: '.' });
  });
});
