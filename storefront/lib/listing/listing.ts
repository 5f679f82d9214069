import { z } from 'zod';
import { CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, SHIPPING_COUNTRIES, STYLES, SUBJECTS, type Category, type Colour } from '@easel/shared/vocabulary';
import type { MessageKey } from '../i18n/messages';
import { DISPLAY_UNITS } from '../settings/settings';
import { LISTING_STATUSES, MAX_PHOTOS, WITHDRAW_REASONS, type ListingStatus, type WithdrawReason } from './limits';

/**
 * A work's listing as an artist fills it in: the one schema `POST /api/artist/works/` checks
 * and the "List a work" form checks its draft with. Each refusal is a sentence of the message
 * table that names its field ("Title: …"), answered in the artist's English
 * (lib/api/validate.ts). Money is GBP minor units (pence); sizes are in the artist's `units`.
 */

const refusal = (key: MessageKey<'listing'>) => key;
const text = (key: MessageKey<'listing'>, max: number) => z.string({ error: refusal(key) }).trim().min(1, refusal(key)).max(max, refusal(key));
const minor = (key: MessageKey<'listing'>) => z.number({ error: refusal(key) }).int(refusal(key)).min(100, refusal(key)).max(100_000_000, refusal(key));
/** A side in the artist's units: positive (depth may be 0), at most 2000 cm or 787 in, one decimal place. */
const side = (key: MessageKey<'listing'>, min: number) =>
  z.number({ error: refusal(key) }).min(min, refusal(key)).max(2000, refusal(key))
    .refine((n) => Math.round(n * 10) === n * 10, refusal(key));
const flag = (key: MessageKey<'listing'>) => z.boolean({ error: refusal(key) });

/** The longest side a listing may give, in centimetres; in inches it is this over 2.54. */
export const MAX_SIDE_CM = 2000;
export const MAX_COLOURS = 4;

/** The listing's fields, each checked alone; the edit endpoint takes any of them (`lib/catalogue/artwork-edit.ts`). */
export const listingFields = z.strictObject({
  title: text('listing.refusal.title', 120),
  description: text('listing.refusal.description', 4000),
  category: z.enum(CATEGORY_VALUES as [Category, ...Category[]], { error: refusal('listing.refusal.category') }),
  subcategory: z.string({ error: refusal('listing.refusal.subcategory') }),
  /** The medium's wording ("Oil on linen"); left out, the subcategory's usual wording. */
  medium: text('listing.refusal.medium', 120).optional(),
  subject: z.enum(SUBJECTS, { error: refusal('listing.refusal.subject') }),
  style: z.enum(STYLES, { error: refusal('listing.refusal.style') }),
  colours: z.array(z.enum(COLOUR_VALUES as [Colour, ...Colour[]], { error: refusal('listing.refusal.colours') }), { error: refusal('listing.refusal.colours') })
    .min(1, refusal('listing.refusal.colours')).max(MAX_COLOURS, refusal('listing.refusal.colours'))
    .refine((colours) => new Set(colours).size === colours.length, refusal('listing.refusal.colours')),
  units: z.enum(DISPLAY_UNITS, { error: refusal('listing.refusal.units') }),
  width: side('listing.refusal.width', 0.1),
  height: side('listing.refusal.height', 0.1),
  depth: side('listing.refusal.depth', 0),
  framed: flag('listing.refusal.framed'),
  ready_to_hang: flag('listing.refusal.readyToHang'),
  price_minor: minor('listing.refusal.price'),
  sale_price_minor: minor('listing.refusal.salePrice').nullable(),
  shipping_profile_id: z.number({ error: refusal('listing.refusal.shippingProfile') }).int(refusal('listing.refusal.shippingProfile')).positive(refusal('listing.refusal.shippingProfile')),
  ships_from: z.enum(SHIPPING_COUNTRIES, { error: refusal('listing.refusal.shipsFrom') }),
});

type Sized = { units?: Listing['units'] | undefined; width?: number | undefined; height?: number | undefined; depth?: number | undefined };

