import type { Currency } from '@easel/shared/vocabulary';

/** The analytics data layer (SPEC §7): every event the site reports is pushed here. */

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushDataLayer(event: Record<string, unknown>): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

export interface EcommerceItem {
  slug: string;
  title: string;
  /** The artist's name and the work's category, where the event names them. */
  brand?: string | undefined;
  category?: string | undefined;
  /** The print's size label; absent for the original. */
  variant?: string | undefined;
  /** Minor units of the event's currency. */
  unit_price_minor: number;
  quantity: number;
}

/**
 * One shop event in the analytics' e-commerce shape, prices in major units:
 * ('add_to_cart', 'GBP', [{ slug: 'sea', title: 'Sea', unit_price_minor: 12000, quantity: 1 }])
 * -> { event: 'add_to_cart', ecommerce: { currency: 'GBP', value: 120, items: [{ item_id: 'sea', item_name: 'Sea', price: 120, quantity: 1 }] } }.
 */
export function ecommerceEvent(
  event: 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase',
  currency: Currency,
  items: EcommerceItem[],
  extra: { value_minor?: number; transaction_id?: string } = {},
): Record<string, unknown> {
  const value = extra.value_minor ?? items.reduce((sum, i) => sum + i.unit_price_minor * i.quantity, 0);
  return {
    event,
    ecommerce: {
      currency,
      value: value / 100,
      ...(extra.transaction_id === undefined ? {} : { transaction_id: extra.transaction_id }),
      items: items.map((i) => ({
        item_id: i.slug,
        item_name: i.title,
        ...(i.brand === undefined ? {} : { item_brand: i.brand }),
        ...(i.category === undefined ? {} : { item_category: i.category }),
        ...(i.variant === undefined ? {} : { item_variant: i.variant }),
        price: i.unit_price_minor / 100,
        quantity: i.quantity,
      })),
    },
  };
}

/** A work saved as a favourite, in the data layer's shape: 'sea' -> { event: 'add_to_wishlist', ecommerce: { items: [{ item_id: 'sea' }] } }. */
export function favouriteEvent(slug: string): Record<string, unknown> {
  return { event: 'add_to_wishlist', ecommerce: { items: [{ item_id: slug }] } };
}
