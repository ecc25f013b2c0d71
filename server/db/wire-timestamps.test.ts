/** PostgreSQL's timestamp text rearranged as the wire's ISO text (wire-timestamps.ts): the same text a Date gives, without one. */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './wire-timestamps';

const viaDate = (text: string) => (pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date)(text).toISOString();

describe('isoTimestamp', () => {
  it.each([
    ['2026-11-24 12:34:56.789123+00', '2026-11-24T12:34:56.789Z'],
    ['2026-11-24 12:34:56+00', '2026-11-24T12:34:56.000Z'],
    ['2026-11-24 12:34:56.5+00', '2026-11-24T12:34:56.500Z'],
    ['2026-11-24 12:34:56.07+00', '2026-11-24T12:34:56.070Z'],
    ['2026-11-24 12:34:56.000999+00', '2026-11-24T12:34:56.000Z'],
  ])('rearranges %s (UTC) as %s', (text, expected) => {
    expect(isoTimestamp(text)).toBe(expected);
    expect(isoTimestamp(text)).toBe(viaDate(text));
  });

  it('cuts microseconds off as a Date does, for every millisecond', () => {
    for (let millisecond = 0; millisecond < 1000; millisecond += 1) {
      const text = `2026-06-15 08:09:10.${String(millisecond).padStart(3, '0')}456+00`;
      expect(isoTimestamp(text)).toBe(viaDate(text));
    }
  });

  it.each([
    '2026-11-24 18:04:56.789123+05:30',
    '2026-11-24 09:04:56-03:30',
    '2026-11-24 14:34:56.789+02',
    '12026-11-24 12:34:56+00',
    '0044-03-15 12:00:00+00 BC',
  ])('takes the long way for %s (another zone, a long year, BC) and gives what a Date gives', (text) => expect(isoTimestamp(text)).toBe(viaDate(text)));
});
