import type { Db } from '@easel/data/db';
import { getAccountSettings } from '@easel/data/queries/settings';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { signedInUserId } from '../api/context';
import type { ApiEnv } from '../api/errors';
import { parseLanguage, type Language } from '../i18n/languages';
import { requestCookie } from '../session';
import { rawQuery, readUrlOverrides } from './resolve';
import { readVisitorChoice } from './visitor-cookies';

/**
 * The English an API request is answered in, as its page would be: `?language=` for everyone,
 * else a signed-in user's saved language, else the visitor's `af-locale` cookie (British English
 * without one). When the database cannot say, the cookie's.
 */
export async function requestLanguage(c: Context, getDb: () => Promise<Db>): Promise<Language> {
  const asked = readUrlOverrides(rawQuery(new URL(c.req.url).searchParams)).language;
  if (asked) return asked;
  try {
    const userId = await signedInUserId(c, getDb);
    const account = userId === null ? undefined : await getAccountSettings(await getDb(), userId);
    if (account) return parseLanguage(account.language);
  } catch {
    // The database is unavailable; the refusal that says so is still worded for the shopper.
  }
  return readVisitorChoice((name) => requestCookie(c.req.raw, name)).language;
}

/**
 * Lets the API's refusals speak the shopper's English: the error handler asks for the request's
 * language only when a refusal's wording differs between the two (`languageOf` in api/errors.ts).
 */
export const speakingShoppersLanguage = (getDb: () => Promise<Db>) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    c.set('language', () => requestLanguage(c, getDb));
    await next();
  });
