import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Sam Shopper', 'SS'],
    ['cher', 'C'],
    ['  maria  de la cruz ', 'MD'],
    ['łukasz żak', 'ŁŻ'],
    ['𝒜da Lovelace', '𝒜L'],
    ['   ', ''],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
