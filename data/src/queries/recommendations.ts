import type { Db } from '../db';
import { getSimilarAvailableIds } from './product';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** How many of the newest listings the no-history list picks its most loved works from. */
const FRESH_LISTINGS = 500;

/**
 * Works to recommend to a shopper who looked at `seedIds` (most recent first): works like each
 * seed in turn (same category, same subject first, most popular first), taken in rounds so
 * every seed is represented, the seeds themselves left out. A shopper without history, or with
 * too little to fill the list, gets the most loved of the newest listings. Available works only.
 */
export async function getRecommendedArtworks(db: Db, seedIds: readonly number[], limit: number): Promise<IndexableArtwork[]> {
  const seeds = await db.selectFrom('artworks').select(['id', 'category', 'subject']).where('id', 'in', seedIds.length > 0 ? seedIds : [-1]).execute();
  const seedOrder = new Map(seedIds.map((id, i) => [id, i]));
  seeds.sort((a, b) => seedOrder.get(a.id)! - seedOrder.get(b.id)!);
  const excluded = new Set(seedIds);
  // Ids first, the details of only the works picked: each seed's list is longer than its share.
  const lists = await Promise.all(seeds.map((seed) => getSimilarAvailableIds(db, seed, limit + seedIds.length)));
  const picked: number[] = [];
  for (let round = 0; picked.length < limit && lists.some((list) => round < list.length); round += 1) {
    for (const list of lists) {
      const id = list[round];
      if (id !== undefined && !excluded.has(id) && picked.length < limit) {
        picked.push(id);
        excluded.add(id);
      }
    }
  }
  const fresh = picked.length === limit ? [] : await db
    .selectFrom((eb) => eb.selectFrom('artworks').select(['id', 'popularity']).where('status', '=', 'available').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(FRESH_LISTINGS).as('fresh'))
    .select('id')
    .where('id', 'not in', excluded.size > 0 ? [...excluded] : [-1])
    .orderBy('popularity', 'desc')
    .orderBy('id')
    .limit(limit - picked.length)
    .execute();
  return getIndexableArtworksByIds(db, [...picked, ...fresh.map((r) => r.id)]);
}
