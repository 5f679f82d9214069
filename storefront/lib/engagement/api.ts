import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getFavourites, toggleFavourite } from '@easel/data/queries/favourites';
import { getFollowedArtistSlugs, toggleFollow } from '@easel/data/queries/follows';
import { apiError } from '../api-error';
import { answering, slugSchema, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { requestUserId } from '../session';

/**
 * A signed-in shopper's favourites (`/collections/api/favourites/`) and follows (`/interest/`,
 * `/interest/follows.js`). Reading answers an empty list for a visitor, so hearts and follow
 * buttons render for everyone; changing needs an account (401 `not_signed_in`, which the page
 * answers with the login overlay).
 */

type Dependencies = { getDb: () => Promise<Db> };

const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'private, no-store' };


const favouriteSchema = z.strictObject({ slug: slugSchema });
const followSchema = z.strictObject({ artist: slugSchema });

export function createFavouritesHandlers({ getDb }: Dependencies): { GET: Handler; POST: Handler } {
  return {
    /** `{ results: [{ id, slug, artist_id, artist_slug }] }`, most recently added first. */
    GET: answering('favourites', async (request) => {
      const userId = await requestUserId(request, getDb);
      return NextResponse.json({ results: userId === null ? [] : await getFavourites(await getDb(), userId) }, { headers: PRIVATE });
    }),
    /** Body `{ "slug": "…" }`: adds the work if absent, removes it if present; `{ favourited, favourite_count, entry }`. */
    POST: answering('favourites', async (request) => {
      const body = await readJsonBody(request, favouriteSchema, MAX_BODY_BYTES, '{ "slug": "…" }');
      if (body instanceof Response) return body;
      const userId = await requestUserId(request, getDb);
      if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to save favourites.');
      const toggled = await toggleFavourite(await getDb(), userId, body.slug, new Date().toISOString());
      if (!toggled) return apiError(404, 'not_found', `There is no artwork ${body.slug}.`, 'slug');
      return NextResponse.json(toggled, { headers: PRIVATE });
    }),
  };
}

export function createFollowsHandlers({ getDb }: Dependencies): { list: Handler; toggle: Handler } {
  return {
    /** GET /interest/follows.js: SPEC §3's followed artists, `{ results: [artist slug, …] }`, most recent first. */
    list: answering('follows', async (request) => {
      const userId = await requestUserId(request, getDb);
      return NextResponse.json({ results: userId === null ? [] : await getFollowedArtistSlugs(await getDb(), userId) }, { headers: PRIVATE });
    }),
    /** POST /interest/ with `{ "artist": "…" }`: follows if not yet, unfollows if so; `{ following, follower_count, artist_slug }`. */
    toggle: answering('follows', async (request) => {
      const body = await readJsonBody(request, followSchema, MAX_BODY_BYTES, '{ "artist": "…" }');
      if (body instanceof Response) return body;
      const userId = await requestUserId(request, getDb);
      if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to follow artists.');
      const toggled = await toggleFollow(await getDb(), userId, body.artist, new Date().toISOString());
      if (!toggled) return apiError(404, 'not_found', `There is no artist ${body.artist}.`, 'artist');
      return NextResponse.json(toggled, { headers: PRIVATE });
    }),
  };
}
