import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../catalogue/demo-accounts';
import type { Db } from '../db';
import { verifyPassword } from '@easel/shared/password';
import { claimGuestAccount, confirmEmail, createAccount, findCredentials, getAccountUser, signIn, startGuestCheckout, updateProfile, type MailFor } from './accounts';
import { getMailTo } from './outbox';
import { confirmNewsletter, subscribeToNewsletter } from './newsletter';
import { addRecentlyViewed, getRecentlyViewedIds, RECENTLY_VIEWED_LIMIT } from './recently-viewed';
import { endSession, readSession, SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SESSION_TOUCH_MS } from './sessions';

let temp: TemporaryDatabase;
let db: Db;
let slugs: string[];

beforeAll(async () => {
  temp = await openTemporaryDatabase('accounts', { seed: 3, artworks: 120 });
  db = temp.db;
  slugs = (await db.selectFrom('artworks').select('slug').where('status', '!=', 'hidden').orderBy('id').limit(30).execute()).map((r) => r.slug);
});
afterAll(() => temp.close());

const hash = (cookie: string) => createHash('sha256').update(cookie).digest('hex');
const T0 = '2026-03-01T12:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SETTINGS = { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' } as const;

const mail: MailFor = (held) => (held ? { subject: 'Someone tried to join', body: 'Log in instead.' } : { subject: 'Confirm your email', body: 'Follow the link.' });
const token = (cookie: string) => hash(`token-${cookie}`);
const join = (email: string, cookie: string, replacing: string | null = null, now = T0) =>
  createAccount(db, { name: 'Ada', email, passwordHash: 'scrypt$x', settings: SETTINGS, placeholder: `unconfirmed-${cookie}@unconfirmed.invalid`, confirmTokenHash: token(cookie) }, mail, { idHash: hash(cookie), replacing: replacing && hash(replacing), now });

describe('accounts', () => {
  it('creates a user with the visitor\'s settings, signs them in, and mails a link to confirm the email', async () => {
    const user = await join('ada@example.com', 'c-ada');
    expect(user).toMatchObject({ name: 'Ada', email: 'ada@example.com', role: 'user', artist_id: null, about: null, guest: false, email_confirmed: false });
    expect(await db.selectFrom('users').select(['currency', 'country', 'display_units', 'language']).where('id', '=', user.id).executeTakeFirst()).toEqual(SETTINGS);
    expect(await readSession(db, hash('c-ada'), after(1000))).toEqual({ state: 'active', userId: user.id });
    expect(await getMailTo(db, 'ada@example.com')).toEqual([mail(false)]);
    // Until the link is followed the email logs nothing in.
    expect(await findCredentials(db, 'ada@example.com')).toBeUndefined();
    // Confirming takes the password given with it, and ends the account's sessions: it signs no one in.
    expect(await confirmEmail(db, token('c-ada'), async () => 'scrypt$owner', after(HOUR))).toEqual({ email: 'ada@example.com' });
    expect(await getAccountUser(db, user.id)).toMatchObject({ email: 'ada@example.com', email_confirmed: true });
    expect(await findCredentials(db, 'ada@example.com')).toEqual({ id: user.id, password_hash: 'scrypt$owner' });
    expect(await readSession(db, hash('c-ada'), after(HOUR))).toEqual({ state: 'none' });
    expect(await confirmEmail(db, token('c-ada'), async () => 'scrypt$again', after(HOUR))).toBeUndefined();
    expect(await findCredentials(db, 'ada@example.com')).toEqual({ id: user.id, password_hash: 'scrypt$owner' });
  });

  it('a link works for 24 hours, and confirming one voids every other account\'s link to the address', async () => {
    const late = await join('late@example.com', 'c-late');
    expect(await confirmEmail(db, token('c-late'), async () => 'scrypt$late', after(DAY))).toBeUndefined();
    expect(await getAccountUser(db, late.id)).toMatchObject({ email_confirmed: false });

    const first = await join('twice@example.com', 'c-twice-1');
    const second = await join('twice@example.com', 'c-twice-2');
    expect(await confirmEmail(db, token('c-twice-2'), async () => 'scrypt$second', after(DAY - 1000))).toEqual({ email: 'twice@example.com' });
    expect(await findCredentials(db, 'twice@example.com')).toEqual({ id: second.id, password_hash: 'scrypt$second' });
    expect(await db.selectFrom('users').select(['confirm_token_hash', 'confirm_token_expires_at']).where('id', '=', first.id).executeTakeFirstOrThrow())
      .toEqual({ confirm_token_hash: null, confirm_token_expires_at: null });
    expect(await confirmEmail(db, token('c-twice-1'), async () => 'scrypt$first', after(HOUR))).toBeUndefined();
  });

  it('treats a held email the same, but mails its owner, and its link confirms nothing', async () => {
    const owner = (await findCredentials(db, 'ada@example.com'))!;
    const again = await join('ada@example.com', 'c-ada-again');
    expect(again).toMatchObject({ email: 'ada@example.com', email_confirmed: false });
    expect(again.id).not.toBe(owner.id);
    expect(await readSession(db, hash('c-ada-again'), after(1000))).toEqual({ state: 'active', userId: again.id });
    expect(await getMailTo(db, 'ada@example.com')).toEqual([mail(false), mail(true)]);
    expect(await confirmEmail(db, token('c-ada-again'), async () => 'scrypt$y', after(HOUR))).toBe('held');
    expect(await findCredentials(db, 'ada@example.com')).toEqual(owner);
  });

  it('lets a guest check out with any email, and keeps a guest as a new account: mailed, confirmed by the link', async () => {
    const settings = SETTINGS;
    const guest = await startGuestCheckout(db, { email: 'ada@example.com', placeholder: 'guest-1@guest.invalid', settings }, { idHash: hash('c-guest'), replacing: null, now: T0 });
    expect(guest).toMatchObject({ email: 'ada@example.com', guest: true, email_confirmed: false });
    const kept = await claimGuestAccount(db, guest.id, { passwordHash: 'scrypt$g', confirmTokenHash: token('c-guest') }, mail, T0);
    expect(kept).toMatchObject({ id: guest.id, guest: false, email_confirmed: false });
    expect((await getMailTo(db, 'ada@example.com')).at(-1)).toEqual(mail(true));
    expect(await claimGuestAccount(db, guest.id, { passwordHash: 'scrypt$h', confirmTokenHash: token('c-guest-2') }, mail, T0)).toBeUndefined();

    const fresh = await startGuestCheckout(db, { email: 'lin@example.com', placeholder: 'guest-2@guest.invalid', settings }, { idHash: hash('c-guest-3'), replacing: null, now: T0 });
    await claimGuestAccount(db, fresh.id, { passwordHash: 'scrypt$l', confirmTokenHash: token('c-guest-3') }, mail, T0);
    expect(await getMailTo(db, 'lin@example.com')).toEqual([mail(false)]);
    expect(await confirmEmail(db, token('c-guest-3'), async () => 'scrypt$lin', after(HOUR))).toEqual({ email: 'lin@example.com' });
    expect(await getAccountUser(db, fresh.id)).toMatchObject({ email: 'lin@example.com', guest: false, email_confirmed: true });
    expect(await readSession(db, hash('c-guest-3'), after(HOUR))).toEqual({ state: 'none' });
    // The password the guest set when keeping the account does not survive the confirmation.
    expect(await findCredentials(db, 'lin@example.com')).toEqual({ id: fresh.id, password_hash: 'scrypt$lin' });
  });

  it('updates the profile and answers the updated user', async () => {
    const { id } = (await findCredentials(db, 'ada@example.com'))!;
    expect(await updateProfile(db, id, { name: 'Ada L.', about: 'Seascapes, mostly.' })).toMatchObject({ id, name: 'Ada L.', about: 'Seascapes, mostly.' });
    expect(await getAccountUser(db, id)).toMatchObject({ name: 'Ada L.', about: 'Seascapes, mostly.' });
    expect(await updateProfile(db, 999_999, { name: 'Nobody' })).toBeUndefined();
  });
});

