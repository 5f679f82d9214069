import { z } from 'zod';
import type { AccountUser } from '@easel/data/queries/accounts';
import type { EditableArtwork } from '@easel/data/queries/editing';
import { CATEGORIES, EDITABLE_STATUSES, STYLES, SUBJECTS } from '@easel/shared/vocabulary';

/**
 * An artwork edit as PATCH /api/product/edit/ takes it, shared by the endpoint and the edit form
 * (which checks a draft with it before sending). Money is GBP minor units (pence).
 */

const SUBCATEGORIES = [...new Set(Object.values(CATEGORIES).flat())] as [string, ...string[]];

const minor = (what: string) =>
  z.number({ error: `must be ${what} in pence, a whole number` }).int(`must be ${what} in pence, a whole number`)
    .min(100, 'must be at least 100 (£1)').max(100_000_000, 'must be at most 100000000 (£1,000,000)');
const centimetres = (min: number) =>
  z.number({ error: 'must be a number of cm' }).min(min, `must be at least ${min} cm`).max(2000, 'must be at most 2000 cm')
    .refine((n) => Math.round(n * 10) === n * 10, 'may have at most one decimal place');
const text = (max: number) => z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const artworkEditSchema = z.strictObject({
  title: text(120),
  description: text(4000),
  price_minor: minor('the price'),
  sale_price_minor: minor('the sale price').nullable(),
  status: z.enum(EDITABLE_STATUSES, { error: 'must be available or hidden (sold and reserved are set by checkout)' }),
  subject: z.enum(SUBJECTS, { error: 'must be one of the gallery subjects' }),
  style: z.enum(STYLES, { error: 'must be one of the gallery styles' }),
  subcategory: z.enum(SUBCATEGORIES, { error: 'must be one of the gallery mediums' }),
  width_cm: centimetres(1),
  height_cm: centimetres(1),
  depth_cm: centimetres(0),
  framed: z.boolean({ error: 'must be true or false' }),
  ready_to_hang: z.boolean({ error: 'must be true or false' }),
  shipping_profile_id: z.number({ error: 'must be a shipping profile id' }).int('must be a shipping profile id').positive('must be a shipping profile id'),
}).partial().refine((edit) => Object.keys(edit).length > 0, 'must name at least one field to change');

/** Whether this account may edit this work: staff any, a provider their own artist's. */
export function mayEdit(user: Pick<AccountUser, 'role' | 'artist_id'>, artwork: Pick<EditableArtwork, 'artist_id'>): boolean {
  return mayEditArtist(user, artwork.artist_id);
}

/** Whether this account may edit what belongs to this artist (works, profile): staff any, a provider their own. */
export function mayEditArtist(user: Pick<AccountUser, 'role' | 'artist_id'>, artistId: number): boolean {
  return user.role === 'staff' || (user.role === 'provider' && user.artist_id === artistId);
}

