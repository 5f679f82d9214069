'use client';

import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { filterLabel, valueLabel } from '../../lib/gallery/labels';
import type { Translate } from '../../lib/i18n/translator';
import { useT } from '../../lib/i18n/use-t';
import { filterMessages } from '../../lib/i18n/messages/filter';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { changeFilters, filterChips, type FilterChip } from '../../lib/gallery/rules';
import { formatLength, formatWholeUnits } from '../../lib/money';
import { useCountryName, useGallery } from './gallery-context';

export interface ActiveFiltersProps {
  onChange: (def: GallerySearchDefinition) => void;
  onClearAll: () => void;
}

/** A list chip's value as shoppers read it: 'Oil (painting)', 'Turquoise', 'Large'. */
export function listValueText({ row, value }: FilterChip, t: Translate<'vocabulary'>): string {
  return 'parent' in row ? `${valueLabel(value as string, t)} (${row.parent})` : valueLabel(value as string, t);
}

/** What a chip says, by its row's kind: 'Price from £100', 'Ships to France', 'Oil (painting)', 'Red', 'Large size'. */
export function useChipText(): (chip: FilterChip) => string {
  const { active, settings } = useGallery();
  const t = useT(filterMessages, vocabularyMessages);
  const countryName = useCountryName();
  return (chip) => {
    const { row, param, value } = chip;
    const label = filterLabel(row, t);
    switch (row.kind) {
      case 'range': {
        const amount = row.unit === 'currency' ? formatWholeUnits(value as number, active.currency) : formatLength(value as number, settings.display_units);
        return `${label} ${param.endsWith('_min') ? 'from' : 'up to'} ${amount}`;
      }
      case 'flag': return row.name === 'free_shipping' ? `${label} to ${countryName(active.ships_to ?? settings.country)}` : label;
      case 'country': return `${label} ${countryName(value as string)}`;
      case 'list': return row.name === 'size_' ? `${listValueText(chip, t)} size` : listValueText(chip, t);
    }
  };
}

/** The active search's filters as removable chips; removing one searches at once. */
export function ActiveFilters({ onChange, onClearAll }: ActiveFiltersProps) {
  const { active } = useGallery();
  const text = useChipText();
  const chips = filterChips(active);
  if (chips.length === 0 && !active.q) return null;
  return (
    <div className="chips" aria-label="Active filters" role="region">
      <ul className="chips__list" role="list">
        {active.q && (
          <li>
            <button type="button" className="chip" onClick={() => onChange(changeFilters(active, { q: undefined }))}>
              “{active.q}”<span className="chip__x" aria-hidden="true">×</span><span className="visually-hidden"> (remove search words)</span>
            </button>
          </li>
        )}
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="chip" onClick={() => onChange(chip.remove(active))}>
              {text(chip)}<span className="chip__x" aria-hidden="true">×</span><span className="visually-hidden"> (remove)</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button chips__clear" onClick={onClearAll}>Clear all</button>
    </div>
  );
}
