import { describe, expect, it } from 'vitest';
import { daysLeft, expiryStateOf, worstOf } from './expiry';

describe('expiry indicator', () => {
  const today = '2026-11-25';

  it('is expired from the day after the end date, expiring soon within the threshold, good beyond it', () => {
    expect(expiryStateOf('2026-11-24', 30, today)).toBe('expired');
    expect(expiryStateOf('2026-11-25', 30, today)).toBe('expiring');
    expect(expiryStateOf('2026-12-25', 30, today)).toBe('expiring');
    expect(expiryStateOf('2026-12-26', 30, today)).toBe('good');
    // The threshold is the document type's own.
    expect(expiryStateOf('2026-12-05', 7, today)).toBe('good');
    expect(expiryStateOf('2026-12-02', 7, today)).toBe('expiring');
  });

  it('has no state without an end date', () => {
    expect(expiryStateOf(undefined, 30, today)).toBeUndefined();
    expect(expiryStateOf('', 30, today)).toBeUndefined();
  });

  it('counts whole days across a change of daylight saving time', () => {
    expect(daysLeft('2027-04-01', '2027-03-01')).toBe(31);
    expect(daysLeft('2026-11-20', today)).toBe(-5);
  });

  it('names the worst state of several', () => {
    expect(worstOf(['good', 'expiring', undefined])).toBe('expiring');
    expect(worstOf(['good', 'expired', 'expiring'])).toBe('expired');
    expect(worstOf([undefined])).toBeUndefined();
  });
});
