/**
 * How long a list's free-text search may be, for the server (list-query.ts answers a 422 past either bound) and the
 * search box (which says so before sending). Each word is a LIKE that every row the search reads is tested with,
 * and the text's trigrams are what the index is searched for: unbounded, one request of 676 two-letter words kept
 * the database busy for 17 s over a million orders, and one word of 6,000 characters for 5 s (issue 16), so anyone
 * allowed to list could stop the server with a few. No name, address or number a user looks for comes near either.
 */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_WORDS = 10;

/** The words of a search text (split at white space), each once: a repeated word finds nothing more. */
export function searchWords(text: string): string[] {
  return [...new Set(text.trim().split(/\s+/).filter(Boolean))];
}

/** The message a search text breaks a bound with (a `validation.*` key and its limit), or null. */
export function searchTextProblem(text: string): { key: string; params: { limit: number } } | null {
  if (text.length > SEARCH_MAX_LENGTH) return { key: 'validation.maxLength', params: { limit: SEARCH_MAX_LENGTH } };
  if (searchWords(text).length > SEARCH_MAX_WORDS) return { key: 'validation.searchWords', params: { limit: SEARCH_MAX_WORDS } };
  return null;
}
