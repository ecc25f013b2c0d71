/**
 * What a list search should find, worked out in JavaScript (validation/fold-text.ts) rather than by the database's
 * folding (search.ts, migration 021), so that the tests compare the server's search with an answer of its own.
 */
import { containsFolded } from '../../validation/fold-text';

/** Escapes LIKE's wildcards, for reference scans by ILIKE over texts that hold no accents. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Each word of `text` (split at white space) is in one of `fields`, ignoring case and accents. */
export function matchesSearch(fields: Array<string | number | null | undefined>, text: string): boolean {
  const texts = fields.map((field) => (field === null || field === undefined ? '' : String(field)));
  return text
    .trim()
    .split(/\s+/)
    .every((word) => texts.some((field) => containsFolded(field, word)));
}
