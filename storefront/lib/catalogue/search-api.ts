import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { searchArtistsByName } from '@easel/data/queries/artists';
import { getSynonyms } from '@easel/data/queries/search-levers';
import type { Category } from '@easel/shared/vocabulary';
import { galleryParamsSchema, toQueryString } from '@easel/search-service/contract';
import type { CardImage } from '../cards';
import { fetchGallery } from '../search/gallery-page';
import { sessionCookie } from '../api/context';
import { query } from '../api/validate';
import { requestAddress } from '../rate-limits';
import { newSearchId, type SearchRecorder } from '../search-analytics/recorder';
import { toArtistData } from './artists';
import type { ImageSource } from './cards';
import { getPopularSearchList, relatedSearches, suggestSearches } from './popular-searches';

type Dependencies = { getDb: () => Promise<Db>; searchServiceUrl: () => string; searchRecorder: () => SearchRecorder };

/** Few enough to read at a glance under the header's search box. */
export const ARTWORK_SUGGESTIONS = 4;
export const ARTIST_SUGGESTIONS = 4;
export const SEARCH_SUGGESTIONS = 4;
export const CATEGORY_SUGGESTIONS = 3;
/** Works asked for, so that the suggestions can show one of each title (a series shares one). */
const ARTWORKS_ASKED = 24;
/** Searches offered when one finds nothing. */
export const RELATED_SEARCHES = 6;

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

/** A search shoppers make that finds works they click, opening the gallery with its words. */
export interface QuerySuggestion {
  query: string;
  url: string;
}

/** A category where the words find works, opening its gallery page with them. */
export interface CategorySuggestion {
  category: Category;
  count: number;
  url: string;
}

export interface SearchSuggestions {
  queries: QuerySuggestion[];
  categories: CategorySuggestion[];
  artworks: ArtworkSuggestion[];
  artists: ArtistSuggestion[];
  /** The search of the artworks, recorded (docs/SEARCH-ANALYTICS.md); absent when it did not answer. */
  search_id?: string;
}

const NO_SUGGESTIONS: SearchSuggestions = { queries: [], categories: [], artworks: [], artists: [] };

const galleryWith = (q: string, category?: Category) => `/shop/${category ? `${category}/` : ''}?q=${encodeURIComponent(q)}`;

/** The same `q` the gallery takes: at most 200 characters, none the engine gives a meaning to. */
const querySchema = z.object({ q: galleryParamsSchema.shape.q });

/**
 * GET /api/v2/search/?q=: the header search box's suggestions: popular searches that start with
 * the words (popular-searches.ts), the categories where they find most works, works for sale
 * from the search service (one of each title, so a series does not fill the list) and artists by
 * name from the catalogue. No text, no suggestions. When the search service is down the searches
 * and artists still answer, and the answer is not cached.
 *
 * GET /api/v2/search/related/?q=: searches to offer when one finds nothing: the staff's synonyms
 * of its words, then popular searches (relatedSearches).
 */
export const searchRoutes = ({ getDb, searchServiceUrl, searchRecorder }: Dependencies) =>
  new Hono()
    .get('/api/v2/search/', query(querySchema), async (c) => {
      const { q } = c.req.valid('query');
      if (!q) return c.json(NO_SUGGESTIONS, 200, { 'Cache-Control': SUGGESTIONS_CACHE });
      const definition = { q, paginate: ARTWORKS_ASKED };
      const started = performance.now();
      const [works, artists, popular] = await Promise.all([
        // Prices and media are not shown, so any display will do.
        fetchGallery(definition, { currency: 'GBP', units: 'cm', language: 'en-gb' }, searchServiceUrl()).then((result) => ({ result, latencyMs: performance.now() - started })),
        getDb().then((db) => searchArtistsByName(db, q, ARTIST_SUGGESTIONS)),
        getDb().then((db) => getPopularSearchList(db)),
      ]);
      const titles = new Set<string>();
      const found = works.result.ok ? works.result.gallery : undefined;
      const body: SearchSuggestions = {
        queries: suggestSearches(popular, q, SEARCH_SUGGESTIONS).map((words) => ({ query: words, url: galleryWith(words) })),
        categories: (found?.categories ?? []).filter((c) => c.count > 0).slice(0, CATEGORY_SUGGESTIONS)
          .map(({ value, count }) => ({ category: value as Category, count, url: galleryWith(q, value as Category) })),
        artworks: (found?.cards ?? [])
          .filter((card) => !titles.has(card.title) && Boolean(titles.add(card.title)))
          .slice(0, ARTWORK_SUGGESTIONS)
          .map((card) => ({ slug: card.slug, title: card.title, url: card.href, artist_name: card.artistName, image: card.image })),
        artists: artists.map(toArtistData).map(({ slug, name, url, city, country, avatar }) => ({ slug, name, url, city, country, avatar })),
      };
      if (!found) return c.json(body, 200, { 'Cache-Control': 'no-store' });
      const recorder = searchRecorder();
      const searchId = newSearchId();
      recorder.recordSearch({
        searchId,
        source: 'header',
        queryString: toQueryString(definition),
        resultCount: found.count,
        latencyMs: works.latencyMs,
        visitor: recorder.visitorOf({ session: sessionCookie(c), address: requestAddress(c.req.raw), userAgent: c.req.header('user-agent') ?? '' }),
      });
      return c.json({ ...body, search_id: searchId }, 200, { 'Cache-Control': RECORDED_SUGGESTIONS_CACHE });
    })
    .get('/api/v2/search/related/', query(querySchema), async (c) => {
      const { q } = c.req.valid('query');
      const db = await getDb();
      const [synonyms, popular] = await Promise.all([getSynonyms(db), getPopularSearchList(db)]);
      const searches = relatedSearches(q ?? '', synonyms, popular, RELATED_SEARCHES).map((words) => ({ query: words, url: galleryWith(words) }));
      return c.json({ searches }, 200, { 'Cache-Control': SUGGESTIONS_CACHE });
    });
