'use client';

import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { chipText } from '../../lib/gallery/chip-text';
import { useT } from '../../lib/i18n/use-t';
import { filterMessages } from '../../lib/i18n/messages/filter';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { changeFilters, filterChips, type FilterChip } from '../../lib/gallery/rules';
import { useCountryName, useGallery } from './gallery-context';

export interface ActiveFiltersProps {
  onChange: (def: GallerySearchDefinition) => void;
  onClearAll: () => void;
}

/** What a chip says in the gallery's search and the shopper's settings (lib/gallery/chip-text.ts). */
export function useChipText(): (chip: FilterChip) => string {
  const { active, settings } = useGallery();
  const t = useT(filterMessages, vocabularyMessages);
  const countryName = useCountryName();
  return (chip) => chipText(chip, { currency: active.currency, units: settings.display_units, freeShippingTo: active.ships_to ?? settings.country, countryName, t });
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
