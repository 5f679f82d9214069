import type { Currency } from '@easel/shared/vocabulary';
import { answer, api } from '../api/client';
import type { ShippingAddressInput } from '../checkout/address';
import type { CountryCode } from '../settings/countries';
import type { BasketView, CheckoutQuoteView, OrderViewData } from './basket';

/** The browser's calls to the basket and checkout endpoints. */

export interface BasketApi {
  load(currency: Currency): Promise<BasketView>;
  add(item: { artwork: string; print?: string }, currency: Currency): Promise<BasketView>;
  setQuantity(line: number, quantity: number, currency: Currency): Promise<BasketView>;
  remove(line: number, currency: Currency): Promise<BasketView>;
  applyPromo(code: string, currency: Currency): Promise<BasketView>;
  removePromo(currency: Currency): Promise<BasketView>;
}

const basket = api.api['basket-next'].index;
const promo = api.api['basket-next'].promo.index;

export const basketApi: BasketApi = {
  load: (currency) => answer(basket.$get({ query: { currency } })),
  add: (item, currency) => answer(basket.$post({ query: { currency }, json: item })),
  setQuantity: (line, quantity, currency) => answer(basket.$patch({ query: { currency }, json: { line, quantity } })),
  remove: (line, currency) => answer(basket.$delete({ query: { currency, line: String(line) } })),
  applyPromo: (code, currency) => answer(promo.$post({ query: { currency }, json: { code } })),
  removePromo: (currency) => answer(promo.$delete({ query: { currency } })),
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
