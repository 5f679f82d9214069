import type { Currency } from '@easel/shared/vocabulary';
import type { CountryCode } from './countries';

/** The country a currency belongs to, where it belongs to one (the euro is many countries'). */
const CURRENCY_COUNTRY: Partial<Record<Currency, CountryCode>> = { GBP: 'GB', USD: 'US', CAD: 'CA', AUD: 'AU' };

/**
 * The country to offer as ships-to when the shopper's other settings point elsewhere: the
 * country of the address they last sent an order to, else their currency's; null when those
 * agree with ships-to or say nothing:
 * ({ currency: 'USD', country: 'GB' }, null) -> 'US'; ({ currency: 'USD', country: 'GB' }, 'GB') -> null;
 * ({ currency: 'EUR', country: 'GB' }, null) -> null.
 */
export function countryToOffer(settings: { currency: Currency; country: CountryCode }, lastAddressCountry: CountryCode | null): CountryCode | null {
  const pointedTo = lastAddressCountry ?? CURRENCY_COUNTRY[settings.currency] ?? null;
  return pointedTo === null || pointedTo === settings.country ? null : pointedTo;
}
