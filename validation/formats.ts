/**
 * String formats that need real code, registered once and used on both sides of the wire:
 * by ajv on the server (and by RJSF in the browser) and by the light form checks of the auth pages.
 * Each format has a translated message under `validation.format.<name>` in every locale.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';

// The e-mail rule of ajv-formats' "full" mode, kept here so the login page need not load ajv.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

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
} satisfies Record<string, (value: string) => boolean>;

export type FormatName = keyof typeof formats;
