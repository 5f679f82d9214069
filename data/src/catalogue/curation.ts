import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { CATEGORY_VALUES, type Style, type Subject } from '@easel/shared/vocabulary';

/** Works per theme: enough for a homepage row and a little more. */
const WORKS_PER_THEME = 12;

/** The campaign whose works the homepage shows as featured art; staff attach works to it. */
export const FEATURED_ART_CAMPAIGN = 'featured-art';
/** The seeded featured art: the most popular available works of each category. */
const FEATURED_PER_CATEGORY = 2;

/** The demo editors' picks, in homepage order, each a theme drawn from one subject or style. */
const THEMES: { slug: string; label: string; subject?: Subject; style?: Style }[] = [
  { slug: 'by-the-sea', label: 'By the sea', subject: 'seascape' },
  { slug: 'city-lights', label: 'City lights', subject: 'cityscape' },
  { slug: 'quiet-abstraction', label: 'Quiet abstraction', style: 'minimalist' },
  { slug: 'botanical-studies', label: 'Botanical studies', subject: 'botanical' },
];

/**
 * Seeds the curated homepage data from the catalogue already written: a theme per editors'
 * pick holding its subject's or style's most popular available works, a hero banner pictured
 * by the most popular available landscape painting, and the featured-art campaign. A function
 * of the catalogue, so the same seed gives the same picks. Each part is seeded only where it
 * is missing, so staff edits are never overwritten.
 */
export async function seedCuration(db: Kysely<Database>): Promise<void> {
  await seedFeaturedArt(db);
  const existing = await db.selectFrom('editors_picks').select('id').limit(1).executeTakeFirst();
  if (existing) return;

  for (const [position, theme] of THEMES.entries()) {
    const curation = await db
      .insertInto('curations')
      .values({ kind: 'theme', label: theme.label, slug: theme.slug })
      .returning('id')
      .executeTakeFirstOrThrow();
    let works = db.selectFrom('artworks').select('id').where('status', '=', 'available');
    if (theme.subject) works = works.where('subject', '=', theme.subject);
    if (theme.style) works = works.where('style', '=', theme.style);
    const ids = await works.orderBy('popularity', 'desc').orderBy('id').limit(WORKS_PER_THEME).execute();
    if (ids.length > 0) {
      await db.insertInto('artwork_curations').values(ids.map(({ id }) => ({ curation_id: curation.id, artwork_id: id }))).execute();
    }
    await db.insertInto('editors_picks').values({ title: theme.label, slug: theme.slug, position, curation_id: curation.id }).execute();
  }

  const hero = await db
    .selectFrom('artworks')
    .select('id')
    .where('status', '=', 'available')
    .where('category', '=', 'painting')
    .where('orientation', 'in', ['landscape', 'panoramic'])
    .orderBy('popularity', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (hero) {
    await db.insertInto('homepage_banners').values({
      position: 0,
      title: 'Original art, straight from the artists',
      subtitle: 'Paintings, sculpture, drawings and photography by independent artists, shipped from their studios.',
      link_label: 'Explore the gallery',
      link_url: '/shop/',
      artwork_id: hero.id,
    }).execute();
  }
}

async function seedFeaturedArt(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('curations').select('id').where('kind', '=', 'campaign').where('slug', '=', FEATURED_ART_CAMPAIGN).executeTakeFirst();
  if (existing) return;
  const campaign = await db
    .insertInto('curations')
    .values({ kind: 'campaign', label: 'Featured art', slug: FEATURED_ART_CAMPAIGN })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const category of CATEGORY_VALUES) {
    const ids = await db
      .selectFrom('artworks')
      .select('id')
      .where('status', '=', 'available')
      .where('category', '=', category)
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .limit(FEATURED_PER_CATEGORY)
      .execute();
    if (ids.length > 0) {
      await db.insertInto('artwork_curations').values(ids.map(({ id }) => ({ curation_id: campaign.id, artwork_id: id }))).execute();
    }
  }
}