describe('sessions', () => {
  let userId: number;
  beforeAll(async () => {
    userId = (await join('grace@example.com', 'c-grace-0')).id;
  });

  it('rotates at sign-in: the new cookie signs in, the old one no longer does', async () => {
    await signIn(db, userId, { idHash: hash('c-grace-1'), replacing: hash('c-grace-0'), now: T0 });
    expect(await readSession(db, hash('c-grace-0'), T0)).toEqual({ state: 'none' });
    expect(await readSession(db, hash('c-grace-1'), T0)).toEqual({ state: 'active', userId });
  });

  it('ends after 14 idle days, and a visit within them pushes the end on, at most hourly', async () => {
    await signIn(db, userId, { idHash: hash('c-idle'), replacing: null, now: T0 });
    const row = () => db.selectFrom('sessions').select(['last_seen_at', 'expires_at']).where('id_hash', '=', hash('c-idle')).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ last_seen_at: T0, expires_at: after(SESSION_IDLE_MS) });
    await readSession(db, hash('c-idle'), after(SESSION_TOUCH_MS - 1));
    expect((await row()).last_seen_at).toBe(T0);
    await readSession(db, hash('c-idle'), after(10 * DAY));
    expect(await row()).toEqual({ last_seen_at: after(10 * DAY), expires_at: after(10 * DAY + SESSION_IDLE_MS) });
    expect(await readSession(db, hash('c-idle'), after(20 * DAY))).toEqual({ state: 'active', userId });
    expect(await readSession(db, hash('c-idle'), after(20 * DAY + SESSION_IDLE_MS))).toEqual({ state: 'expired' });
  });

  it('ends 60 days after sign-in however busy the shopper is', async () => {
    await signIn(db, userId, { idHash: hash('c-busy'), replacing: null, now: T0 });
    for (let day = 5; day < 60; day += 5) {
      expect(await readSession(db, hash('c-busy'), after(day * DAY))).toEqual({ state: 'active', userId });
    }
    expect((await db.selectFrom('sessions').select('expires_at').where('id_hash', '=', hash('c-busy')).executeTakeFirstOrThrow()).expires_at).toBe(after(SESSION_MAX_AGE_MS));
    expect(await readSession(db, hash('c-busy'), after(SESSION_MAX_AGE_MS))).toEqual({ state: 'expired' });
  });

  it('ends at sign-out', async () => {
    await endSession(db, hash('c-grace-1'), new Date().toISOString());
    expect(await readSession(db, hash('c-grace-1'), T0)).toEqual({ state: 'none' });
  });
});

