import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { buildRateMatrix, type RateMatrix } from '@easel/shared/currency';
import type { ImageKind } from '@easel/shared/media';
import type { ArtworkRow } from '../schema';
import { CURRENCIES, type Colour, type Currency } from '@easel/shared/vocabulary';

/** An artwork with everything the search index needs, read in one batch. */
export interface IndexableArtwork extends Omit<ArtworkRow, 'auto_tags' | 'framed' | 'ready_to_hang' | 'verified_advertising_safe'> {
  framed: boolean;
  ready_to_hang: boolean;
  verified_advertising_safe: boolean;
  auto_tags: string[];
  artist: { id: number; slug: string; name: string; country: string; city: string };
  ships_from: string;
  /** Working days the artist takes to dispatch it. */
  dispatch_days: number;
  shipping: { destination: string; cost_minor: number }[];
  colours: Colour[];
  images: { kind: ImageKind; seed: number; aspect_milli: number }[];
  /** Its uploaded photos in order (the first its main image), which replace its drawn pictures; none for a seeded work. */
  photos: { photo_key: string; width: number; height: number }[];
  /** Print editions with copies left, cheapest first. */
  prints: { size_label: string; price_minor: number; remaining: number }[];
}

/** What sending a work to `destination` costs, in GBP minor units; undefined when it does not ship there. */
export function shippingCostTo(work: Pick<IndexableArtwork, 'shipping'>, destination: string): number | undefined {
  return work.shipping.find((rate) => rate.destination === destination)?.cost_minor;
}

/**
 * Artworks with id above `afterId`, in id order, at most `limit`: page through the catalogue
 * with the last id of each page.
 */
export async function getIndexableArtworks(
  db: Db,
  page: { afterId: number; limit: number },
): Promise<IndexableArtwork[]> {
  const rows = await selectArtworkRows(db).where('w.id', '>', page.afterId).orderBy('w.id').limit(page.limit).execute();
  if (rows.length === 0) return [];
  // A page holds every artwork in its id range, so children are read by range, not a long IN list.
  const [first, last] = [rows[0]!.id, rows[rows.length - 1]!.id];
  return withDetails(db, rows, sql<boolean>`artwork_id BETWEEN ${first} AND ${last}`);
}

/**
 * The artworks with these ids, whatever their status, in the order of `ids` (unknown ids are
 * left out): [12, 7] -> [artwork 12, artwork 7]. For short lists such as recently viewed.
 */
