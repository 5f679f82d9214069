import type { Currency } from '@easel/shared/vocabulary';
import type { ShippingAddressInput } from '../checkout/address';
import { fetchJson } from '../fetch-json';
import { basketViewSchema, checkoutQuoteSchema, orderViewSchema, type BasketView, type CheckoutQuoteView, type OrderViewData } from './basket';

/** The browser's calls to the basket and checkout endpoints, checked against the server's schemas. */

const inCurrency = (path: string, currency: Currency) => `${path}?currency=${currency}`;
const basket = async (promise: Promise<unknown>) => basketViewSchema.parse(await promise);

export interface BasketApi {
  load(currency: Currency): Promise<BasketView>;
  add(item: { artwork: string; print?: string }, currency: Currency): Promise<BasketView>;
  setQuantity(line: number, quantity: number, currency: Currency): Promise<BasketView>;
  remove(line: number, currency: Currency): Promise<BasketView>;
  applyPromo(code: string, currency: Currency): Promise<BasketView>;
  removePromo(currency: Currency): Promise<BasketView>;
}

export const basketApi: BasketApi = {
  load: (currency) => basket(fetchJson(inCurrency('/api/basket-next/', currency))),
  add: (item, currency) => basket(fetchJson(inCurrency('/api/basket-next/', currency), { method: 'POST', body: item })),
  setQuantity: (line, quantity, currency) => basket(fetchJson(inCurrency('/api/basket-next/', currency), { method: 'PATCH', body: { line, quantity } })),
  remove: (line, currency) => basket(fetchJson(`${inCurrency('/api/basket-next/', currency)}&line=${line}`, { method: 'DELETE' })),
  applyPromo: (code, currency) => basket(fetchJson(inCurrency('/api/basket-next/promo/', currency), { method: 'POST', body: { code } })),
  removePromo: (currency) => basket(fetchJson(inCurrency('/api/basket-next/promo/', currency), { method: 'DELETE' })),
};

/** POST /api/checkout/: the quote for `country`, the originals held meanwhile. */
export async function startCheckout(country: string, currency: Currency): Promise<CheckoutQuoteView> {
  return checkoutQuoteSchema.parse(await fetchJson('/api/checkout/', { method: 'POST', body: { country, currency } }));
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
  const answer = (await fetchJson('/api/checkout/order/', { method: 'POST', body: order, headers: { 'Idempotency-Key': idempotencyKey } })) as { order: unknown };
  return orderViewSchema.parse(answer.order);
}
