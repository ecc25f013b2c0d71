/**
 * String formats that need real code, registered once and used on both sides of the wire:
 * by ajv on the server (and by RJSF in the browser) and by the light form checks of the auth pages.
 * Each format has a translated message under `validation.format.<name>` in every locale.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { allPermissions } from '../resources/permissions';

// Derived from the registry once: a right of a resource that does not exist is not a right.
const PERMISSIONS = new Set(allPermissions());

// The e-mail rule of ajv-formats' "full" mode, kept here so the login page need not load ajv.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const formats = {
  email: (value: string) => EMAIL.test(value),
  /** International numbers ("+49 30 1234567"): a back-office of a haulier deals with many countries. */
  phone: (value: string) => isValidPhoneNumber(value),
  /** Logins: Latin letters, digits and . _ - @ (no spaces, so they are easy to type anywhere). */
  login: (value: string) => /^[A-Za-z0-9._@-]+$/.test(value),
  /** Names: letters of any script, with spaces, apostrophes and hyphens between them. */
  letters: (value: string) => /^\p{L}+(?:[\s'’-]\p{L}+)*$/u.test(value.trim()),
  /** Free text that must say something: not only spaces. */
  'not-blank': (value: string) => value.trim().length > 0,
  /** Latin letters, digits, spaces and punctuation only (SPEC §5: some text fields are Latin-only). */
  latin: (value: string) => /^[A-Za-z0-9\s\p{P}\p{S}]*$/u.test(value),
  /** A calendar date "YYYY-MM-DD" that exists (no 31 April). */
  date: (value: string) => isCalendarDate(value),
  /** An IBAN: country code, check digits, and the ISO 13616 mod-97 check; spaces allowed. */
  iban: (value: string) => isIban(value),
  /** A vehicle identification number: 17 characters, digits and Latin capitals without I, O and Q. */
  vin: (value: string) => /^[A-HJ-NPR-Z0-9]{17}$/.test(value),
  /** A SWIFT/BIC code: 8 or 11 characters. */
  swift: (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value),
  /** An access right of resources/permissions.ts (`orders.view`, `sensitive.view`). */
  permission: (value: string) => PERMISSIONS.has(value),
} satisfies Record<string, (value: string) => boolean>;

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
