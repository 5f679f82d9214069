/**
 * A name's initials, which the header shows for a signed-in shopper on a phone: the first
 * letter of its first two words, in capitals ('Sam Shopper' -> 'SS', 'cher' -> 'C', '' -> '').
 */
export const initials = (name: string): string =>
  name.trim().split(/\s+/u).slice(0, 2).map((word) => ([...word][0] ?? '').toLocaleUpperCase()).join('');
