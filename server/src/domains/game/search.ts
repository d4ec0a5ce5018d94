/**
 * The text game search compares, for game names (stored in games.search_name) and typed terms alike:
 * lower case, accents removed (ô -> o, ñ -> n, đ -> d), apostrophes dropped (Hold'em -> holdem), any
 * other run of punctuation or spaces turned into one space.
 */
export function normalizeSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/đ/g, 'd')
    .replace(/['‘’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** games.search_name: the normalized name after one space, so ' ' + word finds the start of any word. */
export const searchName = (name: string) => ` ${normalizeSearch(name)}`;

/** The distinct words of a normalized term; a name matches when every one starts one of its words. */
export const searchWords = (normalized: string) => [...new Set(normalized.split(' ').filter(Boolean))];
