import { Hono } from 'hono';
import { z } from 'zod';
import { query } from '../api/validate';
import { LANGUAGES } from '../i18n/languages';
import { getTranslator } from '../i18n/translate';
import { parseLandingPath, type Landing } from './location';
import { getPageSeo } from './seo';

const LANDING_PATH = /^\/shop\/((?:[a-z-]+\/){0,2})$/;

/** A gallery landing page's address -> its landing: '/shop/painting/oil/' -> painting, oil. */
const landingSchema = z
  .string()
  .default('/shop/')
  .transform((path) => {
    const match = LANDING_PATH.exec(path);
    return match ? parseLandingPath(match[1]!.split('/').filter(Boolean)) : null;
  })
  .refine((landing): landing is Landing => landing !== null, 'must be a gallery landing page such as /shop/painting/oil/');

/**
 * GET /shop/page-data/?path=/shop/painting/oil/ -> the landing page's SEO text (SPEC section 3).
 * Without `path`, the whole gallery's; in the English of `language` (en-gb by default).
 */
export const pageDataRoutes = () =>
  new Hono().get('/shop/page-data/', query(z.object({ path: landingSchema, language: z.enum(LANGUAGES).default('en-gb') })), (c) =>
    c.json(getPageSeo(c.req.valid('query').path, getTranslator(c.req.valid('query').language)), 200, { 'Cache-Control': 'public, max-age=1800, stale-while-revalidate=21600' }));
