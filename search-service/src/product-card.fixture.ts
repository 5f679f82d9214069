import type { SearchHit } from '@easel/indexer/index-settings';

/** An index hit as the engine returns it, for the adapters' tests: a small oil painting on sale. */
export const SALE_HIT: SearchHit = {
  id: 7, slug: 'sea', title: 'Sea', artist_name: 'Ann', artist_slug: 'ann', category: 'painting', subcategory: 'oil',
  subject: 'seascape', style: 'realist', medium: 'Oil', colours: ['blue'],
  prices: { GBP: 800, USD: 1112, EUR: 944, CAD: 1512, AUD: 1672 },
  original_prices: { GBP: 1000, USD: 1390, EUR: 1180, CAD: 1890, AUD: 2090 },
  in_sale: true, framed: false, ready_to_hang: true, has_fine_art_prints: false, width_cm: 30, height_cm: 40, depth_cm: 2,
  orientation: 'portrait', size_bucket: 'small', ships_from: 'GB', free_shipping_to: ['GB', 'IE'], main_image: '/media/art/painting/sea/main/11/blue-gold/1500/640.webp',
  favourite_count: 3,
};
