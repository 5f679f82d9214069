import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getFavourites, toggleFavourite } from '@easel/data/queries/favourites';
import { getFollowedArtistSlugs, toggleFollow } from '@easel/data/queries/follows';
import { signedInUserId } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { slugSchema } from '../request-params';

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

export const engagementRoutes = ({ getDb }: Dependencies) =>
  new Hono()
    /** `{ results: [{ id, slug, artist_id, artist_slug }] }`, most recently added first. */
    .get('/collections/api/favourites/', async (c) => {
      const userId = await signedInUserId(c, getDb);
      return c.json({ results: userId === null ? [] : await getFavourites(await getDb(), userId) }, 200, PRIVATE);
    })
    /** Body `{ "slug": "…" }`: adds the work if absent, removes it if present; `{ favourited, favourite_count, entry }`. */
    .post('/collections/api/favourites/', jsonObject(MAX_BODY_BYTES, '{ "slug": "…" }'), json(favouriteSchema), async (c) => {
      const { slug } = c.req.valid('json');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', { key: 'api.favouritesSignIn' });
      const toggled = await toggleFavourite(await getDb(), userId, slug, new Date().toISOString());
      if (!toggled) throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
      return c.json(toggled, 200, PRIVATE);
    })
    /** GET /interest/follows.js: SPEC §3's followed artists, `{ results: [artist slug, …] }`, most recent first. */
    .get('/interest/follows.js', async (c) => {
      const userId = await signedInUserId(c, getDb);
      return c.json({ results: userId === null ? [] : await getFollowedArtistSlugs(await getDb(), userId) }, 200, PRIVATE);
    })
    /** POST /interest/ with `{ "artist": "…" }`: follows if not yet, unfollows if so; `{ following, follower_count, artist_slug }`. */
    .post('/interest/', jsonObject(MAX_BODY_BYTES, '{ "artist": "…" }'), json(followSchema), async (c) => {
      const { artist } = c.req.valid('json');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to follow artists.');
      const toggled = await toggleFollow(await getDb(), userId, artist, new Date().toISOString());
      if (!toggled) throw new ApiError(404, 'not_found', `There is no artist ${artist}.`, 'artist');
      return c.json(toggled, 200, PRIVATE);
    });
