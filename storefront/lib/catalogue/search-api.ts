import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { searchArtistsByName } from '@easel/data/queries/artists';
import { galleryParamsSchema, toQueryString } from '@easel/search-service/contract';
import type { CardImage } from '../cards';
import { fetchGallery } from '../search-service-client';
import { sessionCookie } from '../api/context';
import { query } from '../api/validate';
import { requestAddress } from '../rate-limits';
import { newSearchId, type SearchRecorder } from '../search-analytics/recorder';
import { toArtistData } from './artists';
import type { ImageSource } from './cards';

type Dependencies = { getDb: () => Promise<Db>; searchServiceUrl: () => string; searchRecorder: () => SearchRecorder };

/** Few enough to read at a glance under the header's search box. */
export const ARTWORK_SUGGESTIONS = 6;
export const ARTIST_SUGGESTIONS = 4;

/**
 * Suggestions change with the catalogue, not by the second; a short lifetime spares the search.
 * An answer with works carries its own search id, so it is the browser's alone.
 */
const SUGGESTIONS_CACHE = 'public, max-age=60, stale-while-revalidate=300';
const RECORDED_SUGGESTIONS_CACHE = 'private, max-age=60';

export interface ArtworkSuggestion {
  slug: string;
  title: string;
  url: string;
  artist_name: string;
  image: CardImage;
}

export interface ArtistSuggestion {
  slug: string;
  name: string;
  url: string;
  city: string;
  /** ISO 3166-1 alpha-2; the browser names it in the shopper's language. */
  country: string;
  avatar: ImageSource;
}

export interface SearchSuggestions {
  artworks: ArtworkSuggestion[];
  artists: ArtistSuggestion[];
  /** The search of the artworks, recorded (docs/SEARCH-ANALYTICS.md); absent when it did not answer. */
  search_id?: string;
}

const NO_SUGGESTIONS: SearchSuggestions = { artworks: [], artists: [] };

/** The same `q` the gallery takes: at most 200 characters, none the engine gives a meaning to. */
const querySchema = z.object({ q: galleryParamsSchema.shape.q });

/**
 * GET /api/v2/search/?q=: the header search box's suggestions, works for sale from the search
 * service and artists by name from the catalogue. No text, no suggestions. When the search
 * service is down the artists still answer, with no artworks, and the answer is not cached.
 */
export const searchRoutes = ({ getDb, searchServiceUrl, searchRecorder }: Dependencies) =>
  new Hono().get('/api/v2/search/', query(querySchema), async (c) => {
    const { q } = c.req.valid('query');
    if (!q) return c.json(NO_SUGGESTIONS, 200, { 'Cache-Control': SUGGESTIONS_CACHE });
    const definition = { q, paginate: ARTWORK_SUGGESTIONS };
    const started = performance.now();
    const [works, artists] = await Promise.all([
      // Prices and media are not shown, so any display will do.
      fetchGallery(definition, { currency: 'GBP', units: 'cm', language: 'en-gb' }, searchServiceUrl()).then((result) => ({ result, latencyMs: performance.now() - started })),
      getDb().then((db) => searchArtistsByName(db, q, ARTIST_SUGGESTIONS)),
    ]);
    const body: SearchSuggestions = {
      artworks: works.result.ok
        ? works.result.gallery.cards.map((card) => ({ slug: card.slug, title: card.title, url: card.href, artist_name: card.artistName, image: card.image }))
        : [],
      artists: artists.map(toArtistData).map(({ slug, name, url, city, country, avatar }) => ({ slug, name, url, city, country, avatar })),
    };
    if (!works.result.ok) return c.json(body, 200, { 'Cache-Control': 'no-store' });
    const recorder = searchRecorder();
    const searchId = newSearchId();
    recorder.recordSearch({
      searchId,
      source: 'header',
      queryString: toQueryString(definition),
      resultCount: works.result.gallery.count,
      latencyMs: works.latencyMs,
      visitor: recorder.visitorOf({ session: sessionCookie(c), address: requestAddress(c.req.raw), userAgent: c.req.header('user-agent') ?? '' }),
    });
    return c.json({ ...body, search_id: searchId }, 200, { 'Cache-Control': RECORDED_SUGGESTIONS_CACHE });
  });
