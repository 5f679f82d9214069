import { NextResponse, type NextRequest } from 'next/server';
import type { Db } from '@easel/data/db';
import { saveAccountSettings } from '@easel/data/queries/settings';
import { apiError } from '../api-error';
import { setCookies } from '../cookies';
import { parseBody, readJsonObject } from '../read-body';
import { requestUserId } from '../session';
import { applyUrlOverrides, rawQuery } from './resolve';
import { getSavedSettings } from './saved';
import {
  buildUserSettings, factsOf, getSettingsOptions, READ_ONLY_FIELDS, settingsChoiceSchema, VISITOR_FACTS, type SettingsChoice,
} from './settings';
import { visitorCookieValues } from './visitor-cookies';

/**
 * GET, PUT and OPTIONS /api/u/ (SPEC §7): the shopper's settings, saving them, and the choices.
 * Visitors' settings live in cookies, signed-in users' in the database.
 */

export interface SettingsApiDependencies {
  getDb: () => Promise<Db>;
}

type Handler = (request: NextRequest) => Promise<Response>;

/** Settings are a few short codes; anything longer is not a settings body. */
const MAX_BODY_BYTES = 4096;
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const PRIVATE = { 'Cache-Control': 'no-store' };

export function createUserSettingsHandlers({ getDb }: SettingsApiDependencies): { GET: Handler; PUT: Handler; OPTIONS: Handler } {
  async function whoIsAsking(request: NextRequest) {
    const readCookie = (name: string) => request.cookies.get(name)?.value;
    const userId = await requestUserId(request, getDb);
    return { userId, saved: await getSavedSettings(userId, readCookie, getDb) };
  }

  return {
    GET: answering(async (request) => {
      const { saved } = await whoIsAsking(request);
      return NextResponse.json(applyUrlOverrides(saved, queryOf(request)), { headers: PRIVATE });
    }),

    PUT: answering(async (request) => {
      const choice = await readChoice(request);
      if (choice instanceof Response) return choice;
      const { userId, saved } = await whoIsAsking(request);
      if (userId !== null && saved.authenticated) {
        await saveAccountSettings(await getDb(), userId, choice);
        return NextResponse.json(buildUserSettings(choice, factsOf(saved)), { headers: PRIVATE });
      }
      const response = NextResponse.json(buildUserSettings(choice, VISITOR_FACTS), { headers: PRIVATE });
      setCookies(response, visitorCookieValues(choice), { path: '/', maxAge: ONE_YEAR_S, secure: request.nextUrl.protocol === 'https:' });
      return response;
    }),

    OPTIONS: answering(async (request) => {
      const { saved } = await whoIsAsking(request);
      const { language } = applyUrlOverrides(saved, queryOf(request));
      return NextResponse.json(getSettingsOptions(language), { headers: { ...PRIVATE, Allow: 'GET, PUT, OPTIONS' } });
    }),
  };
}

const queryOf = (request: NextRequest) => rawQuery(request.nextUrl.searchParams);

/** A failure below (the database, most likely) answers 503 in the API's error shape. */
function answering(handler: Handler): Handler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      console.error(`settings: ${request.method} /api/u/ failed:`, error);
      return apiError(503, 'unavailable', 'Settings are unavailable just now; please try again shortly.');
    }
  };
}

/** The PUT body -> the four choices, or a 4xx naming what is wrong. */
async function readChoice(request: NextRequest): Promise<SettingsChoice | Response> {
  const body = await readJsonObject(request, MAX_BODY_BYTES, 'the settings of GET /api/u/');
  if (body instanceof Response) return body;
  const readOnly = READ_ONLY_FIELDS.find((field) => field in body);
  if (readOnly) return apiError(400, 'read_only', `${readOnly} is read-only and cannot be saved.`, readOnly);
  return parseBody(settingsChoiceSchema, body);
}
