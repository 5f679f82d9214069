import { getAddresses } from '@easel/data/queries/addresses';
import { getRequestAccount } from '../account/server';
import { getDb } from '../db';
import { COUNTRY_CODES, type CountryCode } from '../settings/countries';

/** The country of the address the signed-in shopper last sent an order to; null for a visitor or an empty address book. */
export async function getLastAddressCountry(): Promise<CountryCode | null> {
  const account = await getRequestAccount();
  if (!account) return null;
  const [latest] = await getAddresses(await getDb(), account.id);
  return COUNTRY_CODES.find((code) => code === latest?.country) ?? null;
}
