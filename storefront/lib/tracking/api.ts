import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { NewTrackingEvent } from '@easel/data/queries/tracking';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { slugSchema } from '../request-params';
import { sessionHash } from '../session';
import type { TrackingQueue } from './queue';

/**
 * The tracking endpoints (SPEC §7): `/api/tracking/impressions/` and `/api/tracking/clicks/`
 * (product cards seen and followed), `/t/event/` (page views) and `/t/visit/` (one per browser
 * session). Each takes POST `{ "events": [ … ] }`, 1 to MAX_EVENTS events. The whole batch is
 * checked before any of it is queued: one bad event answers 400 naming it (`events.3.slug`) and
 * nothing is stored. Accepted events are queued (lib/tracking/queue.ts) and answered 202 at once.
 * Anyone may send them; the session cookie's hash ties a visitor's events together without a
 * database read.
 */

export const MAX_EVENTS = 50;
export const MAX_BODY_BYTES = 16 * 1024;

type Kind = NewTrackingEvent['kind'];

/** A same-site page address: '/shop/paintings/?page=2'. */
const pathSchema = z.string().max(512).regex(/^\/[^\s]*$/, 'must be a page address starting with / such as /shop/');
const referrerSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(1024)], {
  error: 'must be empty or an http(s) address',
});

/** A product card seen or clicked, on the page at `path`. */
const cardEventSchema = z.strictObject({ slug: slugSchema, path: pathSchema });
/** A page viewed, or the first page of a visit, and where the shopper came from. */
const pageEventSchema = z.strictObject({ path: pathSchema, referrer: referrerSchema });

const batchOf = <E extends z.ZodObject>(event: E) =>
  z.strictObject({ events: z.array(event).min(1, `must hold 1 to ${MAX_EVENTS} events`).max(MAX_EVENTS, `must hold 1 to ${MAX_EVENTS} events`) });

/** Where each kind is sent. */
export const TRACKING_PATHS = {
  impression: '/api/tracking/impressions/',
  click: '/api/tracking/clicks/',
  page_view: '/t/event/',
  visit: '/t/visit/',
} as const satisfies Partial<Record<Kind, string>>;

const BATCHES = {
  impression: { schema: batchOf(cardEventSchema), example: '{ "events": [{ "slug": "…", "path": "/shop/" }] }' },
  click: { schema: batchOf(cardEventSchema), example: '{ "events": [{ "slug": "…", "path": "/shop/" }] }' },
  page_view: { schema: batchOf(pageEventSchema), example: '{ "events": [{ "path": "/shop/", "referrer": "" }] }' },
  visit: { schema: batchOf(pageEventSchema), example: '{ "events": [{ "path": "/", "referrer": "" }] }' },
} satisfies Partial<Record<Kind, unknown>>;

export type TrackedKind = keyof typeof BATCHES;

/** POST on each kind's path: `{ accepted: n }`, 202. */
export const trackingRoutes = ({ queue }: { queue: TrackingQueue }) => {
  const batch = (kind: TrackedKind) => {
    const { schema, example } = BATCHES[kind];
    return [jsonObject(MAX_BODY_BYTES, example), json(schema)] as const;
  };
  return new Hono()
    .post(TRACKING_PATHS.impression, ...batch('impression'), async (c) => accept(c, 'impression', c.req.valid('json').events))
    .post(TRACKING_PATHS.click, ...batch('click'), async (c) => accept(c, 'click', c.req.valid('json').events))
    .post(TRACKING_PATHS.page_view, ...batch('page_view'), async (c) => accept(c, 'page_view', c.req.valid('json').events))
    .post(TRACKING_PATHS.visit, ...batch('visit'), async (c) => accept(c, 'visit', c.req.valid('json').events));

  function accept(c: Context, kind: TrackedKind, batch: object[]) {
    const session = sessionCookie(c);
    const viewer = session ? sessionHash(session) : null;
    const createdAt = new Date().toISOString();
    const events = batch.map((event) => ({ kind, payload: JSON.stringify({ ...event, viewer }), created_at: createdAt }));
    if (!queue.add(events)) throw new ApiError(503, 'unavailable', 'Tracking is unavailable just now; please try again shortly.');
    return c.json({ accepted: events.length }, 202, { 'Cache-Control': 'no-store' });
  }
};
