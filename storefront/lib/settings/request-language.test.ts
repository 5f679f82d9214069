import { Hono } from 'hono';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import type { ApiEnv } from '../api/errors';
import { callable } from '../api/testing';
import { basketRoutes } from '../basket/basket-api';
import { engagementRoutes } from '../engagement/api';
import { speakingShoppersLanguage } from './request-language';

let temp: TemporaryDatabase;
let call: (request: Request) => Promise<Response>;

beforeAll(async () => {
  temp = await openTemporaryDatabase('request-language');
  const getDb = async () => temp.db;
  call = callable(new Hono<ApiEnv>().use(speakingShoppersLanguage(getDb)).route('/', basketRoutes({ getDb })).route('/', engagementRoutes({ getDb })));
  await addSession(temp.db, 'american-session', await addUser(temp.db, { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }, 'us@example.com'));
  await addSession(temp.db, 'british-session', await addUser(temp.db, { currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb' }, 'gb@example.com'));
});
afterAll(() => temp.close());

/** The message of a refusal whose words differ between the Englishes: a basket line that is not there. */
async function staleLine(cookie = '', query = ''): Promise<string> {
  const response = await call(new NextRequest(`http://shop.test/api/basket-next/?line=999999${query}`, { method: 'DELETE', headers: { Cookie: cookie } }));
  expect(response.status).toBe(404);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe('the API refuses in the asking shopper\'s English', () => {
  it.each([
    ['a visitor without settings', '', '', 'That item is no longer in your basket.'],
    ['a visitor who chose American English', 'af-locale=en-us:in', '', 'That item is no longer in your cart.'],
    ['a visitor asking with ?language=en-us', '', '&language=en-us', 'That item is no longer in your cart.'],
    ['a signed-in shopper who saved American English, whatever the cookie says', 'sessionid=american-session; af-locale=en-gb:cm', '', 'That item is no longer in your cart.'],
    ['a signed-in shopper who saved British English, whatever the cookie says', 'sessionid=british-session; af-locale=en-us:in', '', 'That item is no longer in your basket.'],
    ['anyone asking with ?language=, which wins', 'sessionid=british-session', '&language=en-US', 'That item is no longer in your cart.'],
  ])('%s', async (_, cookie, query, message) => {
    expect(await staleLine(cookie, query)).toBe(message);
  });

  it('words a sign-in refusal the same way', async () => {
    const response = await call(new NextRequest('http://shop.test/collections/api/favourites/', {
      method: 'POST', headers: { Cookie: 'af-locale=en-us:cm', 'Content-Type': 'application/json' }, body: JSON.stringify({ slug: 'sea' }),
    }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'not_signed_in', message: 'Please log in to save favorites.' } });
  });
});
