import { z } from 'zod';
import { COUNTRY_CODES } from './settings/countries';

/** The query and path parameters the JSON API's endpoints and the pages read alike. */

/** Catalogue slugs, as the search contract reads them: 'blue-harbour-ada-lovelace'. */
export { slugSchema } from '@easel/search-service/contract';

/** The country shipping is priced to; the contract's default (GB) when absent. */
export const shipsToSchema = z.enum(COUNTRY_CODES, { error: 'must be an ISO 3166-1 alpha-2 country code such as GB' }).optional();

/** A query that names only the country its cards mark free shipping to: '?ships_to=US'. */
export const shipsToQuerySchema = z.object({ ships_to: shipsToSchema });