export async function getIndexableArtworksByIds(db: Db, ids: readonly number[]): Promise<IndexableArtwork[]> {
  if (ids.length === 0) return [];
  const rows = await selectArtworkRows(db).where('w.id', 'in', ids).execute();
  const artworks = await withDetails(db, rows, sql<boolean>`artwork_id IN (${sql.join(ids)})`);
  const byId = new Map(artworks.map((w) => [w.id, w]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function selectArtworkRows(db: Db) {
  return db.selectFrom('artworks as w').selectAll('w');
}

/**
 * `inScope` narrows the child tables (colours, images, prints) to the artworks at hand. The
 * artists and shipping profiles are read by id beside them, not joined: each work is then its
 * row spread with its details, which a rebuild does a million times.
 */
async function withDetails(db: Db, rows: ArtworkRow[], inScope: RawBuilder<boolean>): Promise<IndexableArtwork[]> {
  if (rows.length === 0) return [];
  const artistIds = [...new Set(rows.map((r) => r.artist_id))];
  const profileIds = [...new Set(rows.map((r) => r.shipping_profile_id))];
  const [artists, profiles, colours, images, photos, prints, rates] = await Promise.all([
    db.selectFrom('artists').select(['id', 'slug', 'name', 'country', 'city']).where('id', 'in', artistIds).execute(),
    db.selectFrom('shipping_profiles').select(['id', 'ships_from', 'dispatch_days']).where('id', 'in', profileIds).execute(),
    db.selectFrom('artwork_colours').select(['artwork_id', 'colour']).where(inScope).orderBy('artwork_id').orderBy('position').execute(),
    db.selectFrom('artwork_images').select(['artwork_id', 'kind', 'seed', 'aspect_milli']).where(inScope).orderBy('artwork_id').orderBy('position').execute(),
    db.selectFrom('artwork_photos').select(['artwork_id', 'photo_key', 'width', 'height']).where(inScope).orderBy('artwork_id').orderBy('position').execute(),
    db.selectFrom('print_editions').select(['artwork_id', 'size_label', 'price_minor', 'remaining']).where(inScope).where('remaining', '>', 0).orderBy('artwork_id').orderBy('price_minor').execute(),
    db.selectFrom('shipping_rates').select(['profile_id', 'destination', 'cost_minor']).where('profile_id', 'in', profileIds).orderBy('profile_id').orderBy('destination').execute(),
  ]);
  const artistOf = new Map(artists.map((a) => [a.id, a]));
  const profileOf = new Map(profiles.map((p) => [p.id, p]));
  const byArtwork = <T extends { artwork_id: number }>(list: T[]) => groupBy(list, (x) => x.artwork_id);
  const coloursOf = byArtwork(colours);
  const imagesOf = byArtwork(images);
  const photosOf = byArtwork(photos);
  const printsOf = byArtwork(prints);
  const ratesOf = groupBy(rates, (r) => r.profile_id);

  return rows.flatMap((w) => {
    const artist = artistOf.get(w.artist_id);
    const profile = profileOf.get(w.shipping_profile_id);
    if (!artist || !profile) return [];
    return [{
      ...w,
      framed: w.framed === 1,
      ready_to_hang: w.ready_to_hang === 1,
      verified_advertising_safe: w.verified_advertising_safe === 1,
      auto_tags: JSON.parse(w.auto_tags) as string[],
      artist,
      ships_from: profile.ships_from,
      dispatch_days: profile.dispatch_days,
      shipping: (ratesOf.get(w.shipping_profile_id) ?? []).map(({ destination, cost_minor }) => ({ destination, cost_minor })),
      colours: (coloursOf.get(w.id) ?? []).map((c) => c.colour),
      images: (imagesOf.get(w.id) ?? []).map(({ kind, seed, aspect_milli }) => ({ kind, seed, aspect_milli })),
      photos: (photosOf.get(w.id) ?? []).map(({ photo_key, width, height }) => ({ photo_key, width, height })),
      prints: (printsOf.get(w.id) ?? []).map(({ size_label, price_minor, remaining }) => ({ size_label, price_minor, remaining })),
    }];
  });
}

function groupBy<T, K>(list: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** The rates matrix as stored; the seeded defaults when the table is empty. */
export async function getRateMatrix(db: Db): Promise<RateMatrix> {
  const rows = await db.selectFrom('currency_rates').select(['from_currency', 'to_currency', 'rate']).execute();
  if (rows.length === 0) return buildRateMatrix();
  const matrix = buildRateMatrix();
  for (const r of rows) {
    if ((CURRENCIES as readonly string[]).includes(r.from_currency) && (CURRENCIES as readonly string[]).includes(r.to_currency)) {
      matrix[r.from_currency as Currency][r.to_currency as Currency] = r.rate;
    }
  }
  return matrix;
}

/**
 * A short text that changes whenever anything the index is built from changes: artworks
 * (count, last update, last recorded change), artists and currency rates. Writes to an
 * artwork's colours, images, prints or shipping also touch its `updated_at`.
 */
export async function getCatalogueFingerprint(db: Db): Promise<string> {
  const row = await db
    .selectNoFrom([
      sql<number>`(SELECT COUNT(*) FROM artworks)`.as('artworks'),
      sql<string | null>`(SELECT MAX(updated_at) FROM artworks)`.as('updated'),
      sql<number | null>`(SELECT MAX(id) FROM catalogue_changes)`.as('change'),
      sql<string | null>`(SELECT MAX(updated_at) FROM artists)`.as('artists'),
      sql<string | null>`(SELECT MAX(updated_at) FROM currency_rates)`.as('rates'),
    ])
    .executeTakeFirstOrThrow();
  return [row.artworks, row.updated ?? '-', row.change ?? 0, row.artists ?? '-', row.rates ?? '-'].join('|');
}

/** Recorded catalogue changes after `afterId`, oldest first, at most `limit`. */
export async function getCatalogueChanges(db: Db, afterId: number, limit: number): Promise<{ id: number; artwork_id: number }[]> {
  return db.selectFrom('catalogue_changes').select(['id', 'artwork_id']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function getLastChangeId(db: Db): Promise<number> {
  const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The engine `npm start` runs; the state recorded before there could be several engines is its. */
export const DEFAULT_SEARCH_ENGINE = 'main';

/** One engine's copy of one index: what it was built from, and how far it has carried catalogue_changes. */
export interface SearchIndexState {
  /** The engine's stable name (SearchEngine.name in the indexer). */
  engine: string;
  index_uid: string;
  fingerprint: string;
  documents: number;
  /** When the last full rebuild finished, and how long it took. */
  built_at: string;
  duration_ms: number;
  last_change_id: number;
  /** When the index last caught up with recorded changes (a sync pass or a rebuild); null before either. */
  synced_at: string | null;
}

export async function getSearchIndexState(db: Db, indexUid: string, engine = DEFAULT_SEARCH_ENGINE): Promise<SearchIndexState | undefined> {
  return db.selectFrom('search_engine_state').selectAll().where('engine', '=', engine).where('index_uid', '=', indexUid).executeTakeFirst();
}

export async function saveSearchIndexState(db: Db, state: SearchIndexState): Promise<void> {
  await db
    .insertInto('search_engine_state')
    .values(state)
    .onConflict((oc) => oc.columns(['engine', 'index_uid']).doUpdateSet(state))
    .execute();
}

/**
 * What a sync pass records: only its own columns, so a full rebuild finishing meanwhile (in
 * another process) keeps its built_at and duration.
 */
export async function recordIndexSync(
  db: Db,
  { engine, index_uid }: Pick<SearchIndexState, 'engine' | 'index_uid'>,
  sync: Pick<SearchIndexState, 'fingerprint' | 'documents' | 'last_change_id' | 'synced_at'>,
): Promise<void> {
  await db.updateTable('search_engine_state').set(sync).where('engine', '=', engine).where('index_uid', '=', index_uid).execute();
}

/** How many recorded catalogue changes the index has yet to carry: those after `afterId`. */
export async function countCatalogueChangesAfter(db: Db, afterId: number): Promise<number> {
  const row = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '>', afterId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countArtworks(db: Db): Promise<number> {
  const row = await db.selectFrom('artworks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The search index's figures as the database knows them: what the last rebuild or sync pass wrote, and the changes still to carry. */
export interface IndexFigures {
  index: string;
  /** Documents the index holds, as last counted by a rebuild or sync pass; null before the first rebuild. */
  documents: number | null;
  synced_at: string | null;
  /** Catalogue changes the index has yet to carry. */
  lag: number;
  built_at: string | null;
  build_duration_ms: number | null;
}

/**
 * The figures of the engine furthest behind, when several hold the index: search is only as
 * fresh as its stalest engine. An engine never built has no figures until its first rebuild.
 */
export async function getIndexFigures(db: Db, indexUid: string): Promise<IndexFigures> {
  const state = await db.selectFrom('search_engine_state').selectAll().where('index_uid', '=', indexUid)
    .orderBy('last_change_id').orderBy('engine').limit(1).executeTakeFirst();
  return {
    index: indexUid,
    documents: state?.documents ?? null,
    synced_at: state?.synced_at ?? null,
    lag: await countCatalogueChangesAfter(db, state?.last_change_id ?? 0),
    built_at: state?.built_at ?? null,
    build_duration_ms: state?.duration_ms ?? null,
  };
}
