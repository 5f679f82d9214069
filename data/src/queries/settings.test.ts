import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { getSessionUserId } from './sessions';
import { getAccountSettings, saveAccountSettings } from './settings';

let temp: TemporaryDatabase;
let db: Db;
let userId: number;

beforeAll(async () => {
  temp = await openTemporaryDatabase('settings', { seed: 3, artworks: 20 });
  db = temp.db;
  userId = await addUser(db);
});
afterAll(() => temp.close());

describe('getAccountSettings', () => {
  it('answers a new user\'s settings, an empty basket and nothing unread', async () => {
    expect(await getAccountSettings(db, userId)).toEqual({
      currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb', basket_count: 0, unread_count: 0,
    });
  });

  it('counts the items in the user\'s basket, quantities summed', async () => {
    const basket = await db.insertInto('baskets').values({ user_id: userId, session_hash: null, promo_code: null, updated_at: 'now' }).returning('id').executeTakeFirstOrThrow();
    const [a, b] = await db.selectFrom('artworks').select('id').orderBy('id').limit(2).execute();
    await db.insertInto('basket_lines').values([
      { basket_id: basket.id, artwork_id: a!.id, print_edition_id: null, quantity: 1, added_at: 'now' },
      { basket_id: basket.id, artwork_id: b!.id, print_edition_id: null, quantity: 2, added_at: 'now' },
    ]).execute();
    expect((await getAccountSettings(db, userId))?.basket_count).toBe(3);
    await db.deleteFrom('baskets').where('id', '=', basket.id).execute();
  });

  it('answers undefined for an unknown user', async () => {
    expect(await getAccountSettings(db, userId + 1000)).toBeUndefined();
  });
});

describe('saveAccountSettings', () => {
  it('stores the four settings and reads them back', async () => {
    const saved = await saveAccountSettings(db, userId, { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' });
    expect(saved).toBe(true);
    expect(await getAccountSettings(db, userId)).toMatchObject({ currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' });
  });

  it('reports an unknown user instead of inventing one', async () => {
    expect(await saveAccountSettings(db, userId + 1000, { currency: 'EUR', country: 'FR', display_units: 'cm', language: 'en-gb' })).toBe(false);
  });
});

describe('getSessionUserId', () => {
  const now = '2026-06-01T12:00:00.000Z';

  beforeAll(async () => {
    await db.insertInto('sessions').values([
      { id_hash: 'live', user_id: userId, created_at: now, last_seen_at: now, expires_at: '2026-07-01T00:00:00.000Z' },
      { id_hash: 'expired', user_id: userId, created_at: now, last_seen_at: now, expires_at: '2026-05-01T00:00:00.000Z' },
      { id_hash: 'visitor', user_id: null, created_at: now, last_seen_at: now, expires_at: '2026-07-01T00:00:00.000Z' },
    ]).execute();
  });

  it('finds the user of a live session', async () => {
    expect(await getSessionUserId(db, 'live', now)).toBe(userId);
  });

  it.each(['expired', 'visitor', 'unknown'])('answers null for a %s session', async (hash) => {
    expect(await getSessionUserId(db, hash, now)).toBeNull();
  });
});
