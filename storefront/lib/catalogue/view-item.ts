import type { Currency } from '@easel/shared/vocabulary';
import type { ProductCard } from '@easel/search-service/contract';
import { ecommerceEvent } from '../analytics';
import { priceToPay } from '../cards';

/**
 * A product as the shopper saw it -> its `view_item` event (SPEC §7) at the price they pay:
 * ({ slug: 'blue-harbour', title: 'Blue harbour', artist_name: 'Ada Lovelace', category: 'painting', prices: { GBP: 125000 }, … }, 'GBP')
 * -> { event: 'view_item', ecommerce: { currency: 'GBP', value: 1250, items: [{ item_id: 'blue-harbour', item_name: 'Blue harbour', item_brand: 'Ada Lovelace', item_category: 'painting', price: 1250, quantity: 1 }] } }.
 */
export function viewItemEvent(product: ProductCard, currency: Currency): Record<string, unknown> {
  return ecommerceEvent('view_item', currency, [
    { slug: product.slug, title: product.title, brand: product.artist_name, category: product.category, unit_price_minor: priceToPay(product, currency).pay, quantity: 1 },
  ]);
}
