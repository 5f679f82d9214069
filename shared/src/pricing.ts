import { convertPrice, toWholeUnits, type RateMatrix } from './currency';
import type { Currency } from './vocabulary';

/** A basket line to price: its unit price in GBP minor units and how many. */
export interface LineToPrice {
  unit_gbp_minor: number;
  quantity: number;
}

export interface Discount {
  kind: 'percent' | 'fixed';
  /** Percent (1-100), or GBP minor units for a fixed amount. */
  amount: number;
}

export interface PricedBasket {
  currency: Currency;
  /** Per line, in the order given: the unit price in `currency` and the line's total. */
  lines: { unit_minor: number; total_minor: number }[];
  subtotal_minor: number;
  discount_minor: number;
  shipping_minor: number;
  total_minor: number;
}

/**
 * Prices a basket in the shopper's currency, every amount in whole units (as SPEC §5 displays
 * prices), so each figure shown is exact and the total charged is the sum of the figures shown.
 * Each unit price is converted first (`convertPrice`, as the product page shows it) and the lines
 * add up from there. A percentage comes off the subtotal, rounded to a whole unit; a fixed amount
 * is converted and never takes the subtotal below zero. Shipping, one GBP charge per work
 * shipped, each converted as the product page shows it, is added after the discount, undiscounted:
 * ([{ unit_gbp_minor: 10000, quantity: 1 }], { kind: 'percent', amount: 10 }, [1500], 'GBP')
 * -> { subtotal_minor: 10000, discount_minor: 1000, shipping_minor: 1500, total_minor: 10500 }.
 */
export function priceBasket(
  lines: readonly LineToPrice[],
  discount: Discount | null,
  shippingGbpMinor: readonly number[],
  currency: Currency,
  rates: RateMatrix,
): PricedBasket {
  const priced = lines.map((line) => {
    const unit = convertPrice(line.unit_gbp_minor, currency, rates);
    return { unit_minor: unit, total_minor: unit * line.quantity };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total_minor, 0);
  const off = discount === null
    ? 0
    : discount.kind === 'percent'
      ? toWholeUnits((subtotal * discount.amount) / 100)
      : convertPrice(discount.amount, currency, rates);
  const discountMinor = Math.min(off, subtotal);
  const shipping = shippingGbpMinor.reduce((sum, cost) => sum + convertPrice(cost, currency, rates), 0);
  return {
    currency,
    lines: priced,
    subtotal_minor: subtotal,
    discount_minor: discountMinor,
    shipping_minor: shipping,
    total_minor: subtotal - discountMinor + shipping,
  };
}
