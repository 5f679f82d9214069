import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getAccountUser } from '@easel/data/queries/accounts';
import { editArtwork, getEditableArtwork, type ArtworkEdit, type EditRefusal } from '@easel/data/queries/editing';
import { signedInUserId } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { slugSchema } from '../request-params';
import { toCentimetres } from '../listing/listing';
import { artworkEditSchema, mayEdit, type ArtworkEditInput } from './artwork-edit';

/**
 * PATCH /api/product/edit/?slug=<slug>: edits an artwork's listing. Staff may edit any work, a
 * provider the works of their own artist profile; others answer 401 (signed out) or 403. The
 * body names only the fields that change, any of the listing's ("List a work") and the status;
 * money is GBP minor units (pence): { "price_minor": 45000 } is £450. The answer is the work as stored after the edit; its catalogue change is
 * written in the same transaction, and the indexer carries it to search within a second or two.
 */

/** A listing's words fit in a few kilobytes; anything longer is not an edit. */
const MAX_BODY_BYTES = 16 * 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };
const querySchema = z.object({ slug: slugSchema });

/** The edit as the catalogue stores it: sides in the artist's units -> centimetres ({ units: 'in', width: 10 } -> { width_cm: 25.4 }). */
function toArtworkEdit({ units, width, height, depth, ...edit }: ArtworkEditInput): ArtworkEdit {
  const cm = (value: number | undefined) => (value === undefined || units === undefined ? undefined : toCentimetres(value, units));
  const sides = { width_cm: cm(width), height_cm: cm(height), depth_cm: cm(depth) };
  return { ...edit, ...Object.fromEntries(Object.entries(sides).filter(([, v]) => v !== undefined)) };
}

function describeEditRefusal(refusal: Exclude<EditRefusal, { reason: 'not_found' }>): string {
  switch (refusal.reason) {
    case 'sale_not_below_price': return 'sale_price_minor must be below the price.';
    case 'not_in_category': return `subcategory must be a medium of ${refusal.category}.`;
    case 'not_own_profile': return "shipping_profile_id must be one of the artist's own shipping profiles.";
    case 'ships_from_mismatch': return 'ships_from must be the country of the work’s shipping profile.';
    case 'status_locked': return `status cannot be changed while the work is ${refusal.status}.`;
    case 'unpublished': return 'status cannot be set to available on a draft: publish it from Your works, which checks it has a photo.';
    case 'price_held': return `${refusal.field} cannot be changed while a shopper's checkout holds the work at its quoted price; try again when the hold ends.`;
  }
}

export const editRoutes = ({ getDb }: { getDb: () => Promise<Db> }) =>
  new Hono().patch(
    '/api/product/edit/',
    query(querySchema),
    // Who may edit which work is settled before the body is read.
    createMiddleware<{ Variables: { artworkId: number } }, string, { out: { query: z.output<typeof querySchema> } }>(async (c, next) => {
      const { slug } = c.req.valid('query');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to edit artworks.');
      const db = await getDb();
      const [user, artwork] = await Promise.all([getAccountUser(db, userId), getEditableArtwork(db, slug)]);
      if (!user || (user.role !== 'staff' && user.role !== 'provider')) throw new ApiError(403, 'forbidden', 'Only staff and artists may edit artworks.');
      if (!artwork) throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
      if (!mayEdit(user, artwork)) throw new ApiError(403, 'forbidden', 'Artists may edit only their own works.');
      c.set('artworkId', artwork.id);
      await next();
    }),
    jsonObject(MAX_BODY_BYTES, '{ "price_minor": 45000 }'),
    json(artworkEditSchema),
    async (c) => {
      const { slug } = c.req.valid('query');
      const db = await getDb();
      const outcome = await editArtwork(db, c.get('artworkId'), toArtworkEdit(c.req.valid('json')), new Date().toISOString());
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
        // A sold, reserved or held work is a state of the shop, not a mistake in the body.
        const [status, code] = outcome.reason === 'status_locked' || outcome.reason === 'price_held' || outcome.reason === 'unpublished' ? [409, 'conflict'] as const : [400, 'invalid_parameter'] as const;
        throw new ApiError(status, code, describeEditRefusal(outcome), outcome.field);
      }
      const artwork = await getEditableArtwork(db, slug);
      if (!artwork) throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
      return c.json({ artwork }, 200, PRIVATE);
    },
  );
