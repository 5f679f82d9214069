import { describe, expect, it } from 'vitest';
import { formatDimensions, formatLength, formatPrice } from './money';

describe('formatPrice', () => {
  it('shows whole units (amount / 100, rounded) with the symbol', () => {
    expect(formatPrice(125049, 'GBP')).toBe('£1,250');
    expect(formatPrice(125050, 'GBP')).toBe('£1,251');
    expect(formatPrice(9900, 'GBP')).toBe('£99');
    expect(formatPrice(0, 'GBP')).toBe('£0');
  });

  it.each([
    ['GBP', '£2,000'],
    ['USD', '$2,000'],
    ['EUR', '€2,000'],
    ['CAD', 'CA$2,000'],
    ['AUD', 'A$2,000'],
  ] as const)('uses the right symbol for %s', (currency, text) => {
    expect(formatPrice(200_000, currency)).toBe(text);
  });
});

describe('formatLength', () => {
  it('keeps centimetres to one decimal', () => {
    expect(formatLength(60, 'cm')).toBe('60 cm');
    expect(formatLength(60.46, 'cm')).toBe('60.5 cm');
  });

  it('converts to inches at 2.54 cm each', () => {
    expect(formatLength(60, 'in')).toBe('23.6 in');
    expect(formatLength(2.54, 'in')).toBe('1 in');
  });
});

describe('formatDimensions', () => {
  it('joins width and height with the unit once', () => {
    expect(formatDimensions(60, 80, undefined, 'cm')).toBe('60 × 80 cm');
    expect(formatDimensions(60, 80, undefined, 'in')).toBe('23.6 × 31.5 in');
  });

  it('adds the depth when given', () => {
    expect(formatDimensions(30, 45, 20, 'cm')).toBe('30 × 45 × 20 cm');
    expect(formatDimensions(30, 45, 20, 'in')).toBe('11.8 × 17.7 × 7.9 in');
  });
});
