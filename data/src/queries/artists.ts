import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../db';
import { slugify } from '../slug';
import type { ArtistsTable, Database } from '../schema';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** An artist as their page and the homepage lists show them. */
export interface ArtistProfile extends Pick<Selectable<ArtistsTable>, 'id' | 'slug' | 'name' | 'bio' | 'country' | 'city' | 'avatar_seed' | 'joined_at'> {
  follower_count: number;
  available_count: number;
  sold_count: number;
}

type ArtistScope = ExpressionBuilder<Database, 'artists'>;

const worksWithStatus = (eb: ArtistScope, status: 'available' | 'sold') =>
  eb.selectFrom('artworks as w').whereRef('w.artist_id', '=', 'artists.id').where('w.status', '=', status);

function selectProfiles(db: Db) {
  return db
    .selectFrom('artists')
    .select(['artists.id', 'artists.slug', 'artists.name', 'artists.bio', 'artists.country', 'artists.city', 'artists.avatar_seed', 'artists.joined_at'])
    .select((eb) => [
      eb.selectFrom('follows as f').whereRef('f.artist_id', '=', 'artists.id').select((e) => e.fn.countAll<number>().as('n')).as('follower_count'),
      worksWithStatus(eb, 'available').select((e) => e.fn.countAll<number>().as('n')).as('available_count'),
      worksWithStatus(eb, 'sold').select((e) => e.fn.countAll<number>().as('n')).as('sold_count'),
    ]);
}

type ProfileRow = Awaited<ReturnType<ReturnType<typeof selectProfiles>['execute']>>[number];

const toProfile = (row: ProfileRow): ArtistProfile => ({
  ...row,
  follower_count: Number(row.follower_count ?? 0),
  available_count: Number(row.available_count ?? 0),
  sold_count: Number(row.sold_count ?? 0),
});

export async function getArtistBySlug(db: Db, slug: string): Promise<ArtistProfile | undefined> {
  const row = await selectProfiles(db).where('artists.slug', '=', slug).executeTakeFirst();
  return row && toProfile(row);
}

/** The slug of the artist with this id: where an artist's account finds their own page. */
export async function getArtistSlug(db: Db, artistId: number): Promise<string | undefined> {
  return (await db.selectFrom('artists').select('slug').where('id', '=', artistId).executeTakeFirst())?.slug;
}

/** The profiles of these artists, in the order of `ids`. */
async function getProfilesInOrder(db: Db, ids: readonly number[]): Promise<ArtistProfile[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await selectProfiles(db).where('artists.id', 'in', ids).execute()).map((row) => [row.id, toProfile(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Artists with available work, most followed first; ties (and a catalogue nobody follows yet)
 * go to the most favourited available work, then the artist's popularity. Ranked in one pass
 * over the available works, then only the chosen artists' profiles are read.
 */
export async function getPopularArtists(db: Db, limit: number): Promise<ArtistProfile[]> {
  const followers = db.selectFrom('follows').select(['artist_id']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy('artist_id');
  const ranked = await db
    .selectFrom('artworks as w')
    .innerJoin('artists as a', 'a.id', 'w.artist_id')
    .leftJoin(followers.as('f'), 'f.artist_id', 'a.id')
    .select('a.id')
    // Most works are available: reading the table through the status index would cost far more
    // than one scan, so the status is compared as an expression no index serves.
    .where(sql`w.status || ''`, '=', 'available')
    .groupBy('a.id')
    .orderBy((eb) => eb.fn.coalesce(eb.fn.max('f.n'), eb.lit(0)), 'desc')
    .orderBy((eb) => eb.fn.sum('w.favourite_count'), 'desc')
    .orderBy((eb) => eb.fn.max('a.popularity'), 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return getProfilesInOrder(db, ranked.map((r) => r.id));
}

/** Artists who joined most recently and have work for sale now. */
export async function getDiscoveredArtists(db: Db, limit: number): Promise<ArtistProfile[]> {
  const ranked = await db
    .selectFrom('artists')
    .select('id')
    .where((eb) => eb.exists(worksWithStatus(eb, 'available').select('w.id')))
    .orderBy('joined_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return getProfilesInOrder(db, ranked.map((r) => r.id));
}

/**
 * Artists whose name has a word starting with the text, most followed first, then the most
 * popular: ('ada lo', 4) -> Ada Lovelace, Adaeze Lopes, … Matched on the slug, which spells the
 * name without accents or punctuation, so 'jose' finds José and 'o brien' finds O'Brien.
 */
export async function searchArtistsByName(db: Db, text: string, limit: number): Promise<ArtistProfile[]> {
  const words = slugify(text);
  if (!words) return [];
  const rows = await selectProfiles(db)
    .where((eb) => eb.or([eb('artists.slug', 'like', `${words}%`), eb('artists.slug', 'like', `%-${words}%`)]))
    .orderBy('follower_count', 'desc')
    .orderBy('artists.popularity', 'desc')
    .orderBy('artists.id')
    .limit(limit)
    .execute();
  return rows.map(toProfile);
}

/** The artist's sold works, most recently sold first (by last update), at most `limit`. */
export async function getSoldArtworks(db: Db, artistId: number, limit: number): Promise<IndexableArtwork[]> {
  const rows = await db
    .selectFrom('artworks')
    .select('id')
    .where('artist_id', '=', artistId)
    .where('status', '=', 'sold')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return getIndexableArtworksByIds(db, rows.map((r) => r.id));
}

/** Whether an artist has this slug: an artist page's address check. */
export async function isArtistSlug(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('artists').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}
