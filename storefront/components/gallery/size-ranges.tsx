'use client';

import { useRange } from 'react-instantsearch';
import { changeFilters } from '../../lib/gallery/rules';
import { widgetParams } from '../../lib/gallery/ui-state';
import { useGallery } from './gallery-context';
import { NumberField } from './number-field';

const CM_PER_INCH = 2.54;
type Bound = 'width_min' | 'width_max' | 'height_min' | 'height_max';

/** Width and height ranges in the shopper's units; the search always speaks centimetres. */
export function SizeRanges() {
  const { active, draft, setDraft, settings } = useGallery();
  const params = widgetParams(active);
  useRange(params.width);
  useRange(params.height);
  const inches = settings.display_units === 'in';
  const shown = (cm: number | undefined) => (cm === undefined ? undefined : inches ? Math.round((cm / CM_PER_INCH) * 10) / 10 : cm);
  const set = (bound: Bound, value: number | undefined) =>
    setDraft((d) => {
      const cm = value === undefined ? undefined : Math.round((inches ? value * CM_PER_INCH : value) * 10) / 10;
      const size = { ...d.size, [bound]: cm };
      for (const [lo, hi] of [['width_min', 'width_max'], ['height_min', 'height_max']] as const) {
        if (size[lo] !== undefined && size[hi] !== undefined && size[lo]! > size[hi]!) [size[lo], size[hi]] = [size[hi], size[lo]];
      }
      return changeFilters(d, { size: Object.fromEntries(Object.entries(size).filter(([, v]) => v !== undefined)) as typeof d.size });
    });
  const field = (bound: Bound, label: 'Min' | 'Max') => (
    <NumberField id={bound.replace('_', '-')} label={label} name={`${label} ${bound.split('_')[0]} in ${settings.display_units}`} suffix={settings.display_units} decimals={1} value={shown(draft.size[bound])} onCommit={(v) => set(bound, v)} />
  );
  return (
    <div className="size-ranges">
      {(['width', 'height'] as const).map((side) => (
        <div key={side}>
          <p className="size-ranges__title">{side === 'width' ? 'Width' : 'Height'}</p>
          <div className="range-fields">
            {field(`${side}_min`, 'Min')}
            <span className="range-fields__to" aria-hidden="true">to</span>
            {field(`${side}_max`, 'Max')}
          </div>
        </div>
      ))}
    </div>
  );
}
