/**
 * Numbers typed the way the member's language writes them: `1234,56` in German is 1234.56, not 123456 (antd's
 * InputNumber alone drops every character but digits, `.` and `-`). The input shows the language's decimal mark
 * too, so what is shown can be typed back.
 */
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The decimal mark of a language: `,` for de, it, es, el, uk; `.` for en. */
export function decimalMarkOf(language: string): string {
  const parts = new Intl.NumberFormat(language || undefined).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * Typed text → the number's text with a `.` (what InputNumber reads). Spaces and apostrophes group digits. With
 * both marks, the last is the decimal one. The language's own mark is always decimal; the other mark alone groups
 * thousands when it stands before exactly three digits (`1,234` in German: 1234), and is taken as decimal
 * otherwise (`12.5` in German: 12.5, as people type it who are used to a dot).
 */
export function parseDecimal(text: string, decimalMark: string): string {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    return compact.split(grouping).join('').replace(decimal, '.');
  }
  const mark = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
  if (mark === null) return compact;
  const grouped = /^[+-]?\d{1,3}([.,]\d{3})+$/.test(compact);
  // A mark written twice cannot be decimal: `1.234.567` is 1234567 in any language, never 1.234 (InputNumber would
  // read the number up to the second mark). Twice but not in thousands (`1.23.4`) is no number at all.
  if (compact.indexOf(mark) !== compact.lastIndexOf(mark)) return grouped ? compact.split(mark).join('') : NOT_A_NUMBER;
  const groupsThousands = mark !== decimalMark && grouped;
  return groupsThousands ? compact.split(mark).join('') : compact.split(mark).join('.');
}

/** What the parser hands InputNumber for text that is no number: it then keeps no value, as for letters. */
const NOT_A_NUMBER = 'NaN';

/** What a number may be typed with: digits, a sign, either decimal mark and the marks that group digits. */
const numberCharacter = /^[\d.,+\-\s'\u00a0\u202f]$/;

/**
 * Keeps letters out of a number as they are typed. InputNumber reads `12a` as no number at all, so a letter
 * typed by mistake emptied the field (a required one then said "required" beside the letters still shown).
 * Keys that are not characters (Tab, arrows, Backspace, Enter) and shortcuts (Ctrl+V, Ctrl+A) pass.
 */
export function keepNumberCharacters(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!numberCharacter.test(event.key)) event.preventDefault();
}

/**
 * InputNumber's props for the member's language: its decimal mark shown, either mark read, letters kept out. The
 * parser hands back the number's text, as InputNumber's own does (its types say number: a Number would make a
 * blank input 0).
 */
export function useDecimalInput(): {
  decimalSeparator: string;
  parser: (text: string | undefined) => number;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
} {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const mark = decimalMarkOf(i18n.language);
    return {
      decimalSeparator: mark,
      parser: (text: string | undefined) => parseDecimal(text ?? '', mark) as unknown as number,
      onKeyDown: keepNumberCharacters,
    };
  }, [i18n.language]);
}
