import { z } from 'zod';
import type { AccountUser } from '@easel/data/queries/accounts';
import type { EditableArtwork } from '@easel/data/queries/editing';
import { EDITABLE_STATUSES } from '@easel/shared/vocabulary';
import { listingFields, refineSides } from '../listing/listing';

/**
 * An artwork edit as PATCH /api/product/edit/ takes it, shared by the endpoint and the edit form
 * (which checks a draft with it before sending). Money is GBP minor units (pence).
 */

const centimetres = (min: number) =>
  z.number({ error: 'must be a number of cm' }).min(min, `must be at least ${min} cm`).max(2000, 'must be at most 2000 cm')
    .refine((n) => Math.round(n * 10) === n * 10, 'may have at most one decimal place');

const SIDES = ['width', 'height', 'depth'] as const;

/**
 * Any of the listing's fields (`listingFields`, each refused in the artist's English naming it),
 * the status, and the sides in centimetres as `width_cm` etc. Sides in the artist's units
 * (`width`, `height`, `depth`) come with `units`; the endpoint stores them in centimetres.
 */
export const artworkEditSchema = listingFields.extend({
  status: z.enum(EDITABLE_STATUSES, { error: 'must be available or hidden (sold and reserved are set by checkout)' }),
  width_cm: centimetres(1),
  height_cm: centimetres(1),
  depth_cm: centimetres(0),
}).partial()
  .refine((edit) => Object.keys(edit).length > 0, 'must name at least one field to change')
  .superRefine((edit, ctx) => {
    for (const side of SIDES) {
      if (edit[side] === undefined) continue;
      if (edit.units === undefined) ctx.addIssue({ code: 'custom', path: ['units'], message: 'listing.refusal.units' });
      if (edit[`${side}_cm`] !== undefined) ctx.addIssue({ code: 'custom', path: [side], message: `listing.refusal.${side}` });
    }
    refineSides(edit, ctx);
  });
export type ArtworkEditInput = z.output<typeof artworkEditSchema>;

/** Whether this account may edit this work: staff any, a provider their own artist's. */
export function mayEdit(user: Pick<AccountUser, 'role' | 'artist_id'>, artwork: Pick<EditableArtwork, 'artist_id'>): boolean {
  return mayEditArtist(user, artwork.artist_id);
}

/** Whether this account may edit what belongs to this artist (works, profile): staff any, a provider their own. */
export function mayEditArtist(user: Pick<AccountUser, 'role' | 'artist_id'>, artistId: number): boolean {
  return user.role === 'staff' || (user.role === 'provider' && user.artist_id === artistId);
}

