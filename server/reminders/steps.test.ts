import { describe, expect, it } from 'vitest';
import { daysBetween, localClock, normalizeSteps, reachedStep } from './steps';

describe('reminder steps', () => {
  const steps = [30, 14, 7, 1, 0];

  it('gives an obligation the smallest step at or above its days left', () => {
    expect(reachedStep(31, steps)).toBeNull();
    expect(reachedStep(30, steps)).toBe(30);
    expect(reachedStep(20, steps)).toBe(30);
    expect(reachedStep(14, steps)).toBe(14);
    expect(reachedStep(8, steps)).toBe(14);
    expect(reachedStep(2, steps)).toBe(7);
    expect(reachedStep(1, steps)).toBe(1);
    expect(reachedStep(0, steps)).toBe(0);
  });

  it('counts what has expired or is missing as on the day', () => {
    expect(reachedStep(-40, steps)).toBe(0);
    expect(reachedStep(null, steps)).toBe(0);
    // Without a step on the day, the smallest one the member chose.
    expect(reachedStep(-3, [14, 7])).toBe(7);
    expect(reachedStep(null, [14, 7])).toBe(7);
  });

  it('keeps steps unique, largest first', () => {
    expect(normalizeSteps([1, 30, 7, 30, 0])).toEqual([30, 7, 1, 0]);
  });
});

describe('a member’s clock', () => {
  const instant = new Date('2026-11-26T22:30:00Z');

  it('reads the local date and hour in the member’s time zone', () => {
    expect(localClock(instant, 'UTC')).toEqual({ date: '2026-11-26', hour: 22 });
    expect(localClock(instant, 'Europe/Kyiv')).toEqual({ date: '2026-11-27', hour: 0 });
    expect(localClock(instant, 'America/New_York')).toEqual({ date: '2026-11-26', hour: 17 });
  });

  it('counts whole days between dates, across a change of daylight saving time', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-26', '2026-11-20')).toBe(-6);
  });
});
