import type { Currency } from '@easel/shared/vocabulary';
import { answer, api } from '../api/client';
import type { ShippingAddressInput } from '../checkout/address';
import type { CountryCode } from '../settings/countries';
import type { BasketView, CheckoutQuoteView, OrderViewData } from './basket';

/** The browser's calls to the basket and checkout endpoints. */

/** What a basket is priced in: the shopper's currency, and the ships-to country its shipping estimate is reckoned to. */
export interface Pricing {
  currency: Currency;
  country: CountryCode;
}

export interface BasketApi {
  load(pricing: Pricing): Promise<BasketView>;
  add(item: { artwork: string; print?: string }, pricing: Pricing): Promise<BasketView>;
  setQuantity(line: number, quantity: number, pricing: Pricing): Promise<BasketView>;
  remove(line: number, pricing: Pricing): Promise<BasketView>;
  applyPromo(code: string, pricing: Pricing): Promise<BasketView>;
  removePromo(pricing: Pricing): Promise<BasketView>;
}

const basket = api.api['basket-next'].index;
const promo = api.api['basket-next'].promo.index;

export const basketApi: BasketApi = {
  load: (query) => answer(basket.$get({ query })),
  add: (item, query) => answer(basket.$post({ query, json: item })),
  setQuantity: (line, quantity, query) => answer(basket.$patch({ query, json: { line, quantity } })),
  remove: (line, query) => answer(basket.$delete({ query: { ...query, line: String(line) } })),
  applyPromo: (code, query) => answer(promo.$post({ query, json: { code } })),
  removePromo: (query) => answer(promo.$delete({ query })),
};

/** POST /api/checkout/: the quote for `country`, the originals held meanwhile. */
export async function startCheckout(country: CountryCode, currency: Currency): Promise<CheckoutQuoteView> {
  return answer(api.api.checkout.index.$post({ json: { country, currency } }));
}

export interface OrderRequest {
  currency: Currency;
  /** The total the shopper was quoted and accepts: nothing else is charged. */
  quoted_total_minor: number;
  ship_to: ShippingAddressInput;
  card: { number: string; expiry: string; cvc: string };
}

/** POST /api/checkout/order/ under `idempotencyKey`: the same key never places a second order. */
export async function placeOrder(order: OrderRequest, idempotencyKey: string): Promise<OrderViewData> {
  const placed = await answer(api.api.checkout.order.index.$post({ json: order }, { headers: { 'Idempotency-Key': idempotencyKey } }));
  return placed.order;
}
