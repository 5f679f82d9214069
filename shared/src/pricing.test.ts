import { describe, expect, it } from 'vitest';
import { buildRateMatrix } from './currency';
import { priceBasket } from './pricing';

const rates = buildRateMatrix();

describe('priceBasket', () => {
  it.each([
    ['no discount', [{ unit_gbp_minor: 10_000, quantity: 1 }], null, [1500], 'GBP', { subtotal_minor: 10_000, discount_minor: 0, shipping_minor: 1500, total_minor: 11_500 }],
    ['10 per cent off the subtotal, not the shipping', [{ unit_gbp_minor: 10_000, quantity: 1 }, { unit_gbp_minor: 2_500, quantity: 2 }], { kind: 'percent', amount: 10 }, [1500], 'GBP',
      { subtotal_minor: 15_000, discount_minor: 1500, shipping_minor: 1500, total_minor: 15_000 }],
    ['a fixed £5 converted to dollars, in whole dollars ($6.95 -> $7)', [{ unit_gbp_minor: 10_000, quantity: 1 }], { kind: 'fixed', amount: 500 }, [], 'USD',
      { subtotal_minor: 13_900, discount_minor: 700, shipping_minor: 0, total_minor: 13_200 }],
    ['a fixed amount never below zero', [{ unit_gbp_minor: 300, quantity: 1 }], { kind: 'fixed', amount: 500 }, [1000], 'GBP',
      { subtotal_minor: 300, discount_minor: 300, shipping_minor: 1000, total_minor: 1000 }],
    ['£135 and £86 shipping in dollars: $188 + $120 = $308, not $187.65 + $119.54', [{ unit_gbp_minor: 13_500, quantity: 1 }], null, [8_600], 'USD',
      { lines: [{ unit_minor: 18_800, total_minor: 18_800 }], subtotal_minor: 18_800, shipping_minor: 12_000, total_minor: 30_800 }],
    ['10 per cent of $188 is $19, a whole dollar', [{ unit_gbp_minor: 13_500, quantity: 1 }], { kind: 'percent', amount: 10 }, [], 'USD',
      { subtotal_minor: 18_800, discount_minor: 1_900, total_minor: 16_900 }],
    ['shipping converted work by work, as each product page shows it (€15 + €15, not €29)', [{ unit_gbp_minor: 10_000, quantity: 1 }], null, [1_230, 1_230], 'EUR',
      { shipping_minor: 3_000 }],
  ] as const)('%s', (_name, lines, discount, shipping, currency, expected) => {
    expect(priceBasket(lines, discount, shipping, currency, rates)).toMatchObject(expected);
  });

  it('converts each unit price to whole units first, so the lines add up to the subtotal', () => {
    const priced = priceBasket([{ unit_gbp_minor: 3_333, quantity: 3 }, { unit_gbp_minor: 1_111, quantity: 1 }], null, [], 'EUR', rates);
    expect(priced.lines).toEqual([{ unit_minor: 3_900, total_minor: 11_700 }, { unit_minor: 1_300, total_minor: 1_300 }]);
    expect(priced.subtotal_minor).toBe(11_700 + 1_300);
  });
});
