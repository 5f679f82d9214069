import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getArtistBySlug, getSoldArtworks } from '@easel/data/queries/artists';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { apiError } from '../api-error';
import { answering, HOMEPAGE_CACHE, PAGE_DATA_CACHE, readQuery, shipsToSchema, slugSchema, type Handler } from './api';
import { toArtistData } from './artists';
import { toCard } from './cards';
import { ARTIST_LISTS, loadArtists, type ArtistList } from './home';

type Dependencies = { getDb: () => Promise<Db> };

/** Sold works an artist page lists apart; their available works come from the search-service. */
const SOLD_LIMIT = 24;

const artistQuerySchema = z.object({ slug: slugSchema, ships_to: shipsToSchema });

/**
 * GET /api/v2/artist/?slug=<slug>: the artist with followers, counts of available and sold
 * works, and the sold works as product cards; 400 for a malformed slug, 404 for an unknown one.
 */
export function createArtistHandler({ getDb }: Dependencies): Handler {
  return answering('artist', async (request) => {
    const query = readQuery(request, artistQuerySchema);
    if (query instanceof Response) return query;
    const db = await getDb();
    const artist = await getArtistBySlug(db, query.slug);
    if (!artist) return apiError(404, 'not_found', `There is no artist ${query.slug}.`, 'slug');
    const [rates, sold] = await Promise.all([getRateMatrix(db), getSoldArtworks(db, artist.id, SOLD_LIMIT)]);
    return NextResponse.json(
      { ...toArtistData(artist), sold_works: sold.map((w) => toCard(w, rates, { ships_to: query.ships_to })) },
      { headers: { 'Cache-Control': PAGE_DATA_CACHE } },
    );
  });
}

const listQuerySchema = z.object({
  list: z.enum(Object.keys(ARTIST_LISTS) as [ArtistList, ...ArtistList[]], { error: 'must be popular or discovered' }),
  limit: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(48, 'may be at most 48').default(12),
});

/** GET /api/v2/artists/?list=popular|discovered[&limit=12]: `{ results: ArtistData[] }`, cached as the homepage they feed. */
export function createArtistListHandler({ getDb }: Dependencies): Handler {
  return answering('artists', async (request) => {
    const query = readQuery(request, listQuerySchema);
    if (query instanceof Response) return query;
    return NextResponse.json(await loadArtists(await getDb(), query.list, query.limit), { headers: { 'Cache-Control': HOMEPAGE_CACHE } });
  });
}