/** Sides given in inches stay within MAX_SIDE_CM; shared by the listing and the edit. */
export function refineSides(listing: Sized, ctx: z.RefinementCtx): void {
  if (listing.units !== 'in') return;
  for (const field of ['width', 'height', 'depth'] as const) {
    const value = listing[field];
    if (value !== undefined && value * 2.54 > MAX_SIDE_CM) ctx.addIssue({ code: 'custom', path: [field], message: refusal(`listing.refusal.${field}`) });
  }
}

export const listingSchema = listingFields.extend({
  /** Left out: not on sale. */
  sale_price_minor: listingFields.shape.sale_price_minor.optional().transform((v) => v ?? null),
}).superRefine((listing, ctx) => {
  const mediums: readonly string[] = CATEGORIES[listing.category] ?? [];
  if (!mediums.includes(listing.subcategory)) ctx.addIssue({ code: 'custom', path: ['subcategory'], message: refusal('listing.refusal.subcategory') });
  if (listing.sale_price_minor !== null && listing.sale_price_minor >= listing.price_minor) {
    ctx.addIssue({ code: 'custom', path: ['sale_price_minor'], message: refusal('listing.refusal.salePrice') });
  }
  refineSides(listing, ctx);
});
export type ListingInput = z.input<typeof listingSchema>;
export type Listing = z.output<typeof listingSchema>;

/** A side in the artist's units, in centimetres to one decimal: (10, 'in') -> 25.4. */
export const toCentimetres = (value: number, units: Listing['units']) => Math.round((units === 'in' ? value * 2.54 : value) * 10) / 10;

/** PUT /api/artist/works/<id>/photos/: every photo of the work, once each, in the new order (first = main image). */
export const photoOrderSchema = z.strictObject({
  order: z.array(z.number({ error: refusal('listing.refusal.photoOrder') }).int(refusal('listing.refusal.photoOrder')).positive(refusal('listing.refusal.photoOrder')), { error: refusal('listing.refusal.photoOrder') })
    .min(1, refusal('listing.refusal.photoOrder')).max(MAX_PHOTOS, refusal('listing.refusal.photoOrder'))
    .refine((ids) => new Set(ids).size === ids.length, refusal('listing.refusal.photoOrder')),
});

/** POST /api/artist/works/<id>/withdraw/: why the work leaves sale; `{}` is a plain withdrawal. */
export const withdrawSchema = z.strictObject({
  reason: z.enum(WITHDRAW_REASONS, { error: refusal('listing.refusal.withdrawReason') }).default('withdrawn'),
});

/** GET /api/artist/works/?status=draft: only the works in one status. */
export const worksQuerySchema = z.object({
  status: z.enum(LISTING_STATUSES, { error: `must be one of ${LISTING_STATUSES.join(', ')}` }).optional(),
});

/** One photo of a work, as the API answers it: its addresses at every width the site serves. */
export interface ListingPhoto {
  id: number;
  /** 0 is the main image. */
  position: number;
  /** The stored picture's size in pixels, the right way up. */
  width: number;
  height: number;
  /** The 640 px WebP: '/media/photos/<key>/640.webp'. */
  url: string;
  /** Every width, as an `srcset` value. */
  srcset: string;
}

/** What shoppers did with a work. */
export interface ListingCounts {
  views: number;
  favourites: number;
  basket_adds: number;
}

/** A work as its artist sees it in "Your works" and after each change. */
export interface ArtistWork {
  id: number;
  slug: string;
  status: ListingStatus;
  /** Set when the artist marked it sold elsewhere (status `sold`). */
  sold_elsewhere: boolean;
  title: string;
  /** GBP minor units. */
  price_minor: number;
  sale_price_minor: number | null;
  created_at: string;
  /** When it was first put on sale; null for a draft never published. */
  published_at: string | null;
  /** Its main picture (the first photo, or the drawn picture of a seeded work): 640 px, with an srcset. */
  image: { url: string; srcset: string } | null;
  photos: ListingPhoto[];
  counts: ListingCounts;
  /** The product page's address. */
  url: string;
}

/** GET /api/artist/works/: the artist's works, newest first, with the figure for each status. */
export interface ArtistWorksAnswer {
  works: ArtistWork[];
  status_counts: Record<ListingStatus, number>;
  /** The artist's shipping profiles, for the form's choice (each with the country it ships from). */
  shipping_profiles: { id: number; ships_from: string; dispatch_days: number }[];
}

export type { ListingStatus, WithdrawReason };
