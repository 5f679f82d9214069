import { Hono } from 'hono';
import { z } from 'zod';
import { CATEGORIES, CATEGORY_VALUES, type Category } from '@easel/shared/vocabulary';
import type { FacetValue } from '@easel/search-service/contract';
import { ApiError } from '../api/errors';
import { valueLabel } from '../gallery/labels';
import { LANGUAGES } from '../i18n/languages';
import { getTranslator } from '../i18n/translate';
import { query } from '../api/validate';
import { fetchGallery } from '../search/gallery-page';

type Dependencies = { searchServiceUrl: () => string };

/** Counts move with the catalogue, not by the second: five minutes fresh, then an hour served while refreshed. */
const CATEGORIES_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

export interface CategoryLink {
  value: string;
  /** As the gallery names it: 'Mixed media'. */
  name: string;
  /** The gallery's landing page: '/shop/painting/', '/shop/painting/oil/'. */
  url: string;
  /** Works for sale. */
  count: number;
}

export interface CategoryMenu {
  results: (CategoryLink & { value: Category; subcategories: CategoryLink[] })[];
}

/** `?language=en-us` names the media in American English; British English without it. */
const querySchema = z.object({ language: z.enum(LANGUAGES).default('en-gb') });

const countOf = (facet: FacetValue[], value: string) => facet.find((f) => f.value === value)?.count ?? 0;

/**
 * GET /api/v2/categories/: the header's category menu, every medium and its subcategories in the
 * vocabulary's order, each with its landing page and how many works it has for sale, from one
 * search's facet counts (the search service caches it too):
 * { results: [{ value: 'painting', name: 'Painting', url: '/shop/painting/', count: 703,
 *   subcategories: [{ value: 'oil', name: 'Oil', url: '/shop/painting/oil/', count: 115 }, …] }, …] }.
 * Named in the English of `?language=` (en-gb by default). When the search service cannot answer:
 * 503 `unavailable`, uncached.
 */
export const categoryRoutes = ({ searchServiceUrl }: Dependencies) =>
  new Hono().get('/api/v2/categories/', query(querySchema), async (c) => {
    const t = getTranslator(c.req.valid('query').language);
    // One work is the least a search answers; its facets count the whole catalogue.
    const works = await fetchGallery({ paginate: 1 }, { currency: 'GBP', units: 'cm', language: 'en-gb' }, searchServiceUrl());
    if (!works.ok) throw new ApiError(503, 'unavailable', 'The categories cannot be counted just now; please try again shortly.');
    const { categories, subcategories } = works.gallery;
    const body: CategoryMenu = {
      results: CATEGORY_VALUES.map((category) => ({
        value: category,
        name: valueLabel(category, t),
        url: `/shop/${category}/`,
        count: countOf(categories, category),
        subcategories: CATEGORIES[category].map((sub: string) => ({
          value: sub,
          name: valueLabel(sub, t),
          url: `/shop/${category}/${sub}/`,
          count: countOf(subcategories[category], sub),
        })),
      })),
    };
    return c.json(body, 200, { 'Cache-Control': CATEGORIES_CACHE });
  });
