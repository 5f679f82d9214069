import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { saveAccountSettings } from '@easel/data/queries/settings';
import { signedInUserId, unavailable } from '../api/context';
import { ApiError, type ApiEnv } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { setCookies } from '../cookies';
import { parseLanguage } from '../i18n/languages';
import { isHttps, requestCookie } from '../session';
import { applyUrlOverrides, rawQuery } from './resolve';
import { getSavedSettings } from './saved';
import { buildUserSettings, factsOf } from './entity';
import { getSettingsOptions } from './options';
import { READ_ONLY_FIELDS, settingsChoiceSchema, type SettingsChoice, type SettingsField } from './settings';
import { visitorCookieValues } from './visitor-cookies';

/**
 * GET, PUT and OPTIONS /api/u/ (SPEC §7): the shopper's settings, saving them, and the choices.
 * Visitors' settings live in cookies, signed-in users' in the database.
 */

export interface SettingsApiDependencies {
  getDb: () => Promise<Db>;
}

/** Settings are a few short codes; anything longer is not a settings body. */
const MAX_BODY_BYTES = 4096;
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const PRIVATE = { 'Cache-Control': 'no-store' };
const PATH = '/api/u/';

const settings = unavailable('Settings are unavailable just now; please try again shortly.');
const queryOf = (c: Context) => rawQuery(new URL(c.req.url).searchParams);

/**
 * A language a shopper saves (SPEC §7): one we do not speak falls back to British English, as
 * in the query string and the cookie; a value that is not a language tag at all is refused.
 */
const savedLanguageSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a language tag such as en-gb') })
  .max(64, { error: 'must be a language tag such as en-gb' })
  .transform((tag) => parseLanguage(tag));

/** What PUT takes: the four choices (a language we do not speak saved as en-gb), and the read-only fields as GET gave them (checked, then ignored). */
const readOnlyShape = Object.fromEntries(READ_ONLY_FIELDS.map((field) => [field, z.unknown().optional()])) as Record<Exclude<SettingsField, keyof SettingsChoice>, z.ZodOptional<z.ZodUnknown>>;
const settingsBodySchema = z.strictObject({ ...settingsChoiceSchema.shape, language: savedLanguageSchema, ...readOnlyShape });

export const settingsRoutes = ({ getDb }: SettingsApiDependencies) => {
  async function whoIsAsking(c: Context) {
    const userId = await signedInUserId(c, getDb);
    return { userId, saved: await getSavedSettings(userId, (name) => requestCookie(c.req.raw, name), getDb) };
  }

  return new Hono<ApiEnv>()
    .get(PATH, settings, async (c) => {
      const { saved } = await whoIsAsking(c);
      return c.json(applyUrlOverrides(saved, queryOf(c)), 200, PRIVATE);
    })
    .put(PATH, settings, jsonObject(MAX_BODY_BYTES, 'the settings of GET /api/u/'), json(settingsBodySchema), async (c) => {
      const { currency, country, display_units, language, ...readOnly } = c.req.valid('json');
      const choice = { currency, country, display_units, language };
      const { userId, saved } = await whoIsAsking(c);
      // The counts and the rest are the server's to say: sent back as GET gave them they are ignored, changed they are refused.
      const current: Record<string, unknown> = applyUrlOverrides(saved, queryOf(c));
      const changed = Object.keys(readOnly).find((field) => JSON.stringify(readOnly[field as keyof typeof readOnly]) !== JSON.stringify(current[field]));
      if (changed) throw new ApiError(400, 'read_only', `${changed} is read-only and cannot be saved.`, changed);
      // The read-only counts are the shopper's own, a visitor's basket included: the answer replaces the settings the page holds.
      const answer = buildUserSettings(choice, factsOf(saved));
      if (userId !== null && saved.authenticated) {
        await saveAccountSettings(await getDb(), userId, choice);
        return c.json(answer, 200, PRIVATE);
      }
      const response = c.json(answer, 200, PRIVATE);
      setCookies(response, visitorCookieValues(choice), { path: '/', maxAge: ONE_YEAR_S, secure: isHttps(c.req.raw) });
      return response;
    })
    .options(PATH, settings, async (c) => {
      const { saved } = await whoIsAsking(c);
      const { language } = applyUrlOverrides(saved, queryOf(c));
      return c.json(getSettingsOptions(language), 200, { ...PRIVATE, Allow: 'GET, PUT, OPTIONS' });
    });
};