describe('a visitor signing in', () => {
  it('brings their recently viewed works to the account, merged newest first and capped', async () => {
    const user = await join('hopper@example.com', 'c-hopper-0');
    const minute = (m: number) => after(m * 60_000);
    // The account saw works 0-14; the visitor 10-29, later, so the merged list is 29..10, then 9..
    for (let i = 0; i < 15; i++) await addRecentlyViewed(db, String(user.id), slugs[i]!, minute(i));
    for (let i = 10; i < 30; i++) await addRecentlyViewed(db, hash('c-visitor'), slugs[i]!, minute(100 + i));
    const ids = new Map((await db.selectFrom('artworks').select(['id', 'slug']).where('slug', 'in', slugs).execute()).map((r) => [r.slug, r.id]));

    await signIn(db, user.id, { idHash: hash('c-hopper-1'), replacing: hash('c-visitor'), now: minute(200) });
    const expected = [...slugs.slice(10, 30).reverse(), ...slugs.slice(0, 10).reverse()].slice(0, RECENTLY_VIEWED_LIMIT).map((s) => ids.get(s));
    expect(await getRecentlyViewedIds(db, String(user.id))).toEqual(expected);
    expect(await getRecentlyViewedIds(db, hash('c-visitor'))).toEqual([]);
  });
});

describe('the newsletter', () => {
  const link = (name: string) => ({ tokenHash: token(name), mail: { subject: 'Confirm the newsletter', body: `link ${name}` } });
  const row = (email: string) => db.selectFrom('newsletter_subscriptions').select(['email', 'confirmed_at']).where('email', '=', email).execute();

  it('mails an address a link, at most once a day, and sends it the newsletter only once the link is followed', async () => {
    await subscribeToNewsletter(db, 'reader@example.com', link('n1'), T0);
    await subscribeToNewsletter(db, 'reader@example.com', link('n2'), after(HOUR));
    expect(await row('reader@example.com')).toEqual([{ email: 'reader@example.com', confirmed_at: null }]);
    expect((await getMailTo(db, 'reader@example.com')).map((m) => m.body)).toEqual(['link n1']);
    // A day on, asking again mails a fresh link; the first has stopped working.
    await subscribeToNewsletter(db, 'reader@example.com', link('n3'), after(DAY + HOUR));
    expect((await getMailTo(db, 'reader@example.com')).map((m) => m.body)).toEqual(['link n1', 'link n3']);
    expect(await confirmNewsletter(db, token('n1'), after(DAY + HOUR))).toBeUndefined();
    expect(await confirmNewsletter(db, token('n3'), after(DAY + 2 * HOUR))).toBe('reader@example.com');
    expect(await row('reader@example.com')).toEqual([{ email: 'reader@example.com', confirmed_at: after(DAY + 2 * HOUR) }]);
    expect(await confirmNewsletter(db, token('n3'), after(DAY + 2 * HOUR))).toBeUndefined();
    // Confirmed: asking again mails nothing.
    await subscribeToNewsletter(db, 'reader@example.com', link('n4'), after(3 * DAY));
    expect(await getMailTo(db, 'reader@example.com')).toHaveLength(2);
  });

  it('a link older than a day confirms nothing', async () => {
    await subscribeToNewsletter(db, 'late.reader@example.com', link('n5'), T0);
    expect(await confirmNewsletter(db, token('n5'), after(DAY))).toBeUndefined();
    expect(await row('late.reader@example.com')).toEqual([{ email: 'late.reader@example.com', confirmed_at: null }]);
  });
});

describe('demo accounts', () => {
  it('seeds one account per role once, the provider linked to an artist, all with the demo password', async () => {
    await seedDemoAccounts(db);
    await seedDemoAccounts(db);
    const users = await db.selectFrom('users').select(['email', 'role', 'artist_id', 'password_hash']).where('email', 'in', DEMO_ACCOUNTS.map((a) => a.email)).orderBy('email').execute();
    expect(users.map((u) => [u.email, u.role])).toEqual([['artist@easel.test', 'provider'], ['shopper@easel.test', 'user'], ['staff@easel.test', 'staff']]);
    expect(users.find((u) => u.role === 'provider')!.artist_id).toEqual(expect.any(Number));
    expect(await verifyPassword(DEMO_PASSWORD, users[0]!.password_hash)).toBe(true);
  });
});
