import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../lib/i18n/translate';
import { getSettingsOptions } from '../lib/settings/options';
import { SettingsForm } from './settings-form';

const render = (disabled: boolean) =>
  renderToStaticMarkup(
    <SettingsForm
      options={getSettingsOptions('en-us')}
      values={{ currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }}
      disabled={disabled}
      t={getTranslator('en-us')}
      onChange={() => {}}
    />,
  );

describe('the settings form', () => {
  it('offers currency, ships-to country, units and language with the current values chosen', () => {
    const html = render(false);
    for (const label of ['Currency', 'Ships to', 'Sizes in', 'Language']) expect(html).toContain(`>${label}</`);
    expect(html).toMatch(/<option value="USD" selected="">USD – US Dollar \(\$\)<\/option>/);
    expect(html).toMatch(/<option value="US" selected="">United States<\/option>/);
    expect(html).toMatch(/checked="" value="in"\/><span>Inches<\/span>/);
    expect(html).toMatch(/checked="" value="en-us"\/><span>American English<\/span>/);
    expect(html).toContain('<span>Centimeters</span>');
  });

  it('disables every control while a save is in flight', () => {
    const html = render(true);
    expect(html.match(/<select[^>]* disabled=""/g)).toHaveLength(2);
    expect(html.match(/<fieldset[^>]* disabled=""/g)).toHaveLength(2);
  });
});
