import { useId } from 'react';
import type { Translate } from '../lib/i18n/translate';
import type { SettingsChoice, SettingsOptions } from '../lib/settings/settings';

export interface SettingsFormProps {
  options: SettingsOptions;
  values: SettingsChoice;
  /** While a save is in flight: further changes would be skipped, so the controls say so. */
  disabled: boolean;
  t: Translate;
  onChange: (patch: Partial<SettingsChoice>) => void;
}

/** The four settings: currency and ships-to country as lists, units and language as pairs. Every change applies at once. */
export function SettingsForm({ options, values, disabled, t, onChange }: SettingsFormProps) {
  const id = useId();
  return (
    <form className="settings-form" onSubmit={(event) => event.preventDefault()}>
      <div className="settings-form__field">
        <label htmlFor={`${id}-currency`}>{t('settings.currency')}</label>
        <select
          id={`${id}-currency`}
          value={values.currency}
          disabled={disabled}
          onChange={(event) => onChange({ currency: event.target.value as SettingsChoice['currency'] })}
        >
          {options.currency.map((o) => (
            <option key={o.value} value={o.value}>{o.display_name}</option>
          ))}
        </select>
      </div>
      <div className="settings-form__field">
        <label htmlFor={`${id}-country`}>{t('settings.country')}</label>
        <select
          id={`${id}-country`}
          value={values.country}
          disabled={disabled}
          onChange={(event) => onChange({ country: event.target.value as SettingsChoice['country'] })}
        >
          {options.country.map((o) => (
            <option key={o.value} value={o.value}>{o.display_name}</option>
          ))}
        </select>
      </div>
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
