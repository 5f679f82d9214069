import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getAccountUser } from '@easel/data/queries/accounts';
import { getArtistCv, saveArtistCv } from '@easel/data/queries/artist-cv';
import { getArtistBySlug } from '@easel/data/queries/artists';
import { signedInUserId } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { slugSchema } from '../request-params';
import { artistCvEditSchema } from './artist-cv-edit';
import { mayEditArtist } from './artwork-edit';

/**
 * PATCH /api/artist/edit/?slug=<slug>: edits an artist's profile (biography, education,
 * exhibitions, the country their works ship from). The artist's own account and staff may;
 * others answer 401 (signed out) or 403. The body names only what changes, the lists whole.
 * The answer is `{ cv }`, the profile as stored; all of it is written in one transaction.
 */

/** Sixty exhibitions and a long biography fit well within this. */
const MAX_BODY_BYTES = 64 * 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };
const querySchema = z.object({ slug: slugSchema });

export const artistCvRoutes = ({ getDb }: { getDb: () => Promise<Db> }) =>
  new Hono().patch(
    '/api/artist/edit/',
    query(querySchema),
    // Who may edit which profile is settled before the body is read.
    createMiddleware<{ Variables: { artistId: number } }, string, { out: { query: z.output<typeof querySchema> } }>(async (c, next) => {
      const { slug } = c.req.valid('query');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to edit your profile.');
      const db = await getDb();
      const [user, artist] = await Promise.all([getAccountUser(db, userId), getArtistBySlug(db, slug)]);
      if (!user || (user.role !== 'staff' && user.role !== 'provider')) throw new ApiError(403, 'forbidden', 'Only staff and artists may edit artist profiles.');
      if (!artist) throw new ApiError(404, 'not_found', `There is no artist ${slug}.`, 'slug');
      if (!mayEditArtist(user, artist.id)) throw new ApiError(403, 'forbidden', 'Artists may edit only their own profile.');
      c.set('artistId', artist.id);
      await next();
    }),
    jsonObject(MAX_BODY_BYTES, '{ "bio": "…", "exhibitions": [{ "year": 2024, "title": "…", "venue": "…", "city": "…", "kind": "solo" }] }'),
    json(artistCvEditSchema),
    async (c) => {
      const { slug } = c.req.valid('query');
      const db = await getDb();
      const artistId = c.get('artistId');
      if (!(await saveArtistCv(db, artistId, c.req.valid('json'), new Date().toISOString()))) {
        throw new ApiError(404, 'not_found', `There is no artist ${slug}.`, 'slug');
      }
      const cv = await getArtistCv(db, artistId);
      if (!cv) throw new ApiError(404, 'not_found', `There is no artist ${slug}.`, 'slug');
      return c.json({ cv }, 200, PRIVATE);
    },
  );
