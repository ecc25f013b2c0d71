/**
 * Text as a search compares it, in JavaScript: accents off Latin and Greek letters (Cyrillic keeps й and ї, letters
 * of their own), compatibility forms as their plain letters (a full-width '％' as '%'), 'ß' as 'ss', lower case, a
 * Greek final sigma as a sigma. The server's search folds with PostgreSQL's unaccent (migration 021
 * `fleetdesk_fold`); the web app's pickers that filter their options where they are (an enum, a lookup list) fold
 * with this, so "skoda" finds "Škoda" in a picker as in a list's search.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\P{Script=Cyrillic})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßæœøłđþ]/g, (letter) => LETTERS_APART[letter] ?? letter)
    .replace(/ς/g, 'σ');
}

/** Letters that decomposing does not take apart but unaccent writes as plain ones (Nordic, Polish, Croatian, …). */
const LETTERS_APART: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };

/** `text` holds `searched` anywhere, ignoring case and accents. */
export function containsFolded(text: string, searched: string): boolean {
  return foldText(text).includes(foldText(searched));
}
