import { DEFAULT_GBP_RATES } from '@easel/shared/currency';
import { CURRENCIES, type Currency } from '@easel/shared/vocabulary';

/**
 * Lower edges of the price bars in whole pounds: dense where most works sell (£50 to £2,000),
 * sparse in the long tail; the last bar is open-ended.
 */
const GBP_EDGES = [0, 50, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 20000];

/** To two significant figures: 69.5 -> 70, 417 -> 420, 1390 -> 1400. */
function nice(n: number): number {
  if (n === 0) return 0;
  const magnitude = Math.pow(10, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

const EDGES: Record<Currency, number[]> = Object.fromEntries(
  CURRENCIES.map((c) => [c, GBP_EDGES.map((e) => nice(e * DEFAULT_GBP_RATES[c]))]),
) as Record<Currency, number[]>;

/**
 * Fixed lower bar edges in whole units of a currency, the pound ladder at the seeded rates in
 * round figures: 'GBP' -> [0, 50, 100, …]; 'USD' -> [0, 70, 140, …]. Fixed edges keep the bars
 * still while a shopper changes other filters.
 */
export function priceBarEdges(currency: Currency): readonly number[] {
  return EDGES[currency];
}

/**
 * Which bar of the currency's ladder a price in minor units falls in: the last whose lower edge
 * it reaches. ('GBP', 4_999) -> 0; ('GBP', 5_000) -> 1; ('GBP', 2_500_000) -> 15, the open bar.
 */
export function priceBand(currency: Currency, minor: number): number {
  const edges = EDGES[currency];
  let band = 0;
  while (band + 1 < edges.length && edges[band + 1]! * 100 <= minor) band++;
  return band;
}

/**
 * The search document's attribute holding a work's bar in the currency: each bar's count is
 * that value's share of one facet distribution, so the price histogram is one engine query.
 */
export const priceBandAttribute = (currency: Currency) => `price_band_${currency.toLowerCase() as Lowercase<Currency>}` as const;
export type PriceBandAttribute = ReturnType<typeof priceBandAttribute>;
