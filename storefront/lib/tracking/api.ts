import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { NewTrackingEvent } from '@easel/data/queries/tracking';
import { apiError } from '../api-error';
import { answering, slugSchema, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { sessionHash, SESSION_COOKIE } from '../session';
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

const batchOf = (event: z.ZodType) =>
  z.strictObject({ events: z.array(event).min(1, `must hold 1 to ${MAX_EVENTS} events`).max(MAX_EVENTS, `must hold 1 to ${MAX_EVENTS} events`) });

const BATCHES = {
  impression: { schema: batchOf(cardEventSchema), example: '{ "events": [{ "slug": "…", "path": "/shop/" }] }' },
  click: { schema: batchOf(cardEventSchema), example: '{ "events": [{ "slug": "…", "path": "/shop/" }] }' },
  page_view: { schema: batchOf(pageEventSchema), example: '{ "events": [{ "path": "/shop/", "referrer": "" }] }' },
  visit: { schema: batchOf(pageEventSchema), example: '{ "events": [{ "path": "/", "referrer": "" }] }' },
} satisfies Partial<Record<Kind, unknown>>;

export type TrackedKind = keyof typeof BATCHES;

export function createTrackingHandler(kind: TrackedKind, { queue }: { queue: TrackingQueue }): Handler {
  const { schema, example } = BATCHES[kind];
  return answering(`tracking ${kind}`, async (request) => {
    const body = await readJsonBody(request, schema, MAX_BODY_BYTES, example);
    if (body instanceof Response) return body;
    const session = request.cookies.get(SESSION_COOKIE)?.value;
    const viewer = session ? sessionHash(session) : null;
    const createdAt = new Date().toISOString();
    const events = (body.events as object[]).map((event) => ({ kind, payload: JSON.stringify({ ...event, viewer }), created_at: createdAt }));
    if (!queue.add(events)) return apiError(503, 'unavailable', 'Tracking is unavailable just now; please try again shortly.');
    return NextResponse.json({ accepted: events.length }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
  });
}
