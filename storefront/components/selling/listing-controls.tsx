'use client';
import type { ReactNode } from 'react';

import { COLOUR_VALUES, COLOURS } from '@easel/shared/vocabulary';
import { valueLabel } from '../../lib/gallery/labels';
import { useT } from '../../lib/i18n/use-t';
import { sellingMessages } from '../../lib/i18n/messages/selling';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
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
  const t = useT(sellingMessages, vocabularyMessages);
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
  const t = useT(sellingMessages);
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

type FieldProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
/** The fields of a draft that hold values of type V: text boxes and lists hold strings, ticks booleans. */
type FieldsOf<D, V> = { [K in keyof D]: D[K] extends V ? K : never }[keyof D] & string;

/**
 * The labelled controls of a work's form ("List a work", the edit page), each with its hint and
 * its refusal, tied together for assistive technology: ids '<idPrefix>-<field>'.
 */
export function workFormControls<D extends object>({ idPrefix, draft, set, errors, label }: {
  idPrefix: string;
  draft: D;
  set: <K extends keyof D>(name: K, value: D[K]) => void;
  errors: Partial<Record<keyof D, string>>;
  label: (name: keyof D & string) => string;
}) {
  const field = (name: keyof D & string, control: (props: FieldProps) => ReactNode, hint?: string) => {
    const id = `${idPrefix}-${name}`;
    const described = [hint && `${id}-hint`, errors[name] && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="artwork-edit__field" data-field={name}>
        <label className="artwork-edit__label" htmlFor={id}>{label(name)}</label>
        {control({ id, 'aria-invalid': errors[name] !== undefined, ...(described ? { 'aria-describedby': described } : {}) })}
        {hint && <p className="artwork-edit__hint" id={`${id}-hint`}>{hint}</p>}
        {errors[name] && <p className="artwork-edit__error" id={`${id}-error`}>{errors[name]}</p>}
      </div>
    );
  };
  const text = (name: FieldsOf<D, string>, { hint, inputMode }: { hint?: string; inputMode?: 'decimal' } = {}) =>
    field(name, (props) => <input {...props} type="text" inputMode={inputMode} value={draft[name] as string} onChange={(e) => set(name, e.target.value as D[typeof name])} />, hint);
  const choice = (name: FieldsOf<D, string>, options: { value: string; label: string }[], onChange = (value: string) => set(name, value as D[typeof name])) =>
    field(name, (props) => (
      <select {...props} value={draft[name] as string} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    ));
  const flag = (name: FieldsOf<D, boolean>) => (
    <label className="artwork-edit__check" data-field={name}>
      <input type="checkbox" checked={draft[name] as boolean} onChange={(e) => set(name, e.target.checked as D[typeof name])} /> {label(name)}
    </label>
  );
  return { field, text, choice, flag };
}
