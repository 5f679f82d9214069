import { z } from 'zod';
import { COUNTRY_CODES } from '../settings/countries';

/** What the catalogue endpoints share: their query parameters and cache lifetimes. */

/** SPEC §9: product and artist 1800 s, stale 7200 s. */
export const PAGE_DATA_CACHE = 'public, max-age=1800, stale-while-revalidate=7200';
/** SPEC §9: homepage 1800 s, stale 3600 s. */
export const HOMEPAGE_CACHE = 'public, max-age=1800, stale-while-revalidate=3600';

/** Catalogue slugs, as the search contract reads them: 'blue-harbour-ada-lovelace'. */
export { slugSchema } from '@easel/search-service/contract';

/** The country shipping is priced to; the contract's default (GB) when absent. */
export const shipsToSchema = z.enum(COUNTRY_CODES, { error: 'must be an ISO 3166-1 alpha-2 country code such as GB' }).optional();
