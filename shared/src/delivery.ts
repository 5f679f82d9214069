/**
 * Delivery estimates: the artist's dispatch time plus the journey, in working days, turned into
 * the dates a shopper can expect the work. Pure, so the product page, the basket and checkout
 * all say the same.
 */

/** Countries a parcel crosses by road within Europe. */
const EUROPE: ReadonlySet<string> = new Set([
  'GB', 'IE', 'FR', 'DE', 'NL', 'BE', 'LU', 'ES', 'PT', 'IT', 'AT', 'CH', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ', 'GR',
]);

export interface DayRange {
  min: number;
  max: number;
}

/** Working days in transit: ('GB', 'GB') -> 1–3, ('FR', 'DE') -> 2–5, ('GB', 'US') -> 4–10. */
export function transitDays(from: string, to: string): DayRange {
  if (from === to) return { min: 1, max: 3 };
  if (EUROPE.has(from) && EUROPE.has(to)) return { min: 2, max: 5 };
  return { min: 4, max: 10 };
}

/** Working days from the order to the door: dispatch, then the journey: (2, 'GB', 'US') -> 6–12. */
export function deliveryDays(dispatchDays: number, from: string, to: string): DayRange {
  const transit = transitDays(from, to);
  return { min: dispatchDays + transit.min, max: dispatchDays + transit.max };
}

/** `days` working days (Monday to Friday) after `date`, in UTC: (Friday, 1) -> Monday. */
export function addWorkingDays(date: Date, days: number): Date {
  const out = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  for (let left = days; left > 0;) {
    out.setUTCDate(out.getUTCDate() + 1);
    const weekday = out.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return out;
}

/**
 * The dates a work ordered on `ordered` should arrive between, as ISO days:
 * ({ dispatchDays: 2, from: 'GB', to: 'GB' }, Mon 2 Dec) -> { earliest: '2026-12-07', latest: '2026-12-09' }.
 */
export function deliveryWindow(shipment: { dispatchDays: number; from: string; to: string }, ordered: Date): { earliest: string; latest: string } {
  const { min, max } = deliveryDays(shipment.dispatchDays, shipment.from, shipment.to);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { earliest: day(addWorkingDays(ordered, min)), latest: day(addWorkingDays(ordered, max)) };
}
