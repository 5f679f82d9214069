import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { sessionHash } from '../session';
import { callable } from '../api/testing';
import { MAX_BODY_BYTES, MAX_EVENTS, TRACKING_PATHS, trackingRoutes, type TrackedKind } from './api';
import { TrackingQueue } from './queue';

let temp: TemporaryDatabase;
let queue: TrackingQueue;

beforeAll(async () => {
  temp = await openTemporaryDatabase('tracking-api');
  queue = new TrackingQueue(async () => temp.db);
});
afterAll(() => temp.close());
beforeEach(async () => {
  await temp.db.deleteFrom('tracking_events').execute();
});

const post = (kind: TrackedKind, body: unknown, session?: string) =>
  callable(trackingRoutes({ queue }))(new NextRequest(`http://shop.test${TRACKING_PATHS[kind]}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(session ? { Cookie: `sessionid=${session}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }));
const stored = async () => {
  await queue.flush();
  return temp.db.selectFrom('tracking_events').select(['kind', 'payload']).orderBy('id').execute();
};

const card = { slug: 'blue-harbour-ada-lovelace', path: '/shop/paintings/' };
const page = { path: '/product/blue-harbour-ada-lovelace/', referrer: 'https://www.example.com/art' };

describe('the tracking endpoints', () => {
  it.each([
    ['impression', card], ['click', card], ['page_view', page], ['visit', { path: '/', referrer: '' }],
  ] as const)('accept a %s batch with 202 and store each event with the viewer’s session hash', async (kind, event) => {
    const response = await post(kind, { events: [event, event] }, 'visitor-session');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2 });
    const rows = await stored();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.kind).toBe(kind);
      expect(JSON.parse(row.payload)).toEqual({ ...event, viewer: sessionHash('visitor-session') });
    }
  });

  it('accepts events from a visitor without a session, recording no viewer', async () => {
    expect((await post('page_view', { events: [page] })).status).toBe(202);
    expect((await stored()).map((r) => JSON.parse(r.payload).viewer)).toEqual([null]);
  });

  it('stores nothing of a batch with one bad event, and names that event', async () => {
    const response = await post('impression', { events: [card, card, { ...card, slug: 'Not A Slug' }, card] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'events.2.slug' } });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['a card event without its slug', 'click', { events: [{ path: '/shop/' }] }, 'events.0.slug'],
    ['a path that is not a page address', 'impression', { events: [{ ...card, path: 'https://evil.test/' }] }, 'events.0.path'],
    ['a path with spaces', 'page_view', { events: [{ ...page, path: '/a b/' }] }, 'events.0.path'],
    ['a referrer that is not an address', 'page_view', { events: [{ ...page, referrer: 'javascript:alert(1)' }] }, 'events.0.referrer'],
    ['an unknown field', 'visit', { events: [{ ...page, user_id: 1 }] }, 'events.0.user_id'],
    ['a page event sent as a card event', 'impression', { events: [page] }, 'events.0.slug'],
    ['no events', 'click', { events: [] }, 'events'],
    [`more than ${MAX_EVENTS} events`, 'impression', { events: Array.from({ length: MAX_EVENTS + 1 }, () => card) }, 'events'],
    ['a bare event without the batch', 'page_view', page, 'events'],
    ['a bare array', 'page_view', [page], 'body'],
    ['text that is not JSON', 'visit', 'path=/', 'body'],
  ] as const)('refuses %s with 400 naming the field, storing nothing', async (_, kind, body, param) => {
    const response = await post(kind, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param } });
    expect(await stored()).toEqual([]);
  });

  it(`refuses a body over ${MAX_BODY_BYTES} bytes with 413`, async () => {
    const response = await post('page_view', { events: [{ ...page, path: `/${'a'.repeat(MAX_BODY_BYTES)}` }] });
    expect(response.status).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it('stores a burst of 1,000 events exactly once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 1000 / MAX_EVENTS }, (_, i) =>
        post('impression', { events: Array.from({ length: MAX_EVENTS }, (_, j) => ({ slug: `work-${i * MAX_EVENTS + j}`, path: '/shop/' })) })),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 202));
    const rows = await stored();
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => JSON.parse(r.payload).slug)).size).toBe(1000);
    expect(await stored()).toHaveLength(1000);
  });
});
