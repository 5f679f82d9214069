import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { ApiError } from '../api/errors';
import { query } from '../api/validate';
import { shipsToSchema, slugSchema } from '../request-params';
import { getArtistPageData } from './artists';
import { HOMEPAGE_CACHE, PAGE_DATA_CACHE } from './cache-control';
import { ARTIST_LISTS, loadArtists, type ArtistList } from './home';

type Dependencies = { getDb: () => Promise<Db> };

const artistQuerySchema = z.object({ slug: slugSchema, ships_to: shipsToSchema });

const listQuerySchema = z.object({
  list: z.enum(Object.keys(ARTIST_LISTS) as [ArtistList, ...ArtistList[]], { error: 'must be popular or discovered' }),
  limit: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(48, 'may be at most 48').default(12),
});

/**
 * GET /api/v2/artist/?slug=<slug>: the artist with followers, counts of available and sold
 * works, and the sold works as product cards; 400 for a malformed slug, 404 for an unknown one.
 * GET /api/v2/artists/?list=popular|discovered[&limit=12]: `{ results: ArtistData[] }`, cached
 * as the homepage they feed.
 */
export const artistRoutes = ({ getDb }: Dependencies) =>
  new Hono()
    .get('/api/v2/artist/', query(artistQuerySchema), async (c) => {
      const { slug, ships_to } = c.req.valid('query');
      const artist = await getArtistPageData(await getDb(), slug, { ships_to });
      if (!artist) throw new ApiError(404, 'not_found', `There is no artist ${slug}.`, 'slug');
      return c.json(artist, 200, { 'Cache-Control': PAGE_DATA_CACHE });
    })
    .get('/api/v2/artists/', query(listQuerySchema), async (c) => {
      const { list, limit } = c.req.valid('query');
      return c.json(await loadArtists(await getDb(), list, limit), 200, { 'Cache-Control': HOMEPAGE_CACHE });
    });
