'use client';

import { COLOUR_VALUES, COLOURS } from '@easel/shared/vocabulary';
import { valueLabel } from '../../lib/gallery/labels';
import { useT } from '../../lib/i18n/use-t';
import { MAX_COLOURS } from '../../lib/listing/listing';
import type { DisplayUnits } from '../../lib/money';
import './selling.css';

/**
 * The controls of a listing that are more than a text box or a list, shared by "List a work"
 * and the edit form: the colours, ticked in order (the main one first), and the units.
 */

export function ColourSwatches({ id, label, colours, error, onChange }: {
  /** The form's prefix: `listing-colours`, `edit-colours`. */
  id: string;
  label: string;
  colours: readonly string[];
  error?: string | undefined;
  onChange: (colours: string[]) => void;
}) {
  const t = useT();
  const toggle = (colour: string, on: boolean) => onChange(on ? [...colours, colour] : colours.filter((c) => c !== colour));
  return (
    <fieldset className="listing-form__colours" data-field="colours" aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}>
      <legend className="artwork-edit__label" id={id}>{label}</legend>
      <p className="artwork-edit__hint" id={`${id}-hint`}>{t('selling.coloursHint')}</p>
      <div className="listing-form__swatches">
        {COLOUR_VALUES.map((colour) => {
          const place = colours.indexOf(colour);
          return (
            <label key={colour} className="listing-form__swatch">
              <input
                type="checkbox"
                checked={place >= 0}
                disabled={place < 0 && colours.length >= MAX_COLOURS}
                onChange={(e) => toggle(colour, e.target.checked)}
              />
              <span className="listing-form__chip" style={{ background: COLOURS[colour] }} aria-hidden="true" />
              {valueLabel(colour, t)}
              {place >= 0 && <span className="listing-form__place">{place + 1}</span>}
            </label>
          );
        })}
      </div>
      {error && <p className="artwork-edit__error" id={`${id}-error`}>{error}</p>}
    </fieldset>
  );
}

export function UnitsChoice({ name, label, units, onChange }: { name: string; label: string; units: DisplayUnits; onChange: (units: DisplayUnits) => void }) {
  const t = useT();
  return (
    <fieldset className="listing-form__units" data-field="units">
      <legend className="artwork-edit__label">{label}</legend>
      {(['cm', 'in'] as const).map((u) => (
        <label key={u} className="artwork-edit__check">
          <input type="radio" name={name} value={u} checked={units === u} onChange={() => onChange(u)} /> {t(`selling.units.${u}`)}
        </label>
      ))}
    </fieldset>
  );
}
