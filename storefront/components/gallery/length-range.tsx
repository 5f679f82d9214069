'use client';

import { useRange } from 'react-instantsearch';
import type { RangeRow } from '@easel/search-service/filters';
import { changeFilters } from '../../lib/gallery/rules';
import { WIDGETS } from '../../lib/gallery/ui-state';
import { useGallery } from './gallery-context';
import { NumberField } from './number-field';

const CM_PER_INCH = 2.54;

/** A length range (width or height) in the shopper's units; the search always speaks centimetres. */
export function LengthRange({ row }: { row: RangeRow }) {
  const { draft, setDraft, settings } = useGallery();
  // Mounted for the search state.
  useRange(WIDGETS.ranges[row.name]!);
  const units = settings.display_units;
  const inches = units === 'in';
  const minParam = `${row.name}_min` as const;
  const maxParam = `${row.name}_max` as const;
  const shown = (cm: number | undefined) => (cm === undefined ? undefined : inches ? Math.round((cm / CM_PER_INCH) * 10) / 10 : cm);
  const set = (param: typeof minParam | typeof maxParam, value: number | undefined) =>
    setDraft((d) => {
      const cm = value === undefined ? undefined : Math.round((inches ? value * CM_PER_INCH : value) * 10) / 10;
      const next = { [minParam]: d[minParam], [maxParam]: d[maxParam], [param]: cm };
      // A minimum above the maximum swaps them rather than matching nothing.
      const [lo, hi] = [next[minParam], next[maxParam]];
      return changeFilters(d, lo !== undefined && hi !== undefined && lo > hi ? { [minParam]: hi, [maxParam]: lo } : next);
    });
  // 'Min width (in)': the unit once, in brackets, shown and spoken alike.
  const field = (param: typeof minParam | typeof maxParam, label: 'Min' | 'Max') => {
    const name = `${label} ${row.label.toLowerCase()} (${units})`;
    return <NumberField id={param.replace('_', '-')} label={name} name={name} decimals={1} value={shown(draft[param])} onCommit={(v) => set(param, v)} />;
  };
  return (
    <div className="size-ranges">
      <p className="size-ranges__title">{row.label}</p>
      <div className="range-fields">
        {field(minParam, 'Min')}
        <span className="range-fields__to" aria-hidden="true">to</span>
        {field(maxParam, 'Max')}
      </div>
    </div>
  );
}
