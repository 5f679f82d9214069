import type { Currency } from '@easel/data/vocabulary';
import type { ProductCard } from '@easel/search-service/contract';
import { priceToPay } from '../cards';

/** The analytics data layer's `view_item` event for a product page (SPEC §7), in the shopper's currency. */
export interface ViewItemEvent {
  event: 'view_item';
  ecommerce: {
    currency: Currency;
    value: number;
    items: { item_id: string; item_name: string; item_brand: string; item_category: string; price: number }[];
  };
}

/**
 * A product as the shopper saw it -> its `view_item` event, prices in whole units:
 * ({ slug: 'blue-harbour', title: 'Blue harbour', artist_name: 'Ada Lovelace', category: 'painting', prices: { GBP: 125049 }, … }, 'GBP')
 * -> { event: 'view_item', ecommerce: { currency: 'GBP', value: 1250, items: [{ item_id: 'blue-harbour', item_name: 'Blue harbour', item_brand: 'Ada Lovelace', item_category: 'painting', price: 1250 }] } }.
 */
export function viewItemEvent(product: ProductCard, currency: Currency): ViewItemEvent {
  const price = Math.round(priceToPay(product, currency).pay / 100);
  return {
    event: 'view_item',
    ecommerce: {
      currency,
      value: price,
      items: [{ item_id: product.slug, item_name: product.title, item_brand: product.artist_name, item_category: product.category, price }],
    },
  };
}
