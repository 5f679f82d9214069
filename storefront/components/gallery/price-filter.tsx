'use client';

import { useRange } from 'react-instantsearch';
import { CURRENCY_SYMBOLS } from '@easel/shared/vocabulary';
import type { PriceBar } from '@easel/search-service/contract';
import { formatWholeUnits } from '../../lib/money';
import { changeFilters } from '../../lib/gallery/rules';
import { WIDGETS } from '../../lib/gallery/ui-state';
import { usePriceBars } from '../../lib/gallery/use-search-api';
import { useFormatNumber } from '../../lib/i18n/use-t';
import { useGallery } from './gallery-context';
import { NumberField } from './number-field';

/**
 * Price bars (from `_prices`) above a two-handled slider whose stops are the bars' edges, with
 * min and max fields for exact amounts, all in the shopper's currency and whole units.
 */
export function PriceFilter() {
  const { draft, setDraft } = useGallery();
  const formatNumber = useFormatNumber();
  // Mounted for the search state; the bars give the scale.
  useRange(WIDGETS.ranges.price!);
  const bars = usePriceBars(draft);
  const list: PriceBar[] = bars.value ?? [];
  const { price_min: min, price_max: max } = draft;
  const currency = draft.currency;
  const setPrice = (price: { price_min?: number | undefined; price_max?: number | undefined }) =>
    setDraft((d) => {
      const next = { price_min: d.price_min, price_max: d.price_max, ...price };
      // A minimum above the maximum swaps them rather than matching nothing.
      const { price_min: lo, price_max: hi } = next;
      return changeFilters(d, lo !== undefined && hi !== undefined && lo > hi ? { price_min: hi, price_max: lo } : next);
    });

  // Slider stops: 0 is "no minimum", list.length is "no maximum"; stop i is bar i's lower edge.
  const stops = list.length;
  const minStop = min === undefined ? 0 : Math.max(0, list.findIndex((b) => b.max === null || b.max > min));
  const maxStop = max === undefined ? stops : Math.max(minStop, list.findIndex((b) => b.max === null || b.max >= max) + 1);
  const tallest = Math.max(1, ...list.map((b) => b.count));
  const inRange = (bar: PriceBar) => (min === undefined || bar.max === null || bar.max > min) && (max === undefined || bar.min < max);

  return (
    <div className="price-filter">
      <div className="price-filter__bars" aria-hidden="true">
        {list.map((bar) => (
          <span
            key={bar.min}
            className={inRange(bar) ? 'price-filter__bar price-filter__bar--in' : 'price-filter__bar'}
            style={{ height: `${Math.max(4, (bar.count / tallest) * 100)}%` }}
            title={`${formatWholeUnits(bar.min, currency)}${bar.max === null ? '+' : `–${formatWholeUnits(bar.max, currency)}`}: ${formatNumber(bar.count)}`}
          />
        ))}
      </div>
      {stops > 0 && (
        <div className="price-filter__slider">
          <input
            type="range" min={0} max={stops} step={1} value={minStop} aria-label="Lowest price"
            aria-valuetext={min === undefined ? 'No minimum' : formatWholeUnits(min, currency)}
            onChange={(e) => {
              const stop = Math.min(Number(e.target.value), maxStop);
              setPrice({ price_min: stop === 0 ? undefined : list[stop]?.min });
            }}
          />
          <input
            type="range" min={0} max={stops} step={1} value={maxStop} aria-label="Highest price"
            aria-valuetext={max === undefined ? 'No maximum' : formatWholeUnits(max, currency)}
            onChange={(e) => {
              const stop = Math.max(Number(e.target.value), minStop);
              setPrice({ price_max: stop === stops ? undefined : list[stop]?.min });
            }}
          />
        </div>
      )}
      <div className="range-fields">
        <NumberField id="price-min" label="Min" name="Minimum price" prefix={CURRENCY_SYMBOLS[currency]} value={min} onCommit={(v) => setPrice({ price_min: v })} />
        <span className="range-fields__to" aria-hidden="true">to</span>
        <NumberField id="price-max" label="Max" name="Maximum price" prefix={CURRENCY_SYMBOLS[currency]} value={max} onCommit={(v) => setPrice({ price_max: v })} />
      </div>
    </div>
  );
}
