import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getAccountUser } from '@easel/data/queries/accounts';
import { editArtwork, getEditableArtwork, type EditRefusal } from '@easel/data/queries/editing';
import { apiError } from '../api-error';
import { readJsonBody } from '../read-body';
import { requestUserId } from '../session';
import { answering, readQuery, slugSchema, type Handler } from './api';
import { artworkEditSchema, mayEdit } from './artwork-edit';

/**
 * PATCH /api/product/edit/?slug=<slug>: edits an artwork's listing. Staff may edit any work, a
 * provider the works of their own artist profile; others answer 401 (signed out) or 403. The
 * body names only the fields that change; money is GBP minor units (pence): { "price_minor":
 * 45000 } is £450. The answer is the work as stored after the edit; its catalogue change is
 * written in the same transaction, and the indexer carries it to search within a second or two.
 */

/** A listing's words fit in a few kilobytes; anything longer is not an edit. */
const MAX_BODY_BYTES = 16 * 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };
const querySchema = z.object({ slug: slugSchema });

function describeEditRefusal(refusal: Exclude<EditRefusal, { reason: 'not_found' }>): string {
  switch (refusal.reason) {
    case 'sale_not_below_price': return 'sale_price_minor must be below the price.';
    case 'not_in_category': return `subcategory must be a medium of ${refusal.category}.`;
    case 'not_own_profile': return "shipping_profile_id must be one of the artist's own shipping profiles.";
    case 'status_locked': return `status cannot be changed while the work is ${refusal.status}.`;
    case 'price_held': return `${refusal.field} cannot be changed while a shopper's checkout holds the work at its quoted price; try again when the hold ends.`;
  }
}

export function createEditHandler({ getDb }: { getDb: () => Promise<Db> }): Handler {
  return answering('edit', async (request) => {
    const query = readQuery(request, querySchema);
    if (query instanceof Response) return query;
    const userId = await requestUserId(request, getDb);
    if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to edit artworks.');
    const db = await getDb();
    const [user, artwork] = await Promise.all([getAccountUser(db, userId), getEditableArtwork(db, query.slug)]);
    if (!user || (user.role !== 'staff' && user.role !== 'provider')) return apiError(403, 'forbidden', 'Only staff and artists may edit artworks.');
    if (!artwork) return apiError(404, 'not_found', `There is no artwork ${query.slug}.`, 'slug');
    if (!mayEdit(user, artwork)) return apiError(403, 'forbidden', 'Artists may edit only their own works.');
    const edit = await readJsonBody(request, artworkEditSchema, MAX_BODY_BYTES, '{ "price_minor": 45000 }');
    if (edit instanceof Response) return edit;
    const outcome = await editArtwork(db, artwork.id, edit, new Date().toISOString());
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') return apiError(404, 'not_found', `There is no artwork ${query.slug}.`, 'slug');
      // A sold, reserved or held work is a state of the shop, not a mistake in the body.
      const [status, code] = outcome.reason === 'status_locked' || outcome.reason === 'price_held' ? [409, 'conflict'] as const : [400, 'invalid_parameter'] as const;
      return apiError(status, code, describeEditRefusal(outcome), outcome.field);
    }
    return NextResponse.json({ artwork: await getEditableArtwork(db, query.slug) }, { headers: PRIVATE });
  });
}
