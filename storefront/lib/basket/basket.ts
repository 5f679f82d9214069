import { z } from 'zod';
import { currencySchema } from '../settings/settings';

/**
 * The basket as GET /api/basket-next/ and its changes answer it (SPEC §3 "Basket"): lines with
 * what the page shows of them, the promo code and the totals, amounts in minor units of the
 * shopper's currency. The server builds it (view.ts), the browser checks it. Browser-safe.
 */

export const BASKET_PROBLEMS = ['sold', 'unavailable', 'reserved', 'sold_out'] as const;

const minor = z.number().int().min(0);

export const basketItemSchema = z.object({
  line_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  artist_name: z.string(),
  url: z.string(),
  image: z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number() }),
  /** Null for the original. */
  print: z.object({ slug: z.string(), size_label: z.string() }).nullable(),
  quantity: z.number().int().positive(),
  /** The most this line may hold: 1 for an original, the copies left for a print. */
  max_quantity: z.number().int().min(0),
  unit_price_minor: minor,
  line_total_minor: minor,
  /** Why the line cannot be bought as it stands, or null. */
  problem: z.enum(BASKET_PROBLEMS).nullable(),
  /** Whether the work ships to the basket's `destination`: when it does not, the line says so instead of a delivery estimate. */
  ships: z.boolean(),
  /** Where the work ships from and how many working days its artist takes to send it: the delivery estimate. */
  ships_from: z.string(),
  dispatch_days: z.number().int().positive(),
});
export type BasketItemView = z.infer<typeof basketItemSchema>;

export const basketViewSchema = z.object({
  /** Items, print copies counted: what the header shows. */
  count: z.number().int().min(0),
  currency: currencySchema,
  items: z.array(basketItemSchema),
  /**
   * `amount` is the percentage, or the fixed amount in the basket's currency; an `expired` code,
   * or one `used` already by this customer (a code that works once per customer), takes nothing off.
   */
  promo: z.object({ code: z.string(), kind: z.enum(['percent', 'fixed']), amount: z.number(), expired: z.boolean(), used: z.boolean() }).nullable(),
  subtotal_minor: minor,
  discount_minor: minor,
  /** The country shipping is reckoned to: the shopper's ships-to country in the basket, the address's at checkout. */
  destination: z.string(),
  /** Shipping there, one charge per work; null when a work does not ship there. The basket's is an estimate until checkout. */
  shipping_minor: minor.nullable(),
  /** Subtotal less discount plus shipping (when it ships). */
  total_minor: minor,
});
export type BasketView = z.infer<typeof basketViewSchema>;

export const checkoutQuoteSchema = basketViewSchema.extend({
  shipping_minor: minor,
  /** Until when the basket's originals are held for this shopper. */
  reserved_until: z.string().nullable().describe('when the first hold on an original ends; null with no original'),
});
export type CheckoutQuoteView = z.infer<typeof checkoutQuoteSchema>;

export const orderViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(['placed', 'paid', 'cancelled']),
  currency: currencySchema,
  subtotal_minor: minor,
  shipping_minor: minor,
  discount_minor: minor,
  total_minor: minor,
  ship_to: z.object({ name: z.string(), address: z.string(), country: z.string() }),
  payment_reference: z.string().nullable(),
  contact_email: z.string().nullable().describe('where the receipt goes'),
  created_at: z.string(),
  lines: z.array(z.object({
    artwork_id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    artist_name: z.string(),
    size_label: z.string().nullable(),
    quantity: z.number().int(),
    unit_price_minor: minor,
  })),
});
export type OrderViewData = z.infer<typeof orderViewSchema>;
