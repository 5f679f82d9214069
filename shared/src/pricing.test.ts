import { describe, expect, it } from 'vitest';
import { buildRateMatrix } from './currency';
import { priceBasket } from './pricing';

const rates = buildRateMatrix();

describe('priceBasket', () => {
  it.each([
    ['no discount', [{ unit_gbp_minor: 10_000, quantity: 1 }], null, 1500, 'GBP', { subtotal_minor: 10_000, discount_minor: 0, shipping_minor: 1500, total_minor: 11_500 }],
    ['10 per cent off the subtotal, not the shipping', [{ unit_gbp_minor: 10_000, quantity: 1 }, { unit_gbp_minor: 2_500, quantity: 2 }], { kind: 'percent', amount: 10 }, 1500, 'GBP',
      { subtotal_minor: 15_000, discount_minor: 1500, shipping_minor: 1500, total_minor: 15_000 }],
    ['a fixed £5 converted to dollars', [{ unit_gbp_minor: 10_000, quantity: 1 }], { kind: 'fixed', amount: 500 }, 0, 'USD',
      { subtotal_minor: 13_900, discount_minor: 695, shipping_minor: 0, total_minor: 13_205 }],
    ['a fixed amount never below zero', [{ unit_gbp_minor: 300, quantity: 1 }], { kind: 'fixed', amount: 500 }, 1000, 'GBP',
      { subtotal_minor: 300, discount_minor: 300, shipping_minor: 1000, total_minor: 1000 }],
  ] as const)('%s', (_name, lines, discount, shipping, currency, expected) => {
    expect(priceBasket(lines, discount, shipping, currency, rates)).toMatchObject(expected);
  });

  it('converts each unit price first, so the lines add up to the subtotal', () => {
    const priced = priceBasket([{ unit_gbp_minor: 3_333, quantity: 3 }, { unit_gbp_minor: 1_111, quantity: 1 }], null, 0, 'EUR', rates);
    expect(priced.lines).toEqual([{ unit_minor: 3_933, total_minor: 11_799 }, { unit_minor: 1_311, total_minor: 1_311 }]);
    expect(priced.subtotal_minor).toBe(11_799 + 1_311);
  });
});
