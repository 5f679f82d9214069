import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MAX_PAGE, MAX_PAGINATE, SEARCH_ID_PATTERN } from '@easel/search-service/contract';
import type { NewTrackingEvent } from '@easel/data/queries/tracking';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { slugSchema } from '../request-params';
import type { SearchRecorder } from '../search-analytics/recorder';
import { sessionHash } from '../session';
import type { TrackingQueue } from './queue';

/**
 * The tracking endpoints (SPEC §7): `/api/tracking/impressions/` and `/api/tracking/clicks/`
 * (product cards seen and followed), `/t/event/` (page views) and `/t/visit/` (one per browser
 * session). Each takes POST `{ "events": [ … ] }`, 1 to MAX_EVENTS events. The whole batch is
 * checked before any of it is queued: one bad event answers 400 naming it (`events.3.slug`) and
 * nothing is stored. Accepted events are queued (lib/tracking/queue.ts) and answered 202 at once.
 * Anyone may send them; the session cookie's hash ties a visitor's events together without a
 * database read. Impressions and clicks that name a search, and `/api/tracking/conversions/`
 * (a work favourited, put in the basket or ordered after a search led to it), are also recorded
 * as that search's outcomes (lib/search-analytics/recorder.ts).
 */

export const MAX_EVENTS = 50;
export const MAX_BODY_BYTES = 16 * 1024;

type Kind = NewTrackingEvent['kind'];

/** A same-site page address: '/shop/paintings/?page=2'. */
const pathSchema = z.string().max(512).regex(/^\/[^\s]*$/, 'must be a page address starting with / such as /shop/');
const referrerSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(1024)], {
  error: 'must be empty or an http(s) address',
});

/** The furthest position a result can hold: the gallery's last page times its most works per page. */
const MAX_POSITION = MAX_PAGE * MAX_PAGINATE;
const searchIdSchema = z.string().regex(SEARCH_ID_PATTERN, 'must be the search_id a search answered with');

/**
 * A product card seen or clicked, on the page at `path`; a card of a search's results names the
 * search and its position in them, from 1 (docs/SEARCH-ANALYTICS.md).
 */
const cardEventSchema = z.strictObject({
  slug: slugSchema,
  path: pathSchema,
  search_id: searchIdSchema.optional(),
  position: z.number().int().min(1).max(MAX_POSITION).optional(),
});
/** A work favourited, put in the basket or ordered after a search's result was followed. */
const conversionEventSchema = z.strictObject({ slug: slugSchema, search_id: searchIdSchema, action: z.enum(['favourite', 'basket', 'order']) });
/** A page viewed, or the first page of a visit, and where the shopper came from. */
const pageEventSchema = z.strictObject({ path: pathSchema, referrer: referrerSchema });

type CardEvent = z.infer<typeof cardEventSchema>;

const batchOf = <E extends z.ZodObject>(event: E) =>
  z.strictObject({ events: z.array(event).min(1, `must hold 1 to ${MAX_EVENTS} events`).max(MAX_EVENTS, `must hold 1 to ${MAX_EVENTS} events`) });

/** Where each kind is sent. */
export const TRACKING_PATHS = {
  impression: '/api/tracking/impressions/',
  click: '/api/tracking/clicks/',
  page_view: '/t/event/',
  visit: '/t/visit/',
} as const satisfies Partial<Record<Kind, string>>;
/** Where what followed a search's result is sent; kept as the search's outcomes only. */
export const CONVERSIONS_PATH = '/api/tracking/conversions/';

const BATCHES = {
  impression: { schema: batchOf(cardEventSchema), example: '{ "events": [{ "slug": "…", "path": "/shop/" }] }' },
  click: { schema: batchOf(cardEventSchema), example: '{ "events": [{ "slug": "…", "path": "/shop/" }] }' },
  page_view: { schema: batchOf(pageEventSchema), example: '{ "events": [{ "path": "/shop/", "referrer": "" }] }' },
  visit: { schema: batchOf(pageEventSchema), example: '{ "events": [{ "path": "/", "referrer": "" }] }' },
} satisfies Partial<Record<Kind, unknown>>;

export type TrackedKind = keyof typeof BATCHES;

/** POST on each kind's path: `{ accepted: n }`, 202. */
export const trackingRoutes = ({ queue, searchRecorder }: { queue: TrackingQueue; searchRecorder: () => SearchRecorder }) => {
  const batch = (kind: TrackedKind) => {
    const { schema, example } = BATCHES[kind];
    return [jsonObject(MAX_BODY_BYTES, example), json(schema)] as const;
  };
  return new Hono()
    .post(TRACKING_PATHS.impression, ...batch('impression'), async (c) => accept(c, 'impression', c.req.valid('json').events))
    .post(TRACKING_PATHS.click, ...batch('click'), async (c) => accept(c, 'click', c.req.valid('json').events))
    .post(TRACKING_PATHS.page_view, ...batch('page_view'), async (c) => accept(c, 'page_view', c.req.valid('json').events))
    .post(TRACKING_PATHS.visit, ...batch('visit'), async (c) => accept(c, 'visit', c.req.valid('json').events))
    .post(CONVERSIONS_PATH, jsonObject(MAX_BODY_BYTES, '{ "events": [{ "slug": "…", "search_id": "…", "action": "order" }] }'), json(batchOf(conversionEventSchema)), async (c) => {
      const events = c.req.valid('json').events;
      searchRecorder().recordOutcomes(events.map((e) => ({ searchId: e.search_id, kind: e.action, slug: e.slug, position: null })));
      return c.json({ accepted: events.length }, 202, { 'Cache-Control': 'no-store' });
    });

  function accept(c: Context, kind: TrackedKind, batch: object[]) {
    const session = sessionCookie(c);
    const viewer = session ? sessionHash(session) : null;
    const createdAt = new Date().toISOString();
    const events = batch.map((event) => ({ kind, payload: JSON.stringify({ ...event, viewer }), created_at: createdAt }));
    if (!queue.add(events)) throw new ApiError(503, 'unavailable', 'Tracking is unavailable just now; please try again shortly.');
    if (kind === 'impression' || kind === 'click') {
      const outcomes = (batch as CardEvent[]).flatMap((e) => (e.search_id ? [{ searchId: e.search_id, kind, slug: e.slug, position: e.position ?? null }] : []));
      if (outcomes.length > 0) searchRecorder().recordOutcomes(outcomes);
    }
    return c.json({ accepted: events.length }, 202, { 'Cache-Control': 'no-store' });
  }
};
