import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { apiError } from '../api-error';
import { COUNTRY_CODES } from '../settings/countries';

/**
 * What the catalogue endpoints share: their query parameters, cache lifetimes and the 503 a
 * database failure answers.
 */

export type Handler = (request: NextRequest) => Promise<Response>;

/** SPEC §9: product and artist 1800 s, stale 7200 s. */
export const PAGE_DATA_CACHE = 'public, max-age=1800, stale-while-revalidate=7200';
/** SPEC §9: homepage 1800 s, stale 3600 s. */
export const HOMEPAGE_CACHE = 'public, max-age=1800, stale-while-revalidate=3600';

/** Catalogue slugs, as the search contract reads them: 'blue-harbour-ada-lovelace'. */
export { slugSchema } from '@easel/search-service/contract';

/** The country shipping is priced to; the contract's default (GB) when absent. */
export const shipsToSchema = z.enum(COUNTRY_CODES, { error: 'must be an ISO 3166-1 alpha-2 country code such as GB' }).optional();

/**
 * The request's query, validated: its first offending parameter answers 400 naming it.
 * Unknown parameters are ignored, as caches and trackers add their own.
 */
export function readQuery<S extends z.ZodObject>(request: NextRequest, schema: S): z.output<S> | Response {
  const query = Object.fromEntries([...request.nextUrl.searchParams.keys()].map((key) => [key, request.nextUrl.searchParams.get(key)]));
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = String(issue.path[0]);
  return apiError(400, 'invalid_parameter', `${param} ${issue.message}.`, param);
}

/** A failure below (the database, most likely) answers 503 in the API's error shape, saying what is unavailable. */
export function answering(name: string, handler: Handler, unavailable = 'The catalogue is unavailable just now; please try again shortly.'): Handler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      console.error(`${name}: ${request.method} ${request.nextUrl.pathname} failed:`, error);
      return apiError(503, 'unavailable', unavailable);
    }
  };
}
