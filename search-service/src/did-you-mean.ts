import { distance } from 'fastest-levenshtein';
import { INDEX_SETTINGS } from '@easel/indexer/index-settings';

/**
 * "Did you mean": the search words corrected to the words the engine itself matched. The
 * engine ranks hits with fewer typos first, so the best hit's matches (`showMatchesPosition`)
 * show which indexed word each search word reached: a word that reached only a different word
 * (sesacape -> seascape) was matched through typo tolerance, and the correction is that word.
 * Pure; no dictionary of its own.
 */

/** Where the engine found the search words in one hit: byte offsets into each attribute's value (into one element of a list). */
export type MatchesPosition = Record<string, { start: number; length: number; indices?: number[] }[]>;

/** The attributes the engine searches: the correction query retrieves these to read the matched words. */
export const SEARCHED_ATTRIBUTES: string[] = [...INDEX_SETTINGS.searchableAttributes];

const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const utf8 = new TextEncoder();
const text = new TextDecoder();

/** How the engine compares words: lower case, accents off ('Über' -> 'uber'). */
export const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A match in a hit: the text the engine marked, and the whole word around it (a prefix match marks part of a word). */
export interface MatchedWord {
  text: string;
  word: string;
}

/**
 * The words a hit matched, from its searched attributes only:
 * ({ subject: 'seascape' }, { subject: [{ start: 0, length: 8 }] }) -> [{ text: 'seascape', word: 'seascape' }].
 * The engine's offsets count UTF-8 bytes.
 */
export function matchedWords(hit: Record<string, unknown>, positions: MatchesPosition): MatchedWord[] {
  const out: MatchedWord[] = [];
  for (const [attribute, matches] of Object.entries(positions)) {
    if (!SEARCHED_ATTRIBUTES.includes(attribute)) continue;
    const value = hit[attribute];
    for (const { start, length, indices } of matches) {
      const source = Array.isArray(value) ? value[indices?.[0] ?? 0] : value;
      if (typeof source !== 'string') continue;
      const bytes = utf8.encode(source);
      let from = text.decode(bytes.subarray(0, start)).length;
      const marked = text.decode(bytes.subarray(start, start + length));
      let to = from + marked.length;
      while (from > 0 && WORD_CHAR.test(source[from - 1]!)) from--;
      while (to < source.length && WORD_CHAR.test(source[to]!)) to++;
      out.push({ text: marked, word: source.slice(from, to) });
    }
  }
  return out;
}

/** Typos the engine forgives in a word this long (the index's `minWordSizeForTypos`); none in numbers. */
export function typoBudget(word: string): number {
  if (/^\p{N}+$/u.test(word)) return 0;
  const { oneTypo, twoTypos } = INDEX_SETTINGS.typoTolerance.minWordSizeForTypos;
  return word.length >= twoTypos ? 2 : word.length >= oneTypo ? 1 : 0;
}

/**
 * The search words with each word that reached no indexed word as typed replaced by the
 * nearest word the engine matched within its typo budget (a swap of two letters is one typo
 * to the engine and two edits to Levenshtein, so the budget is doubled here). The last word
 * may match as a prefix, typed or with typos, so it is compared with the start of each word
 * too. Null when nothing changes:
 * ('sesacape', [{ text: 'seascape', word: 'seascape' }]) -> 'seascape'; ('sea', [{ text: 'sea', word: 'seascape' }]) -> null.
 */
export function correctQuery(q: string, matched: readonly MatchedWord[]): string | null {
  const asTyped = new Set(matched.flatMap(({ text, word }) => [fold(text), fold(word)]));
  const words = [...new Set(matched.map(({ word }) => word.toLowerCase()))];
  const tokens = q.match(WORD) ?? [];
  let index = 0;
  let changed = false;
  const corrected = q.replace(WORD, (token) => {
    const typed = fold(token);
    const last = ++index === tokens.length;
    if (asTyped.has(typed) || (last && words.some((w) => fold(w).startsWith(typed)))) return token;
    let best: string | undefined;
    let bestDistance = 2 * typoBudget(typed) + 1;
    for (const word of words) {
      const folded = fold(word);
      if (tokens.some((t) => fold(t) === folded)) continue;
      const prefixes = last ? [-1, 0, 1].map((d) => folded.slice(0, typed.length + d)) : [];
      const d = Math.min(distance(typed, folded), ...prefixes.map((p) => distance(typed, p)));
      if (d < bestDistance) {
        best = word;
        bestDistance = d;
      }
    }
    if (best === undefined) return token;
    changed = true;
    return best;
  });
  return changed ? corrected : null;
}
