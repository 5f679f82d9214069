import * as z from 'zod/mini';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { cardImageSize, type ProductCardData } from './cards';

/**
 * SPEC §3's recommendations: an id, and products keyed by their original's id, each with
 * title, url, photo, artist_name, currency, sub_category, dimension_description, is_new,
 * is_in_stock and display_price. `order` lists the keys best first, since an object's
 * numeric keys do not keep their order. Browser-safe: the homepage reads it on either side,
 * so its schemas are `zod/mini`'s.
 */

export const recommendedProductSchema = z.object({
  title: z.string(),
  url: z.string().check(z.regex(/^\/product\/[a-z0-9-]+\/$/)),
  photo: z.string(),
  /** Every rendered width of `photo`, for srcset. */
  photo_set: z.string(),
  artist_name: z.string(),
  currency: z.enum(CURRENCIES),
  /** The work's kind in words: 'Oil painting'. */
  sub_category: z.string(),
  /** In the shopper's units: '60 × 80 cm'. */
  dimension_description: z.string(),
  is_new: z.boolean(),
  is_in_stock: z.boolean(),
  /** In the shopper's currency, whole units: '£1,250'. */
  display_price: z.string(),
});
export type RecommendedProduct = z.infer<typeof recommendedProductSchema>;

export const recommendationsSchema = z.object({
  id: z.string(),
  order: z.array(z.int()),
  recommendations: z.record(z.string().check(z.regex(/^\d+$/)), recommendedProductSchema),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

/** SPEC §5/§8: the failure a recommendations answer without its field (or with a broken one) records. */
export const INVALID_DATA_FORMAT = 'Invalid data format';

export function parseRecommendations(json: unknown): Recommendations {
  const result = recommendationsSchema.safeParse(json);
  if (!result.success) throw new Error(INVALID_DATA_FORMAT);
  return result.data;
}

/** A recommendation as a product card, so it shows like every other work on the page. */
export function recommendationCards({ order, recommendations }: Recommendations): ProductCardData[] {
  return order.flatMap((id) => {
    const r = recommendations[String(id)];
    if (!r) return [];
    return [{
      id,
      slug: r.url.split('/')[2]!,
      title: r.title,
      href: r.url,
      artistName: r.artist_name,
      medium: r.sub_category,
      size: r.dimension_description,
      price: r.display_price,
      originalPrice: null,
      image: { src: r.photo, srcSet: r.photo_set, ...cardImageSize(r.photo, { width_cm: 1, height_cm: 1 }) },
      shipsFree: false,
      framed: false,
      hasPrints: false,
    }];
  });
}
