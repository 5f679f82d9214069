import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@easel/data/db';
import { inTransaction } from '@easel/data/db';
import { addToBasket, promoCustomer, spendPromoCode } from '@easel/data/queries/basket';
import { getAccountSettings } from '@easel/data/queries/settings';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { sessionHash } from '../session';
import { COUNTRY_CODES } from './countries';
import { callable, databaseDown } from '../api/testing';
import { settingsRoutes, type SettingsApiDependencies } from './api';
import { DEFAULT_SETTINGS } from './defaults.fixture';
import { userSettingsSchema, settingsOptionsSchema } from './settings';

/** The settings routes behind the API's error handling, each method answered by the app. */
function settingsApi(deps: SettingsApiDependencies) {
  const call = callable(settingsRoutes(deps));
  return { GET: call, PUT: call, OPTIONS: call };
}

let temp: TemporaryDatabase;
let db: Db;
let userId: number;
const SESSION = 'session-of-ada';

beforeAll(async () => {
  temp = await openTemporaryDatabase('settings-api', { seed: 1, artworks: 20 });
  db = temp.db;
  userId = await addUser(db, { currency: 'EUR', country: 'FR', display_units: 'in', language: 'en-us' });
  await addSession(db, SESSION, userId);
});
afterAll(() => temp.close());

/** Handlers on the test database, counting how often they open it. */
function handlers() {
  const opened = { count: 0 };
  const api = settingsApi({ getDb: async () => { opened.count++; return db; } });
  return { ...api, opened };
}

function request(method: string, options: { query?: string; cookies?: Record<string, string>; body?: BodyInit; https?: boolean } = {}) {
  const cookie = Object.entries(options.cookies ?? {}).map(([k, v]) => `${k}=${v}`).join('; ');
  return new NextRequest(`${options.https ? 'https' : 'http'}://shop.test/api/u/${options.query ?? ''}`, {
    method,
    headers: { Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...(options.body ? { 'Content-Type': 'application/json' } : {}) },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}

const put = (body: unknown, options: Parameters<typeof request>[1] = {}) =>
  handlers().PUT(request('PUT', { ...options, body: typeof body === 'string' ? body : JSON.stringify(body) }));

const valid = { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' };

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; param?: string } }).error;
}

