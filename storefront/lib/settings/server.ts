import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDb } from '../db';
import { getRequestUrl } from '../request-url';
import { getRequestUserId } from '../account/server';
import type { UrlOverrides } from './entity';
import { applyUrlOverrides, rawQuery, readUrlOverrides, type RawQuery } from './resolve';
import { getSavedSettings } from './saved';
import { getCookieSettings } from './visitor-cookies';
import type { UserSettings } from './settings';

/**
 * Saved settings, read once per request however many components ask. When the database cannot
 * be reached the page still renders, with the settings in the shopper's cookies.
 */
const getRequestSavedSettings = cache(async (): Promise<UserSettings> => {
  const jar = await cookies();
  const readCookie = (name: string) => jar.get(name)?.value;
  try {
    const userId = await getRequestUserId();
    return await getSavedSettings(userId, readCookie, getDb);
  } catch (error) {
    console.error('settings: could not read the signed-in user\'s settings; using the cookies:', error);
    return getCookieSettings(readCookie);
  }
});

/**
 * The shopper's settings for a server component: saved ones (cookies, or the database for a
 * signed-in user; junk reads as the defaults) with the query's overrides: a `currency` wins
 * for a visitor, a `language` for everyone. Pages pass their `searchParams`; without them the
 * request's own query is used (layouts get none).
 */
export async function getShopperSettings(searchParams?: RawQuery): Promise<UserSettings> {
  return applyUrlOverrides(await getRequestSavedSettings(), searchParams ?? (await getRequestQuery()));
}

/**
 * For the root layout's SettingsProvider: the saved settings and this page view's overrides,
 * kept apart so that saving one setting never saves a currency that only the URL asked for.
 */
export async function getSettingsSnapshot(): Promise<{ saved: UserSettings; overrides: UrlOverrides }> {
  const [saved, query] = await Promise.all([getRequestSavedSettings(), getRequestQuery()]);
  return { saved, overrides: readUrlOverrides(query) };
}

async function getRequestQuery(): Promise<RawQuery> {
  return rawQuery((await getRequestUrl())?.searchParams ?? new URLSearchParams());
}
