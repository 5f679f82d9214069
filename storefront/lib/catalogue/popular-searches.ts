import type { Db } from '@easel/data/db';
import { getPopularSearches, type PopularSearch } from '@easel/data/queries/search-analytics';
import type { Synonyms } from '@easel/data/queries/search-levers';
import { normaliseSearchWords } from '@easel/shared/search-words';
import { processWide } from '../process-wide';

/**
 * The searches shoppers make that find works and get clicked (the search analytics' daily
 * roll-ups), as the header's query suggestions and the gallery's help when a search finds
 * nothing. Each process holds the most popular of the last POPULAR_DAYS days and reads them
 * again every POPULAR_REFRESH_MS, in the background once it holds some.
 */

/** They move with days of searching, not by the minute: read again hourly, so always within a day. */
export const POPULAR_REFRESH_MS = 60 * 60_000;
/** The days of searching counted. */
export const POPULAR_DAYS = 30;
/** Searches held: the head of the list, where every suggestion comes from. */
const HELD = 500;

interface Held {
  searches: PopularSearch[];
  readAt: number;
  reading: Promise<void> | undefined;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The popular searches, most clicked first; the first call in a process waits for them. */
export async function getPopularSearchList(db: Db, now = Date.now()): Promise<readonly PopularSearch[]> {
  const held = await processWide<Held>(db, 'popular-searches', () => ({ searches: [], readAt: 0, reading: undefined }));
  if (now - held.readAt >= POPULAR_REFRESH_MS && !held.reading) {
    held.reading = getPopularSearches(db, { from: day(now - (POPULAR_DAYS - 1) * 86_400_000), to: day(now) }, { limit: HELD })
      .then((searches) => {
        held.searches = searches;
        held.readAt = now;
      })
      .catch((error: unknown) => console.error(`popular searches: not read (${error instanceof Error ? error.message : String(error)}); asking again shortly`))
      .finally(() => {
        held.reading = undefined;
      });
    if (held.readAt === 0) await held.reading;
  }
  return held.searches;
}

/**
 * Popular searches for what the shopper is typing: those that start with it first, then those
 * with a later word that does, each group most clicked first:
 * (['cat', 'black cat', 'catalan coast', 'sea'], 'Ca', 2) -> ['cat', 'catalan coast'].
 */
export function suggestSearches(popular: readonly Pick<PopularSearch, 'query'>[], typed: string, limit: number): string[] {
  const prefix = normaliseSearchWords(typed);
  if (!prefix) return [];
  const starts = popular.filter((s) => s.query.startsWith(prefix));
  const inside = popular.filter((s) => !s.query.startsWith(prefix) && s.query.split(' ').some((word) => word.startsWith(prefix)));
  return [...starts, ...inside].slice(0, limit).map((s) => s.query);
}

/**
 * Searches to offer when one finds nothing: the words staff made synonyms of it or of its words
 * (either way round), then popular searches sharing a word with it or with those, then the most
 * popular; never the search itself:
 * ('kitty', { kitty: ['cat'] }, ['sea', 'black cat']) -> ['cat', 'black cat', 'sea'].
 */
export function relatedSearches(typed: string, synonyms: Synonyms, popular: readonly Pick<PopularSearch, 'query'>[], limit: number): string[] {
  const q = normaliseSearchWords(typed);
  const parts = new Set([q, ...q.split(' ')]);
  const linked = Object.entries(synonyms).flatMap(([word, words]) => [
    ...(parts.has(word) ? words : []),
    ...(words.some((w) => parts.has(w)) ? [word, ...words] : []),
  ]);
  const words = new Set([...parts, ...linked].flatMap((phrase) => phrase.split(' ')));
  const sharing = popular.filter((s) => s.query.split(' ').some((word) => words.has(word))).map((s) => s.query);
  return [...new Set([...linked, ...sharing, ...popular.map((s) => s.query)])].filter((s) => s !== q && s !== '').slice(0, limit);
}
