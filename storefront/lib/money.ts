import { CURRENCY_SYMBOLS, type Currency } from '@easel/shared/vocabulary';

/**
 * Prices and measurements as shoppers read them. Browser-safe: used by server pages and by
 * client components alike, so both render the same text.
 */

export type DisplayUnits = 'cm' | 'in';

export const CM_PER_INCH = 2.54;

// British and American English group and point numbers the same way, so one formatter serves both.
const wholeUnits = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** Minor units to whole units with the currency's symbol: (125049, 'GBP') -> '£1,250'. */
export function formatPrice(minor: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${wholeUnits.format(Math.round(minor / 100))}`;
}

/** Whole units with the currency's symbol: (1250, 'GBP') -> '£1,250'. */
export function formatWholeUnits(amount: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${wholeUnits.format(amount)}`;
}

function inUnits(cm: number, units: DisplayUnits): string {
  return oneDecimal.format(units === 'in' ? cm / CM_PER_INCH : cm);
}

/** A length in the shopper's units, to one decimal: (60, 'in') -> '23.6 in'. */
export function formatLength(cm: number, units: DisplayUnits): string {
  return `${inUnits(cm, units)} ${units}`;
}

/**
 * Width × height, plus depth when given (objects), in the shopper's units:
 * (60, 80, undefined, 'cm') -> '60 × 80 cm'; (60, 80, undefined, 'in') -> '23.6 × 31.5 in'.
 */
export function formatDimensions(widthCm: number, heightCm: number, depthCm: number | undefined, units: DisplayUnits): string {
  const sides = depthCm === undefined ? [widthCm, heightCm] : [widthCm, heightCm, depthCm];
  return `${sides.map((cm) => inUnits(cm, units)).join(' × ')} ${units}`;
}
