import { sql, type Insertable, type Transaction } from 'kysely';
import { afterExplicitIds, inTransaction, type Db } from '../db';
import { buildRateMatrix } from '@easel/shared/currency';
import { deriveOrientation, deriveSizeBucket } from '@easel/shared/derive';
import type { Database } from '../schema';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { seedCuration } from './curation';
import { seedPromoCodes } from './promo-codes';
import { generateCatalogue, type ArtistBundle, type CatalogueOptions } from './generate';

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit for the widest table. */
const CHUNK = 500;

export interface SeedResult {
  artists: number;
  artworks: number;
}

/**
 * Writes the demo catalogue, its curated homepage data and the default currency rates in one
 * transaction: an interrupted seed leaves the database as it was. Refuses a database that
 * already has a catalogue.
 */
export async function seedCatalogue(
  db: Db,
  options: CatalogueOptions,
  onProgress?: (artworksWritten: number) => void,
): Promise<SeedResult> {
  return inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('artworks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) throw new Error('The database already has a catalogue; seed only an empty database.');

    await insertCurrencyRates(trx);
    const result: SeedResult = { artists: 0, artworks: 0 };
    let batch: ArtistBundle[] = [];
    let batchArtworks = 0;
    const flush = async () => {
      await insertBundles(trx, batch);
      result.artists += batch.length;
      result.artworks += batchArtworks;
      onProgress?.(result.artworks);
      batch = [];
      batchArtworks = 0;
    };
    for (const bundle of generateCatalogue(options)) {
      batch.push(bundle);
      batchArtworks += bundle.artworks.length;
      if (batchArtworks >= 2000) await flush();
    }
    await flush();
    await seedCuration(trx);
    await seedPromoCodes(trx);
    await afterExplicitIds(trx);
    // Fresh statistics for the planner, now that the tables hold the whole catalogue.
    await sql`ANALYZE`.execute(trx);
    return result;
  });
}

async function insertCurrencyRates(trx: Transaction<Database>): Promise<void> {
  const matrix = buildRateMatrix();
  const now = new Date().toISOString();
  await trx
    .insertInto('currency_rates')
    .values(CURRENCIES.flatMap((from) => CURRENCIES.map((to) => ({ from_currency: from, to_currency: to, rate: matrix[from][to], updated_at: now }))))
    .execute();
}

async function insertBundles(trx: Transaction<Database>, bundles: ArtistBundle[]): Promise<void> {
  const artworks = bundles.flatMap((b) => b.artworks);
  await insertChunked(trx, 'artists', bundles.map(({ artist: a }) => ({
    id: a.id, slug: a.slug, name: a.name, bio: a.bio, country: a.country, city: a.city,
    avatar_seed: a.avatarSeed, joined_at: a.joinedAt, popularity: a.popularity, updated_at: a.joinedAt,
  })));
  await insertChunked(trx, 'artist_education', bundles.flatMap(({ artist: a }) =>
    a.education.map((e, position) => ({ artist_id: a.id, position, ...e }))));
  await insertChunked(trx, 'artist_exhibitions', bundles.flatMap(({ artist: a }) =>
    a.exhibitions.map((e, position) => ({ artist_id: a.id, position, ...e }))));
  await insertChunked(trx, 'shipping_profiles', bundles.map(({ artist: a }) => ({
    id: a.shipping.profileId, artist_id: a.id, ships_from: a.shipping.shipsFrom, dispatch_days: a.shipping.dispatchDays,
  })));
  await insertChunked(trx, 'shipping_rates', bundles.flatMap(({ artist: a }) =>
    a.shipping.rates.map((r) => ({ profile_id: a.shipping.profileId, destination: r.destination, cost_minor: r.costMinor }))));
  await insertChunked(trx, 'artworks', artworks.map((w) => ({
    id: w.id, slug: w.slug, artist_id: w.artistId, shipping_profile_id: w.shippingProfileId,
    title: w.title, description: w.description, category: w.category, subcategory: w.subcategory,
    subject: w.subject, style: w.style, medium: w.medium,
    width_cm: w.widthCm, height_cm: w.heightCm, depth_cm: w.depthCm,
    orientation: deriveOrientation(w.widthCm, w.heightCm),
    size_bucket: deriveSizeBucket(w.widthCm, w.heightCm, w.depthCm),
    price_minor: w.priceMinor, sale_price_minor: w.salePriceMinor,
    framed: w.framed ? 1 : 0, ready_to_hang: w.readyToHang ? 1 : 0,
    verified_advertising_safe: w.verifiedAdvertisingSafe ? 1 : 0,
    auto_tags: JSON.stringify(w.autoTags), status: w.status, stock: w.status === 'sold' ? 0 : 1,
    favourite_count: w.favouriteCount, popularity: w.popularity,
    created_at: w.createdAt, updated_at: w.createdAt, published_at: w.createdAt,
  })));
  await insertChunked(trx, 'artwork_colours', artworks.flatMap((w) =>
    w.colours.map((colour, position) => ({ artwork_id: w.id, colour, position }))));
  await insertChunked(trx, 'artwork_images', artworks.flatMap((w) =>
    w.images.map((img, position) => ({ artwork_id: w.id, position, kind: img.kind, seed: img.seed, aspect_milli: img.aspectMilli }))));
  await insertChunked(trx, 'print_editions', artworks.flatMap((w) =>
    w.prints.map((p) => ({
      artwork_id: w.id, size_label: p.sizeLabel, width_cm: p.widthCm, height_cm: p.heightCm,
      price_minor: p.priceMinor, edition_size: p.editionSize, remaining: p.remaining,
    }))));
}

async function insertChunked<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot narrow a generic table name's insert type; the rows are typed by the caller.
    await trx.insertInto(table).values(rows.slice(i, i + CHUNK) as never).execute();
  }
}
