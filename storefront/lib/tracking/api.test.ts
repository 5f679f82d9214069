import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { sessionHash } from '../session';
import { callable } from '../api/testing';
import { CONVERSIONS_PATH, MAX_BODY_BYTES, MAX_EVENTS, TRACKING_PATHS, trackingRoutes, type TrackedKind } from './api';
import { SearchRecorder } from '../search-analytics/recorder';
import { TrackingQueue } from './queue';

let temp: TemporaryDatabase;
let queue: TrackingQueue;
let recorder: SearchRecorder;
const recordsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-tracking-outcomes-'));

beforeAll(async () => {
  temp = await openTemporaryDatabase('tracking-api');
  queue = new TrackingQueue(async () => temp.db);
  recorder = new SearchRecorder({ dir: recordsDir, getDb: async () => temp.db });
});
afterAll(async () => {
  await temp.close();
  fs.rmSync(recordsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await temp.db.deleteFrom('tracking_events').execute();
  await temp.db.deleteFrom('search_outcomes').execute();
});

const routes = () => callable(trackingRoutes({ queue, searchRecorder: () => recorder }));
const post = (kind: TrackedKind, body: unknown, session?: string) => postTo(TRACKING_PATHS[kind], body, session);
const postTo = (address: string, body: unknown, session?: string) =>
  routes()(new NextRequest(`http://shop.test${address}`, {
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

describe("a search's outcomes", () => {
  const searchId = 'a'.repeat(32);
  const outcomes = async () => {
    await recorder.drain();
    return temp.db.selectFrom('search_outcomes').select(['search_id', 'kind', 'slug', 'position']).orderBy('kind').execute();
  };

  it('records impressions and clicks that name a search, with their position, beside the tracking event', async () => {
    const seen = { ...card, search_id: searchId, position: 3 };
    expect((await post('impression', { events: [seen, card] })).status).toBe(202);
    expect((await post('click', { events: [seen] })).status).toBe(202);
    expect((await stored()).map((r) => JSON.parse(r.payload))).toEqual([{ ...seen, viewer: null }, { ...card, viewer: null }, { ...seen, viewer: null }]);
    expect(await outcomes()).toEqual([
      { search_id: searchId, kind: 'click', slug: card.slug, position: 3 },
      { search_id: searchId, kind: 'impression', slug: card.slug, position: 3 },
    ]);
  });

  it('records favourites, basket adds and orders that followed a search', async () => {
    const events = (['favourite', 'basket', 'order'] as const).map((action) => ({ slug: card.slug, search_id: searchId, action }));
    const response = await postTo(CONVERSIONS_PATH, { events });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 3 });
    expect((await outcomes()).map((o) => o.kind).sort()).toEqual(['basket', 'favourite', 'order']);
  });

  it.each([
    ['a search id that is not one', 'click', { events: [{ ...card, search_id: 'x', position: 1 }] }, 'events.0.search_id'],
    ['a position below 1', 'impression', { events: [{ ...card, search_id: searchId, position: 0 }] }, 'events.0.position'],
    ['a conversion without its search', CONVERSIONS_PATH, { events: [{ slug: card.slug, action: 'order' }] }, 'events.0.search_id'],
    ['an unknown conversion', CONVERSIONS_PATH, { events: [{ slug: card.slug, search_id: searchId, action: 'refund' }] }, 'events.0.action'],
  ] as const)('refuses %s with 400 naming the field, recording nothing', async (_, where, body, param) => {
    const response = where.startsWith('/') ? await postTo(where, body) : await post(where as TrackedKind, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param } });
    expect(await outcomes()).toEqual([]);
  });
});
