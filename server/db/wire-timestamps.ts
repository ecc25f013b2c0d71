/**
 * Timestamps as the wire writes them (`2026-11-24T12:34:56.789Z`), read straight from PostgreSQL's text, for the
 * statements whose rows go out on the wire (the engine's records: `created_at`, `updated_at`).
 *
 * Why: `pg` turns every timestamptz into a Date (postgres-date's regular expression) and toWire turns it back into
 * text; two a row, ~1.2 µs each, a tenth of the server's CPU per listed row (issue 16 point 9's profile). A
 * session in UTC (PostgreSQL's default on a server set up in UTC, always on the embedded database) sends
 * `2026-11-24 12:34:56.789123+00`, which is rearranged here in ~0.08 µs. Any other text (another session time
 * zone, a year past 9999, BC) goes the long way, so the answer is the same whatever the server's settings.
 */
import pg from 'pg';
import { typeParsers } from './pool';

const TIMESTAMPTZ = pg.types.builtins.TIMESTAMPTZ;
/** pg's own (postgres-date): a Date, or a string for ±infinity. */
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date | string;

const SPACE = 32;
const PLUS = 43;
const ZERO = 48;

/**
 * The ISO text `new Date(text).toISOString()` gives: milliseconds, the microseconds cut off (as a Date cuts them).
 * `2026-11-24 12:34:56+00` is 22 characters; a fraction of 1 to 6 digits sits between the seconds and the offset.
 */
export function isoTimestamp(text: string): string {
  const length = text.length;
  const inUtc = text.charCodeAt(length - 3) === PLUS && text.charCodeAt(length - 2) === ZERO && text.charCodeAt(length - 1) === ZERO;
  if (inUtc && text.charCodeAt(10) === SPACE && (length === 22 || (length >= 24 && length <= 29 && text[19] === '.'))) {
    const milliseconds = length === 22 ? '000' : `${text.slice(20, length - 3)}00`.slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
  }
  const parsed = parseTimestamp(text);
  return parsed instanceof Date ? parsed.toISOString() : String(parsed);
}

/** The pool's parsers (pool.ts), but timestamptz as wire text: for a query's `types`. */
export const wireTimestampTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => (oid === TIMESTAMPTZ && format !== 'binary' ? isoTimestamp : typeParsers.getTypeParser(oid, format)) as never,
};
