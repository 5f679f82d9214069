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
 * The editors' picks in staff order, each with up to `worksPerPick` of its theme's available
 * works, most popular first. Sold or hidden works drop out of a pick by themselves.
 */
export async function getEditorsPicks(db: Db, worksPerPick: number): Promise<EditorsPick[]> {
  const picks = await db.selectFrom('editors_picks').select(['id', 'title', 'slug', 'curation_id']).orderBy('position').orderBy('id').execute();
  if (picks.length === 0) return [];
  const rows = await db
    .selectFrom('artwork_curations as c')
    .innerJoin('artworks as w', 'w.id', 'c.artwork_id')
    .select(['c.curation_id', 'w.id'])
    .where('c.curation_id', 'in', picks.map((p) => p.curation_id))
    .where('w.status', '=', 'available')
    .orderBy('w.popularity', 'desc')
    .orderBy('w.id')
    .execute();
  const idsOf = new Map<number, number[]>();
  for (const row of rows) {
    const ids = idsOf.get(row.curation_id) ?? [];
    if (ids.length < worksPerPick) idsOf.set(row.curation_id, [...ids, row.id]);
  }
  const artworks = new Map((await getIndexableArtworksByIds(db, [...idsOf.values()].flat())).map((w) => [w.id, w]));
  return picks.map(({ id, title, slug, curation_id }) => ({
    id,
    title,
    slug,
    artworks: (idsOf.get(curation_id) ?? []).flatMap((artworkId) => artworks.get(artworkId) ?? []),
  }));
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
