import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { apiError } from '../api-error';
import { answering, HOMEPAGE_CACHE, PAGE_DATA_CACHE, readQuery, shipsToSchema, slugSchema, type Handler } from './api';
import { getArtistPageData } from './artists';
import { ARTIST_LISTS, loadArtists, type ArtistList } from './home';

type Dependencies = { getDb: () => Promise<Db> };

const artistQuerySchema = z.object({ slug: slugSchema, ships_to: shipsToSchema });

/**
 * GET /api/v2/artist/?slug=<slug>: the artist with followers, counts of available and sold
 * works, and the sold works as product cards; 400 for a malformed slug, 404 for an unknown one.
 */
export function createArtistHandler({ getDb }: Dependencies): Handler {
  return answering('artist', async (request) => {
    const query = readQuery(request, artistQuerySchema);
    if (query instanceof Response) return query;
    const artist = await getArtistPageData(await getDb(), query.slug, { ships_to: query.ships_to });
    if (!artist) return apiError(404, 'not_found', `There is no artist ${query.slug}.`, 'slug');
    return NextResponse.json(artist, { headers: { 'Cache-Control': PAGE_DATA_CACHE } });
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
