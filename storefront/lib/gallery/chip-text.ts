import type { Currency } from '@easel/shared/vocabulary';
import type { Translate } from '../i18n/translator';
import { formatLength, formatWholeUnits, type DisplayUnits } from '../money';
import { filterLabel, valueLabel } from './labels';
import type { FilterChip } from './rules';

/**
 * How an active filter reads, as the gallery's chips and the staff's search report name it
 * ('Price up to £500', 'Free shipping to France', 'Oil (painting)'): a module of its own, so the
 * header, which needs only the labels, does not load the money formatting with them.
 */

/** A list chip's value as shoppers read it: 'Oil (painting)', 'Turquoise', 'Large'. */
export function listValueText({ row, value }: FilterChip, t: Translate<'vocabulary'>): string {
  return 'parent' in row ? `${valueLabel(value as string, t)} (${row.parent})` : valueLabel(value as string, t);
}

/** What a filter chip says, by its row's kind: 'Price from £100', 'Ships to France', 'Oil (painting)', 'Red', 'Large size'. */
export function chipText(chip: FilterChip, { currency, units, freeShippingTo, countryName, t }: {
  /** The search's currency and the shopper's units, which amounts and lengths are written in. */
  currency: Currency;
  units: DisplayUnits;
  /** The country free shipping is judged for: the search's ships-to, else the shopper's. */
  freeShippingTo: string;
  countryName: (code: string) => string;
  t: Translate<'filter' | 'vocabulary'>;
}): string {
  const { row, param, value } = chip;
  const label = filterLabel(row, t);
  switch (row.kind) {
    case 'range': {
      const amount = row.unit === 'currency' ? formatWholeUnits(value as number, currency) : formatLength(value as number, units);
      return `${label} ${param.endsWith('_min') ? 'from' : 'up to'} ${amount}`;
    }
    case 'flag': return row.name === 'free_shipping' ? `${label} to ${countryName(freeShippingTo)}` : label;
    case 'country': return `${label} ${countryName(value as string)}`;
    case 'list': return row.name === 'size_' ? `${listValueText(chip, t)} size` : listValueText(chip, t);
  }
}
