/**
 * A search's words as staff's levers and the records name them: Unicode-normalised, lower case,
 * single spaces, no space at either end: '  Cat   ASLEEP ' -> 'cat asleep'. Browser-safe.
 */
export function normaliseWords(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}
