import { CURRENCY_SYMBOLS, type Currency } from '@easel/shared/vocabulary';

/** How vocabulary values read in the gallery: 'mixed-media' -> 'Mixed media', 'still-life' -> 'Still life'. */

const SPECIAL: Record<string, string> = {
  'pop-art': 'Pop art',
  'street-art': 'Street art',
  'black-and-white': 'Black and white',
  'food-and-drink': 'Food and drink',
  giclee: 'Giclée',
};

export function valueLabel(value: string): string {
  const special = SPECIAL[value];
  if (special) return special;
  const text = value.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whole units with the currency's symbol: (1250, 'GBP') -> '£1,250'. */
export function formatWholeUnits(amount: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${new Intl.NumberFormat('en-GB').format(amount)}`;
}
