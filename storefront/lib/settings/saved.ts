import type { Db } from '@easel/data/db';
import { getBasketCount, hasSpentPromo } from '@easel/data/queries/basket';
import { getAccountSettings, type AccountSettings } from '@easel/data/queries/settings';
import { parseLanguage } from '../i18n/languages';
import { SESSION_COOKIE, sessionHash } from '../session';
import { buildUserSettings, DEFAULT_CHOICE, VISITOR_FACTS, WELCOME_CODE } from './entity';
import { countrySchema, currencySchema, displayUnitsSchema, valueOr, type UserSettings } from './settings';
import { readVisitorChoice, type ReadCookie } from './visitor-cookies';

/**
 * The settings a shopper has saved, before any URL override: a signed-in user's from the
 * database, a visitor's (or a user whose row is gone) from their cookies, with the count of
 * the basket their session holds (a visitor without a session has none, and the database is
 * not touched).
 */
export async function getSavedSettings(userId: number | null, readCookie: ReadCookie, getDb: () => Promise<Db>): Promise<UserSettings> {
  if (userId !== null) {
    const db = await getDb();
    const account = await getAccountSettings(db, userId);
    if (account) return accountSettings(account, !(await hasSpentPromo(db, WELCOME_CODE, userId)));
  }
  const sessionId = readCookie(SESSION_COOKIE);
  const basketCount = sessionId ? await getBasketCount(await getDb(), { sessionHash: sessionHash(sessionId) }) : 0;
  return buildUserSettings(readVisitorChoice(readCookie), { ...VISITOR_FACTS, basket_count: basketCount });
}

/**
 * A user's row, and whether the welcome code is still theirs to spend -> settings; a column
 * holding something we do not offer reads as the default.
 */
function accountSettings(account: AccountSettings, welcomeCode: boolean): UserSettings {
  const choice = {
    currency: valueOr(currencySchema, account.currency, DEFAULT_CHOICE.currency),
    country: valueOr(countrySchema, account.country, DEFAULT_CHOICE.country),
    display_units: valueOr(displayUnitsSchema, account.display_units, DEFAULT_CHOICE.display_units),
    language: parseLanguage(account.language),
  };
  // Collections need an account, so every signed-in user has them.
  return buildUserSettings(choice, { ...VISITOR_FACTS, basket_count: account.basket_count, unread_count: account.unread_count, collections_enabled: true, authenticated: true, welcome_code: welcomeCode });
}
