/**
 * Card details as the shopper types them, shaped the way the card prints them. Browser-safe:
 * the payment form formats each keystroke, the order API checks the same shapes.
 */

/** The most digits a card number has (ISO/IEC 7812). */
const CARD_NUMBER_MAX_DIGITS = 19;

/** A card number as typed, in groups of four: '4242424242' -> '4242 4242 42'; letters and extra digits dropped. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as typed, as MM/YY: '1230' -> '12/30', '12/3' -> '12/3', '4' -> '04' (no month
 * starts with 4), '12' -> '12' (so a shopper deleting the slash is not fought).
 */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A security code as typed: digits only, at most four: '12a34' -> '1234'. */
export function formatCvc(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 4);
}

/** Whether an MM/YY expiry has passed by `now` (a card is good to the end of its month): ('11/26', 30 Nov 2026) -> false. */
export function hasExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const end = Date.UTC(2000 + year, month, 1);
  return end <= now.getTime();
}
