/**
 * What a list search should find, worked out without the database's folding (search.ts, migration 021), so that
 * the tests compare the server's search with an independent answer.
 */

/** Escapes LIKE's wildcards, for reference scans by ILIKE over texts that hold no accents. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Text as a search compares it: compatibility forms as their plain letters (a full-width '％' as '%'), accents off
 * Latin and Greek letters (Cyrillic keeps its й and ї, as PostgreSQL's unaccent does), 'ß' as 'ss', lower case, a
 * final sigma as a sigma.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\P{Script=Cyrillic})\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/ς/g, 'σ');
}

/** Each word of `text` (split at white space) is in one of `fields`, ignoring case and accents. */
export function matchesSearch(fields: Array<string | number | null | undefined>, text: string): boolean {
  const folded = fields.map((field) => foldForSearch(field === null || field === undefined ? '' : String(field)));
  return text
    .trim()
    .split(/\s+/)
    .every((word) => folded.some((field) => field.includes(foldForSearch(word))));
}
