import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { priceBand, priceBarEdges } from './price-bars';

describe('priceBand', () => {
  it('puts a price in the last bar whose lower edge it reaches', () => {
    expect(priceBand('GBP', 0)).toBe(0);
    expect(priceBand('GBP', 4_999)).toBe(0);
    expect(priceBand('GBP', 5_000)).toBe(1);
    expect(priceBand('GBP', 50_000)).toBe(priceBarEdges('GBP').indexOf(500));
    // $695 is under the $700 edge the pound's £500 becomes.
    expect(priceBand('USD', 69_500)).toBe(priceBarEdges('USD').indexOf(700) - 1);
    expect(priceBand('GBP', 900_000_000)).toBe(priceBarEdges('GBP').length - 1);
  });

  it('agrees with the bars\' ranges at every edge, in every currency', () => {
    for (const currency of CURRENCIES) {
      const edges = priceBarEdges(currency);
      edges.forEach((edge, i) => {
        expect(priceBand(currency, edge * 100)).toBe(i);
        if (i > 0) expect(priceBand(currency, edge * 100 - 1)).toBe(i - 1);
      });
    }
  });
});
