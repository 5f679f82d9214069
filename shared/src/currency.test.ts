import { describe, expect, it } from 'vitest';
import { buildRateMatrix, convertMinor, convertPrice, pricesInAllCurrencies } from './currency';

describe('currency rates', () => {
  const rates = buildRateMatrix();

  it('seeds 1 GBP at about 1.39 USD and 1.18 EUR', () => {
    expect(rates.GBP.USD).toBe(1.39);
    expect(rates.GBP.EUR).toBe(1.18);
    expect(rates.USD.USD).toBe(1);
  });

  it('keeps the matrix consistent in both directions', () => {
    expect(rates.USD.GBP * rates.GBP.USD).toBeCloseTo(1, 5);
    expect(rates.EUR.USD).toBeCloseTo(1.39 / 1.18, 5);
  });

  it('converts minor units and rounds to a whole minor unit', () => {
    expect(convertMinor(10_000, 'GBP', 'USD', rates)).toBe(13_900);
    expect(convertMinor(999, 'GBP', 'EUR', rates)).toBe(1_179);
  });

  it('shows and charges a price in whole units of each currency', () => {
    expect(convertPrice(13_500, 'USD', rates)).toBe(18_800);
    expect(convertPrice(8_600, 'USD', rates)).toBe(12_000);
    expect(convertPrice(45_049, 'GBP', rates)).toBe(45_000);
    expect(pricesInAllCurrencies(10_000, rates)).toEqual({ GBP: 10_000, USD: 13_900, EUR: 11_800, CAD: 18_900, AUD: 20_900 });
    expect(pricesInAllCurrencies(8_000, rates)).toEqual({ GBP: 8_000, USD: 11_100, EUR: 9_400, CAD: 15_100, AUD: 16_700 });
  });
});
