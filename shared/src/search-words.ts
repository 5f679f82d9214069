/**
 * Search words as the search records keep them, the levers match them and the popular searches
 * are looked up by: Unicode-normalised (NFKC), lower case, trimmed, single spaces:
 * '  Cat   ASLEEP ' -> 'cat asleep'.
 */
export function normaliseSearchWords(words: string): string {
  return words.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}
