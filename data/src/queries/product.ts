import type { Db } from '../db';
import type { PrintEditionRow } from '../schema';
import { reservationLapsed } from './basket';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** What a shopper may do about a work: buy it, wait for a reservation, or see it was sold. */
export type Availability = 'available' | 'reserved' | 'sold';

/** An artwork as its product page shows it. */
export interface Product extends IndexableArtwork {
  status: Availability;
  artist: IndexableArtwork['artist'] & { bio: string; avatar_seed: number };
  /** Every edition, sold-out ones included (remaining 0), smallest first. */
  print_editions: PrintEditionRow[];
}

/**
 * The artwork with this slug, or undefined when there is none or it is hidden from shoppers. A
 * checkout reservation that has run out reads as available, before the sweep gets to it.
 * `{ asPublished: true }` reads a hidden work too (a draft, a withdrawn work), as available: the
 * page it will have once published, for its artist's preview.
 */
export async function getProductBySlug(db: Db, slug: string, now = new Date().toISOString(), { asPublished = false } = {}): Promise<Product | undefined> {
  const row = await db
    .selectFrom('artworks as w')
    .innerJoin('artists as a', 'a.id', 'w.artist_id')
    .select(['w.id', 'w.status', 'w.reserved_until', 'a.bio', 'a.avatar_seed'])
    .where('w.slug', '=', slug)
    .$if(!asPublished, (q) => q.where('w.status', '!=', 'hidden'))
    .executeTakeFirst();
  if (!row) return undefined;
  const [[artwork], print_editions] = await Promise.all([
    getIndexableArtworksByIds(db, [row.id]),
    db.selectFrom('print_editions').selectAll().where('artwork_id', '=', row.id).orderBy('width_cm').orderBy('id').execute(),
  ]);
  if (!artwork) return undefined;
  return {
    ...artwork,
    status: row.status === 'hidden' || (row.status === 'reserved' && reservationLapsed(row.reserved_until, now)) ? 'available' : (row.status as Availability),
    artist: { ...artwork.artist, bio: row.bio, avatar_seed: row.avatar_seed },
    print_editions,
  };
}

/**
 * Available works like this one, for a sold original's page and recommendations: the same
 * category, the same subject first, most popular first, at most `limit`. Two walks of the
 * (category, status, popularity) index, so it stays quick however large the category.
 */
export async function getSimilarAvailableArtworks(
  db: Db,
  artwork: Pick<IndexableArtwork, 'id' | 'category' | 'subject'>,
  limit: number,
): Promise<IndexableArtwork[]> {
  return getIndexableArtworksByIds(db, await getSimilarAvailableIds(db, artwork, limit));
}

/** The ids of getSimilarAvailableArtworks, in its order: for a caller that shows only some of them. */
export async function getSimilarAvailableIds(
  db: Db,
  artwork: Pick<IndexableArtwork, 'id' | 'category' | 'subject'>,
  limit: number,
): Promise<number[]> {
  const similar = (sameSubject: boolean, count: number) =>
    db
      .selectFrom('artworks')
      .select('id')
      .where('category', '=', artwork.category)
      .where('status', '=', 'available')
      .where('subject', sameSubject ? '=' : '!=', artwork.subject)
      .where('id', '!=', artwork.id)
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .limit(count)
      .execute();
  const first = await similar(true, limit);
  const rest = first.length < limit ? await similar(false, limit - first.length) : [];
  return [...first, ...rest].map((r) => r.id);
}

/**
 * The artist's other works for sale, for "more by this artist": available, never the work
 * itself, most popular first, at most `limit`.
 */
export async function getMoreByArtist(
  db: Db,
  artwork: Pick<IndexableArtwork, 'id' | 'artist_id'>,
  limit: number,
): Promise<IndexableArtwork[]> {
  const rows = await db
    .selectFrom('artworks')
    .select('id')
    .where('artist_id', '=', artwork.artist_id)
    .where('status', '=', 'available')
    .where('id', '!=', artwork.id)
    .orderBy('popularity', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return getIndexableArtworksByIds(db, rows.map((r) => r.id));
}

/** Whether a shopper-visible work has this slug: a product page's address check. */
export async function isProductSlug(db: Db, slug: string): Promise<boolean> {
  const row = await db.selectFrom('artworks').select('id').where('slug', '=', slug).where('status', '!=', 'hidden').executeTakeFirst();
  return row !== undefined;
}
