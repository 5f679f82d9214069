import { CURRENCIES, type Currency } from './vocabulary';

/** What one pound buys, as seeded; staff may change the rates later in the database. */
export const DEFAULT_GBP_RATES: Record<Currency, number> = {
  GBP: 1,
  USD: 1.39,
  EUR: 1.18,
  CAD: 1.89,
  AUD: 2.09,
};

export type RateMatrix = Record<Currency, Record<Currency, number>>;

/** The full from -> to matrix implied by rates against the pound, to 6 decimals. */
export function buildRateMatrix(gbpRates: Record<Currency, number> = DEFAULT_GBP_RATES): RateMatrix {
  const matrix = {} as RateMatrix;
  for (const from of CURRENCIES) {
    matrix[from] = {} as Record<Currency, number>;
    for (const to of CURRENCIES) {
      matrix[from][to] = from === to ? 1 : Math.round((gbpRates[to] / gbpRates[from]) * 1e6) / 1e6;
    }
  }
  return matrix;
}

/** Minor units in one currency to minor units in another: 10000 GBP -> 13900 USD. */
export function convertMinor(amountMinor: number, from: Currency, to: Currency, rates: RateMatrix): number {
  return Math.round(amountMinor * rates[from][to]);
}

/** Minor units rounded to a whole unit of the currency (SPEC §5 shows prices so): 18765 -> 18800, 18749 -> 18700. */
export function toWholeUnits(amountMinor: number): number {
  return Math.round(amountMinor / 100) * 100;
}

/**
 * A price in GBP minor units as the shopper is shown it and charged it in `to`: converted, then
 * rounded to a whole unit, so the figure displayed is exactly the figure paid:
 * (13500, 'USD') -> 18800 ($187.65 rounded to $188); (45050, 'GBP') -> 45100.
 */
export function convertPrice(gbpMinor: number, to: Currency, rates: RateMatrix): number {
  return toWholeUnits(convertMinor(gbpMinor, 'GBP', to, rates));
}

/** A GBP price in all five currencies, each in whole units: 10000 -> { GBP: 10000, USD: 13900, … }. */
export function pricesInAllCurrencies(gbpMinor: number, rates: RateMatrix): Record<Currency, number> {
  return Object.fromEntries(CURRENCIES.map((c) => [c, convertPrice(gbpMinor, c, rates)])) as Record<Currency, number>;
}
