/**
 * String formats that need real code, registered once and used on both sides of the wire:
 * by ajv on the server and, precompiled (src/crud/precompile/), by every form in the browser.
 * Each format has a translated message under `validation.format.<name>` in every locale.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { allPermissions } from '../resources/permissions';
import { COUNTRY_CODES, CURRENCY_CODES } from './reference-codes';

// The e-mail rule of ajv-formats' "full" mode, kept here so the sign-in pages need not load ajv-formats.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

// Each format is a named export too (its name in camelCase, `formatExportName`), so a precompiled
// validator imports only the formats its schema uses: /login does not download the phone number rules.
export const email = (value: string) => EMAIL.test(value);
/** International numbers ("+49 30 1234567"): a back-office of a haulier deals with many countries. */
export const phone = (value: string) => isValidPhoneNumber(value);
/** Logins: Latin letters, digits and . _ - @ (no spaces, so they are easy to type anywhere). */
export const login = (value: string) => /^[A-Za-z0-9._@-]+$/.test(value);
/** Names: letters of any script, with spaces, apostrophes and hyphens between them. */
export const letters = (value: string) => /^\p{L}+(?:[ \u00a0'’-]\p{L}+)*$/u.test(value.trim());
/**
 * Free text that must say something: a character that shows, not only spaces or invisible ones (zero-width spaces,
 * soft hyphens, direction marks: \p{C}).
 */
export const notBlank = (value: string) => /[^\s\p{Z}\p{C}]/u.test(value);
/** Latin letters, digits, spaces and punctuation only (SPEC §5: some text fields are Latin-only). */
export const latin = (value: string) => /^[A-Za-z0-9\s\p{P}\p{S}]*$/u.test(value);
/** A calendar date "YYYY-MM-DD" that exists (no 31 April). */
export const date = (value: string) => isCalendarDate(value);
/** An IBAN: country code, check digits, and the ISO 13616 mod-97 check; spaces allowed. */
export const iban = (value: string) => isIban(value);
/** A vehicle identification number: 17 characters, digits and Latin capitals without I, O and Q. */
export const vin = (value: string) => /^[A-HJ-NPR-Z0-9]{17}$/.test(value);
/** An IANA time zone the runtime knows ("Europe/Kyiv"), as browsers report theirs: reminders go out by the member's clock. */
export const timeZone = (value: string) => isTimeZone(value);
/** A link someone can open: the http or https scheme and no white space (the route map of an order). */
export const webAddress = (value: string) => /^https?:[/]{2}\S+$/i.test(value);
/** Digits only, none at all allowed (the PIN of a card). */
export const digits = (value: string) => /^[0-9]*$/.test(value);
/** The number of a document as printed in it: Latin capitals and digits, no spaces (a passport). */
export const documentNumber = (value: string) => /^[A-Z0-9]+$/.test(value);
/** A SWIFT/BIC code: 8 or 11 characters, in either case (stored in capitals: normalize-body.ts). */
export const swift = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/i.test(value.trim());
/** An ISO 3166-1 country code the country picker offers ("DE"). */
export const country = (value: string) => COUNTRY_CODES.has(value);
/** An ISO 4217 currency code the currency picker offers ("EUR"). */
export const currency = (value: string) => CURRENCY_CODES.has(value);

// Derived from the registry on first use: a right of a resource that does not exist is not a right.
let knownPermissions: Set<string> | undefined;
/** An access right of resources/permissions.ts (`orders.view`, `sensitive.view`). */
export const permission = (value: string) => (knownPermissions ??= new Set(allPermissions())).has(value);

export const formats = {
  email,
  phone,
  login,
  letters,
  'not-blank': notBlank,
  latin,
  date,
  iban,
  vin,
  swift,
  'web-address': webAddress,
  digits,
  'document-number': documentNumber,
  country,
  currency,
  'time-zone': timeZone,
  permission,
} satisfies Record<string, (value: string) => boolean>;

/** The named export of a format: `not-blank` → `notBlank`. */
export function formatExportName(format: string): string {
  return format.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

export type FormatName = keyof typeof formats;

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  // Move the first four characters to the end, letters to numbers (A = 10 …), then mod 97 must be 1,
  // computed piecewise so the number never exceeds what a double holds exactly.
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