describe('GET /api/u/', () => {
  it('answers a visitor the SPEC §3 defaults, without opening the database', async () => {
    const api = handlers();
    const response = await api.GET(request('GET'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = userSettingsSchema.parse(await response.json());
    expect(body).toEqual(DEFAULT_SETTINGS);
    expect(body).toMatchObject({ currency: 'GBP', currency_symbol: '£', country: 'GB', display_units: 'cm', language: 'en-gb', basket_count: 0, authenticated: false });
    expect(api.opened.count).toBe(0);
  });

  it('reads a visitor\'s settings from the af-currency, af-shipping and af-locale cookies', async () => {
    const response = await handlers().GET(request('GET', { cookies: { 'af-currency': 'CAD', 'af-shipping': 'CA', 'af-locale': 'en-us:in' } }));
    expect(await response.json()).toMatchObject({
      currency: 'CAD', currency_symbol: 'CA$', country: 'CA', country_display: 'Canada', display_units: 'in', language: 'en-us', language_display: 'American English',
    });
  });

  it('reads junk cookies as the defaults, field by field', async () => {
    const response = await handlers().GET(request('GET', { cookies: { 'af-currency': 'DOGE', 'af-shipping': 'x'.repeat(3000), 'af-locale': 'fr-fr:yards' } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(DEFAULT_SETTINGS);
  });

  it('lets a currency in the URL win for a visitor', async () => {
    const response = await handlers().GET(request('GET', { query: '?currency=USD', cookies: { 'af-currency': 'EUR' } }));
    expect(await response.json()).toMatchObject({ currency: 'USD', currency_symbol: '$' });
  });

  it('answers a signed-in user their saved settings, and the URL currency does not override them', async () => {
    const response = await handlers().GET(request('GET', { query: '?currency=USD', cookies: { sessionid: SESSION, 'af-currency': 'AUD' } }));
    expect(await response.json()).toMatchObject({
      currency: 'EUR', country: 'FR', display_units: 'in', language: 'en-us', authenticated: true, collections_enabled: true,
    });
  });

  it('offers the welcome code as credit_data until the customer has spent it, under this account or another with its email', async () => {
    const creditOf = async (session: string, query = '') =>
      userSettingsSchema.parse(await (await handlers().GET(request('GET', { query, cookies: { sessionid: session } }))).json()).credit_data;
    const spender = await addUser(db, undefined, 'welcome-spent@example.com');
    await addSession(db, 'session-of-spender', spender);
    const guest = await addUser(db, undefined, `guest-${spender}@guest.invalid`);
    await db.updateTable('users').set({ unconfirmed_email: 'Welcome-Spent@example.com', password_hash: '' }).where('id', '=', guest).execute();
    await addSession(db, 'session-of-guest', guest);
    for (const session of ['session-of-spender', 'session-of-guest']) {
      expect(await creditOf(session)).toEqual({ display_text: '10% off your order with the code WELCOME10', url: '/basket/' });
    }

    await inTransaction(db, async (trx) => spendPromoCode(trx, 'WELCOME10', await promoCustomer(trx, spender), 'order-of-spender', new Date().toISOString()));
    for (const session of ['session-of-spender', 'session-of-guest']) {
      expect(await creditOf(session)).toEqual({ display_text: '', url: '' });
      // A language in the URL re-words the settings and still offers nothing.
      expect(await creditOf(session, '?language=en-us')).toEqual({ display_text: '', url: '' });
    }
    expect(await creditOf(SESSION)).toEqual({ display_text: '10% off your order with the code WELCOME10', url: '/basket/' });
  });

  it('reads a stored value the site does not offer as the default', async () => {
    // The columns have no CHECK constraints, so a bad value can be stored; the types do not allow it.
    const other = await addUser(db, { currency: 'JPY' as 'GBP', country: 'Narnia', display_units: 'ft' as 'cm', language: 'fr' as 'en-gb' }, 'bo@example.com');
    await addSession(db, 'bo', other);
    const response = await handlers().GET(request('GET', { cookies: { sessionid: 'bo' } }));
    expect(await response.json()).toMatchObject({ currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb', authenticated: true });
  });

  it('treats an unknown session as a visitor', async () => {
    const response = await handlers().GET(request('GET', { cookies: { sessionid: 'forged', 'af-currency': 'AUD' } }));
    expect(await response.json()).toMatchObject({ currency: 'AUD', authenticated: false });
  });

  it('answers 503 in the error shape when the database fails a signed-in user', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = settingsApi({ getDb: databaseDown });
    const response = await api.GET(request('GET', { cookies: { sessionid: SESSION } }));
    expect(response.status).toBe(503);
    expect((await errorOf(response)).code).toBe('unavailable');
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('PUT /api/u/', () => {
  it('saves a visitor\'s settings in the three cookies and answers currency and currency_symbol', async () => {
    const response = await put(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ currency: 'USD', currency_symbol: '$', country: 'US', display_units: 'in', language: 'en-us' });
    const set = response.headers.getSetCookie();
    expect(set).toHaveLength(3);
    expect(set.map((c) => c.split(';')[0])).toEqual(['af-currency=USD', 'af-shipping=US', 'af-locale=en-us%3Ain']);
    for (const cookie of set) {
      expect(cookie).toContain('; Path=/;');
      expect(cookie).toContain('; Max-Age=31536000;');
      expect(cookie).toContain('; HttpOnly;');
      expect(cookie).toMatch(/; SameSite=lax$/i);
      expect(cookie).not.toMatch(/secure|domain/i);
    }
  });

  it('marks the cookies Secure over HTTPS', async () => {
    const response = await put(valid, { https: true });
    expect(response.headers.getSetCookie().every((c) => /; Secure/i.test(c))).toBe(true);
  });

  it('writes cookies that GET reads back', async () => {
    const saved = await put({ currency: 'AUD', country: 'NZ', display_units: 'cm', language: 'en-gb' });
    const cookies = Object.fromEntries(saved.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const [name = '', value = ''] = pair.split('=');
      return [name, decodeURIComponent(value)];
    }));
    const response = await handlers().GET(request('GET', { cookies }));
    expect(await response.json()).toMatchObject({ currency: 'AUD', country: 'NZ', country_display: 'New Zealand', display_units: 'cm', language: 'en-gb' });
  });

  it('accepts a language tag in any case and stores it in lower case', async () => {
    expect(await (await put({ ...valid, language: 'en-US' })).json()).toMatchObject({ language: 'en-us' });
  });

  it.each(['fr-fr', 'de', 'en-au', ''])('saves British English for a language it does not speak: %j', async (language) => {
    const response = await put({ ...valid, language });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ language: 'en-gb', language_display: 'British English', currency: 'USD' });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('af-locale='))).toMatch(/^af-locale=en-gb/);
  });

  it('saves British English for a signed-in user who asks for a language it does not speak', async () => {
    const response = await put({ ...valid, language: 'fr' }, { cookies: { sessionid: SESSION } });
    expect(response.status).toBe(200);
    expect(await getAccountSettings(db, userId)).toMatchObject({ language: 'en-gb', currency: 'USD' });
  });

  it('answers a visitor the real read-only counts, the works in their basket included', async () => {
    const visitor = 'session-of-a-visitor';
    const { slug } = await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
    expect(await addToBasket(db, { sessionHash: sessionHash(visitor) }, { slug }, new Date().toISOString())).toEqual({ ok: true });
    const response = await put(valid, { cookies: { sessionid: visitor } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ currency: 'USD', basket_count: 1, authenticated: false });
  });

  it('saves a signed-in user\'s settings in the database and writes no cookies', async () => {
    const response = await put({ currency: 'GBP', country: 'IE', display_units: 'cm', language: 'en-gb' }, { cookies: { sessionid: SESSION } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.json()).toMatchObject({ currency: 'GBP', country: 'IE', authenticated: true });
    expect(await getAccountSettings(db, userId)).toMatchObject({ currency: 'GBP', country: 'IE', display_units: 'cm', language: 'en-gb' });
  });

  it.each([
    ['currency', { ...valid, currency: 'XYZ' }, /currency must be one of GBP, USD, EUR, CAD, AUD/],
    ['country', { ...valid, country: 'UK' }, /country must be an ISO 3166-1 country code/],
    ['display_units', { ...valid, display_units: 'mm' }, /display_units must be one of cm, in/],
    ['language', { ...valid, language: 42 }, /language must be a language tag/],
    ['currency', { ...valid, currency: 'G'.repeat(2000) }, /currency must be one of/],
    ['country', { ...valid, country: 44 }, /country must be/],
  ])('refuses a bad %s with 400 naming the field', async (field, body, message) => {
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_parameter', param: field, message: expect.stringMatching(message) });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it.each(['currency', 'country', 'display_units', 'language'])('requires %s', async (field) => {
    const response = await put(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ param: field, message: `${field} is required.` });
  });

  it('saves the very body GET answers, read-only fields and all, with a choice changed', async () => {
    const api = handlers();
    const signedIn = { cookies: { sessionid: SESSION } };
    const current = (await (await api.GET(request('GET', signedIn))).json()) as Record<string, unknown>;
    expect(Object.keys(current)).toEqual(expect.arrayContaining(['basket_count', 'currency_symbol', 'psychobar']));
    const units = current.display_units === 'cm' ? 'in' : 'cm';
    const response = await api.PUT(request('PUT', { ...signedIn, body: JSON.stringify({ ...current, display_units: units }) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ currency: current.currency, display_units: units });
    expect((await getAccountSettings(db, userId))?.display_units).toBe(units);
  });

  it.each(['basket_count', 'unread_count', 'review_count'])('refuses to set the read-only %s', async (field) => {
    const response = await put({ ...valid, [field]: 5 });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'read_only', param: field, message: `${field} is read-only and cannot be saved.` });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses fields the server derives, such as currency_symbol', async () => {
    expect(await errorOf(await put({ ...valid, currency_symbol: '¥' }))).toMatchObject({ code: 'read_only', param: 'currency_symbol' });
  });

  it('refuses a field that is not a setting', async () => {
    expect(await errorOf(await put({ ...valid, theme: 'dark' }))).toMatchObject({ code: 'invalid_parameter', param: 'theme', message: 'theme is not a field this request takes.' });
  });

  it.each([['not json', '{currency'], ['an array', '[]'], ['null', 'null']])('refuses %s as the body', async (_, body) => {
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_json', param: 'body' });
  });

  it('refuses a body over 4 KiB with 413', async () => {
    const response = await put({ ...valid, padding: 'x'.repeat(5000) });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ code: 'payload_too_large', param: 'body' });
  });
});

