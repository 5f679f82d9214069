import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { createMiddleware } from 'hono/factory';
import type { Db } from '@easel/data/db';
import { saveAccountSettings } from '@easel/data/queries/settings';
import { signedInUserId, unavailable } from '../api/context';
import { ApiError, type ApiEnv } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { setCookies } from '../cookies';
import { isHttps, requestCookie } from '../session';
import { applyUrlOverrides, rawQuery } from './resolve';
import { getSavedSettings } from './saved';
import { buildUserSettings, factsOf, getSettingsOptions, READ_ONLY_FIELDS, settingsChoiceSchema, VISITOR_FACTS, type SettingsChoice, type SettingsField } from './settings';
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

/** What PUT takes: the four choices, and the read-only fields as GET gave them (checked, then ignored). */
const readOnlyShape = Object.fromEntries(READ_ONLY_FIELDS.map((field) => [field, z.unknown().optional()])) as Record<Exclude<SettingsField, keyof SettingsChoice>, z.ZodOptional<z.ZodUnknown>>;
const settingsBodySchema = settingsChoiceSchema.extend(readOnlyShape);

export const settingsRoutes = ({ getDb }: SettingsApiDependencies) => {
  async function whoIsAsking(c: Context) {
    const userId = await signedInUserId(c, getDb);
    return { userId, saved: await getSavedSettings(userId, (name) => requestCookie(c.req.raw, name), getDb) };
  }

  /**
   * The counts and the rest are the server's to say: a body may carry them back as GET gave
   * them, so the very body GET answers can be saved, but one that changes any is refused before
   * its choices are read.
   */
  const refuseChangedReadOnly = createMiddleware(async (c, next) => {
    const body: Record<string, unknown> = await c.req.json();
    const named = READ_ONLY_FIELDS.filter((field) => field in body);
    if (named.length > 0) {
      const current: Record<string, unknown> = applyUrlOverrides((await whoIsAsking(c)).saved, queryOf(c));
      const changed = named.find((field) => JSON.stringify(body[field]) !== JSON.stringify(current[field]));
      if (changed) throw new ApiError(400, 'read_only', `${changed} is read-only and cannot be saved.`, changed);
    }
    await next();
  });

  return new Hono<ApiEnv>()
    .get(PATH, settings, async (c) => {
      const { saved } = await whoIsAsking(c);
      return c.json(applyUrlOverrides(saved, queryOf(c)), 200, PRIVATE);
    })
    .put(PATH, settings, jsonObject(MAX_BODY_BYTES, 'the settings of GET /api/u/'), refuseChangedReadOnly, json(settingsBodySchema), async (c) => {
      const { currency, country, display_units, language } = c.req.valid('json');
      const choice = { currency, country, display_units, language };
      const { userId, saved } = await whoIsAsking(c);
      if (userId !== null && saved.authenticated) {
        await saveAccountSettings(await getDb(), userId, choice);
        return c.json(buildUserSettings(choice, factsOf(saved)), 200, PRIVATE);
      }
      const response = c.json(buildUserSettings(choice, VISITOR_FACTS), 200, PRIVATE);
      setCookies(response, visitorCookieValues(choice), { path: '/', maxAge: ONE_YEAR_S, secure: isHttps(c.req.raw) });
      return response;
    })
    .options(PATH, settings, async (c) => {
      const { saved } = await whoIsAsking(c);
      const { language } = applyUrlOverrides(saved, queryOf(c));
      return c.json(getSettingsOptions(language), 200, { ...PRIVATE, Allow: 'GET, PUT, OPTIONS' });
    });
};
