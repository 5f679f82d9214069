import { useId } from 'react';
import type { Translate } from '../lib/i18n/translator';
import type { SettingsChoice, SettingsOptions } from '../lib/settings/settings';

export interface SettingsFormProps {
  options: SettingsOptions;
  values: SettingsChoice;
  /** While a save is in flight: further changes would be skipped, so the controls say so. */
  disabled: boolean;
  t: Translate<'settings'>;
  onChange: (patch: Partial<SettingsChoice>) => void;
}

/** The four settings: currency and ships-to country as lists, units and language as pairs. Every change applies at once. */
export function SettingsForm({ options, values, disabled, t, onChange }: SettingsFormProps) {
  const id = useId();
  return (
    <form className="settings-form" onSubmit={(event) => event.preventDefault()}>
      <List
        id={`${id}-currency`}
        label={t('settings.currency')}
        choices={options.currency}
        value={values.currency}
        disabled={disabled}
        onChange={(currency) => onChange({ currency })}
      />
      <List
        id={`${id}-country`}
        label={t('settings.country')}
        choices={options.country}
        value={values.country}
        disabled={disabled}
        onChange={(country) => onChange({ country })}
      />
      <Pair
        legend={t('settings.units')}
        name={`${id}-units`}
        choices={options.display_units}
        value={values.display_units}
        disabled={disabled}
        onChange={(display_units) => onChange({ display_units })}
      />
      <Pair
        legend={t('settings.language')}
        name={`${id}-language`}
        choices={options.language}
        value={values.language}
        disabled={disabled}
        onChange={(language) => onChange({ language })}
      />
    </form>
  );
}

interface ListProps<V extends string> {
  id: string;
  label: string;
  choices: { value: V; display_name: string }[];
  value: V;
  disabled: boolean;
  onChange: (value: V) => void;
}

function List<V extends string>({ id, label, choices, value, disabled, onChange }: ListProps<V>) {
  return (
    <div className="settings-form__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as V)}>
        {choices.map((o) => (
          <option key={o.value} value={o.value}>{o.display_name}</option>
        ))}
      </select>
    </div>
  );
}

interface PairProps<V extends string> {
  legend: string;
  name: string;
  choices: { value: V; display_name: string }[];
  value: V;
  disabled: boolean;
  onChange: (value: V) => void;
}

function Pair<V extends string>({ legend, name, choices, value, disabled, onChange }: PairProps<V>) {
  return (
    <fieldset className="settings-form__pair" disabled={disabled}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="settings-form__option">
          <input type="radio" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} />
          <span>{choice.display_name}</span>
        </label>
      ))}
    </fieldset>
  );
}
