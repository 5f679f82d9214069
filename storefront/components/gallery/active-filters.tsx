'use client';

import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { formatWholeUnits, valueLabel } from '../../lib/gallery/labels';
import { changeFilters, filterChips, type FilterChip } from '../../lib/gallery/rules';
import { formatLength } from '../../lib/money';
import { useCountryName, useGallery } from './gallery-context';

export interface ActiveFiltersProps {
  onChange: (def: GallerySearchDefinition) => void;
  onClearAll: () => void;
}

/** The active search's filters as removable chips; removing one searches at once. */
export function ActiveFilters({ onChange, onClearAll }: ActiveFiltersProps) {
  const { active, settings } = useGallery();
  const countryName = useCountryName();
  const chips = filterChips(active);
  if (chips.length === 0 && !active.q) return null;
  const text = (chip: FilterChip): string => {
    switch (chip.field) {
      case 'price_min': return `From ${formatWholeUnits(chip.value as number, active.currency)}`;
      case 'price_max': return `Up to ${formatWholeUnits(chip.value as number, active.currency)}`;
      case 'width_min': return `Width from ${formatLength(chip.value as number, settings.display_units)}`;
      case 'width_max': return `Width up to ${formatLength(chip.value as number, settings.display_units)}`;
      case 'height_min': return `Height from ${formatLength(chip.value as number, settings.display_units)}`;
      case 'height_max': return `Height up to ${formatLength(chip.value as number, settings.display_units)}`;
      case 'in_sale': return 'On sale';
      case 'free_shipping': return `Free shipping to ${countryName(active.ships_to ?? settings.country)}`;
      case 'framed_or_ready_to_hang': return 'Framed or ready to hang';
      case 'has_fine_art_prints': return 'Prints available';
      case 'verified_advertising_safe': return 'Verified';
      case 'ships_to': return `Ships to ${countryName(chip.value as string)}`;
      case 'ships_from': return `Ships from ${countryName(chip.value as string)}`;
      case 'size_': return `${valueLabel(chip.value as string)} size`;
      case 'product_category': return valueLabel(chip.value as string);
      default:
        // Subcategories name their category: 'Oil (painting)'.
        return chip.section === 'category' ? `${valueLabel(chip.value as string)} (${chip.field})` : valueLabel(chip.value as string);
    }
  };
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
