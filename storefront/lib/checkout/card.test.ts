import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, hasExpired } from './card';

describe('card details as typed', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4242-4242-42', '4242 4242 42'],
    ['4242 ', '4242'],
    ['42a4', '424'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
    ['', ''],
  ])('groups the card number %j in fours: %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['1230', '12/30'],
    ['12/30', '12/30'],
    ['12 / 30', '12/30'],
    ['123', '12/3'],
    ['12', '12'],
    ['1', '1'],
    ['4', '04'],
    ['430', '04/30'],
    ['12/305', '12/30'],
    ['', ''],
  ])('writes the expiry %j as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('keeps at most four digits of the security code', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });

  it('counts a card good to the end of its month', () => {
    const now = new Date('2026-11-30T23:00:00Z');
    expect(hasExpired('11/26', now)).toBe(false);
    expect(hasExpired('10/26', now)).toBe(true);
    expect(hasExpired('12/30', now)).toBe(false);
    expect(hasExpired('01/27', new Date('2027-02-01T00:00:00Z'))).toBe(true);
  });
});