describe('OPTIONS /api/u/', () => {
  it('answers the choices for every field, and which methods there are', async () => {
    const response = await handlers().OPTIONS(request('OPTIONS'));
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('GET, PUT, OPTIONS');
    const options = settingsOptionsSchema.parse(await response.json());
    expect(options.currency.map((c) => c.value)).toEqual(['GBP', 'USD', 'EUR', 'CAD', 'AUD']);
    expect(options.currency[0]?.display_name).toBe('GBP – British Pound (£)');
    expect(options.country).toHaveLength(COUNTRY_CODES.length);
    expect(options.country.length).toBeGreaterThanOrEqual(245);
    expect(options.country).toContainEqual({ value: 'GB', display_name: 'United Kingdom' });
    expect(options.display_units).toEqual([{ value: 'cm', display_name: 'Centimetres' }, { value: 'in', display_name: 'Inches' }]);
    expect(options.language).toEqual([{ value: 'en-gb', display_name: 'British English' }, { value: 'en-us', display_name: 'American English' }]);
  });

  it('names the choices in the shopper\'s English', async () => {
    const options = settingsOptionsSchema.parse(await (await handlers().OPTIONS(request('OPTIONS', { cookies: { 'af-locale': 'en-us' } }))).json());
    expect(options.display_units[0]?.display_name).toBe('Centimeters');
    expect(options.country).toContainEqual({ value: 'KN', display_name: 'St. Kitts & Nevis' });
  });
});
