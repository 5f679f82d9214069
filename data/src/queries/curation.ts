import { FEATURED_ART_CAMPAIGN } from '../catalogue/curation';
import type { Db } from '../db';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** One editors' pick: a staff-curated theme and its works still for sale. */
export interface EditorsPick {
  id: number;
  title: string;
  slug: string;
  artworks: IndexableArtwork[];
}

/**
 * The available works of each curation, most popular first, at most `perCuration` each:
 * [3, 5] -> Map { 3 => [ids…], 5 => [ids…] }. Sold or hidden works drop out by themselves.
 */
async function availableWorkIds(db: Db, curationIds: readonly number[], perCuration: number): Promise<Map<number, number[]>> {
  const idsOf = new Map<number, number[]>();
  if (curationIds.length === 0) return idsOf;
  const rows = await db
    .selectFrom('artwork_curations as c')
    .innerJoin('artworks as w', 'w.id', 'c.artwork_id')
    .select(['c.curation_id', 'w.id'])
    .where('c.curation_id', 'in', curationIds)
    .where('w.status', '=', 'available')
    .orderBy('w.popularity', 'desc')
    .orderBy('w.id')
    .execute();
  for (const row of rows) {
    const ids = idsOf.get(row.curation_id) ?? [];
    if (ids.length < perCuration) idsOf.set(row.curation_id, [...ids, row.id]);
  }
  return idsOf;
}

/** The editors' picks in staff order, each with up to `worksPerPick` of its theme's available works, most popular first. */
export async function getEditorsPicks(db: Db, worksPerPick: number): Promise<EditorsPick[]> {
  const picks = await db.selectFrom('editors_picks').select(['id', 'title', 'slug', 'curation_id']).orderBy('position').orderBy('id').execute();
  const idsOf = await availableWorkIds(db, picks.map((p) => p.curation_id), worksPerPick);
  const artworks = new Map((await getIndexableArtworksByIds(db, [...idsOf.values()].flat())).map((w) => [w.id, w]));
  return picks.map(({ id, title, slug, curation_id }) => ({
    id,
    title,
    slug,
    artworks: (idsOf.get(curation_id) ?? []).flatMap((artworkId) => artworks.get(artworkId) ?? []),
  }));
}

/** Featured art: the available works staff put in the featured-art campaign, most popular first, at most `limit`. */
export async function getFeaturedArtworks(db: Db, limit: number): Promise<IndexableArtwork[]> {
  const campaign = await db.selectFrom('curations').select('id').where('kind', '=', 'campaign').where('slug', '=', FEATURED_ART_CAMPAIGN).executeTakeFirst();
  if (!campaign) return [];
  return getIndexableArtworksByIds(db, (await availableWorkIds(db, [campaign.id], limit)).get(campaign.id) ?? []);
}

/** The homepage hero as staff set it, with the artwork that pictures it. */
export interface HomepageBanner {
  id: number;
  title: string;
  subtitle: string;
  link_label: string;
  link_url: string;
  artwork: IndexableArtwork;
}

/** The banner in the lowest position, or undefined when staff have set none. */
export async function getHomepageBanner(db: Db): Promise<HomepageBanner | undefined> {
  const row = await db.selectFrom('homepage_banners').selectAll().orderBy('position').orderBy('id').executeTakeFirst();
  if (!row) return undefined;
  const [artwork] = await getIndexableArtworksByIds(db, [row.artwork_id]);
  if (!artwork) return undefined;
  const { artwork_id: _, position: __, ...banner } = row;
  return { ...banner, artwork };
}
