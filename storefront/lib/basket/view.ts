import { convertPrice, type RateMatrix } from '@easel/shared/currency';
import { printSlug } from '@easel/shared/derive';
import type { PricedBasket } from '@easel/shared/pricing';
import { priceBasket } from '@easel/shared/pricing';
import { discountOf, type BasketContents } from '@easel/data/queries/basket';
import { shippingCosts } from '@easel/data/queries/checkout';
import { shippingCostTo } from '@easel/data/queries/search-source';
import type { Currency } from '@easel/shared/vocabulary';
import { imageSpecOf } from '@easel/indexer/documents';
import { imageSource } from '../catalogue/cards';
import type { BasketView } from './basket';

/** The basket's picture width: a small thumbnail beside each line. */
const LINE_IMAGE_WIDTH = 320;

/** Where a basket's shipping is reckoned to, and whether every work in it ships there. */
export interface ShippingEstimate {
  destination: string;
  ships: boolean;
}

/**
 * A basket priced in `currency` with shipping to the shopper's ships-to country, as checkout
 * would quote it for an address there; without shipping when a work does not ship there.
 */
export function priceContents({ items, promo }: BasketContents, currency: Currency, rates: RateMatrix, destination: string): PricedBasket & ShippingEstimate {
  const shipping = shippingCosts(items, destination);
  const priced = priceBasket(
    items.map((i) => ({ unit_gbp_minor: i.unit_price_minor, quantity: i.quantity })),
    discountOf({ promo }),
    Array.isArray(shipping) ? shipping : [],
    currency,
    rates,
  );
  return { ...priced, destination, ships: Array.isArray(shipping) };
}

/**
 * Basket contents and their prices -> what the browser shows: ({ items: [original], promo:
 * WELCOME10 }, priced in EUR to FR) -> { count: 1, currency: 'EUR', items: [{ title, image, … }], promo: { code: 'WELCOME10', … }, destination: 'FR', … }.
 */
export function toBasketView({ items, promo }: BasketContents, priced: PricedBasket & ShippingEstimate, rates: RateMatrix): BasketView {
  return {
    count: items.reduce((n, i) => n + i.quantity, 0),
    currency: priced.currency,
    items: items.map((item, i) => ({
      line_id: item.line_id,
      slug: item.artwork.slug,
      title: item.artwork.title,
      artist_name: item.artwork.artist.name,
      url: `/product/${item.artwork.slug}/`,
      image: imageSource(imageSpecOf(item.artwork), LINE_IMAGE_WIDTH),
      print: item.print && { slug: printSlug(item.print.size_label), size_label: item.print.size_label },
      quantity: item.quantity,
      max_quantity: item.print ? item.print.remaining : 1,
      unit_price_minor: priced.lines[i]!.unit_minor,
      line_total_minor: priced.lines[i]!.total_minor,
      problem: item.problem,
      ships: shippingCostTo(item.artwork, priced.destination) !== undefined,
      ships_from: item.artwork.ships_from,
      dispatch_days: item.artwork.dispatch_days,
    })),
    promo: promo && {
      code: promo.code,
      kind: promo.kind,
      amount: promo.kind === 'fixed' ? convertPrice(promo.amount, priced.currency, rates) : promo.amount,
      expired: promo.expired,
      used: promo.used,
    },
    subtotal_minor: priced.subtotal_minor,
    discount_minor: priced.discount_minor,
    destination: priced.destination,
    shipping_minor: priced.ships ? priced.shipping_minor : null,
    total_minor: priced.total_minor,
  };
}
