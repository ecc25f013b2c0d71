/** The passports an employee's card counts, as the compliance page counts them: a replaced one does not. */
import { describe, expect, it } from 'vitest';
import { currentPassports } from './current-passports';

describe('the passports that count', () => {
  it('leaves out one that a later passport of the same type replaced, and keeps those of other types', () => {
    const old = { id: 1, type: 'biometric', expiration_date: '2024-11-01' };
    const renewed = { id: 2, type: 'biometric', expiration_date: '2032-08-27' };
    const foreign = { id: 3, type: 'foreign', expiration_date: '2024-01-01' };
    expect(currentPassports([old, renewed, foreign])).toEqual([renewed, foreign]);
  });

  it('keeps a passport without a day, and each of two that expire the same day', () => {
    const undated = { id: 1, type: 'biometric' };
    const one = { id: 2, type: 'internal', expiration_date: '2030-01-01' };
    const other = { id: 3, type: 'internal', expiration_date: '2030-01-01' };
    expect(currentPassports([undated, one, other])).toEqual([undated, one, other]);
  });
});
