import { describe, expect, it } from 'vitest';
import { countryToOffer } from './ships-to';

describe('the ships-to country to offer', () => {
  it.each([
    ['dollars while shipping to the UK', { currency: 'USD', country: 'GB' }, null, 'US'],
    ['Canadian dollars while shipping to the US', { currency: 'CAD', country: 'US' }, null, 'CA'],
    ['pounds while shipping to the UK', { currency: 'GBP', country: 'GB' }, null, null],
    ['euros, which are many countries’', { currency: 'EUR', country: 'GB' }, null, null],
    ['the last address abroad, whatever the currency', { currency: 'GBP', country: 'GB' }, 'FR', 'FR'],
    ['the last address at home, though paying in dollars', { currency: 'USD', country: 'GB' }, 'GB', null],
  ] as const)('%s', (_name, settings, address, offered) => {
    expect(countryToOffer(settings, address)).toBe(offered);
  });
});
