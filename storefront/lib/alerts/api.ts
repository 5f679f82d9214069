import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import {
  createAlert, deleteAlert, getAlerts, getNotifications, countUnread, markNotificationsRead, unsubscribeAlert, updateAlert,
} from '@easel/data/queries/alerts';
import { getIndexableArtworksByIds, getRateMatrix } from '@easel/data/queries/search-source';
import { alertKeys } from '@easel/search-service/alert-match';
import { describeIssue, MAX_QUERY_LENGTH } from '@easel/search-service/contract';
import { signedInUserId } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { artworkToProductCard } from '../catalogue/cards';
import { shipsToQuerySchema } from '../request-params';
import { requestLanguage } from '../settings/request-language';
import { describeDefinition, MAX_ALERT_NAME_LENGTH, MAX_ALERTS, viewAlerts } from './alerts';
import { parseAlertQuery } from './definition';

/**
 * A signed-in shopper's alerts (saved searches) and the notifications they bring
 * (docs/ALERTS.md): `/api/account/alerts/` (list, create), `/api/account/alerts/<id>/` (rename,
 * frequency, pause, delete), `/api/account/notifications/` and `…/read/`. Every one needs an
 * account (401 `not_signed_in`, which the page answers with the login overlay, saving the alert
 * afterwards); another user's alert answers 404, as if it did not exist. `/api/alerts/unsubscribe/`
 * needs only the token from the alert's mail.
 */

type Dependencies = { getDb: () => Promise<Db> };

const MAX_BODY_BYTES = 2048;
const PRIVATE = { 'Cache-Control': 'private, no-store' };
/** The newest notifications the list shows. */
const NOTIFICATIONS_SHOWN = 100;

const UNPRINTABLE = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
const nameSchema = z
  .string({ error: 'must be text' })
  .refine((name) => !UNPRINTABLE.test(name), 'must not hold control or text-direction characters')
  .trim()
  .min(1, 'is required')
  .max(MAX_ALERT_NAME_LENGTH, `must be at most ${MAX_ALERT_NAME_LENGTH} characters`);
const frequencySchema = z.enum(['instant', 'daily'], { error: 'must be instant or daily' });
const createSchema = z.strictObject({
  query: z.string({ error: 'is required: the gallery search, as its query string' }).max(MAX_QUERY_LENGTH * 8, 'is too long for a gallery search'),
  name: nameSchema.optional(),
  frequency: frequencySchema.default('instant'),
});
const changeSchema = z.strictObject({ name: nameSchema.optional(), frequency: frequencySchema.optional(), paused: z.boolean({ error: 'must be true or false' }).optional() });
const readSchema = z.strictObject({ ids: z.array(z.number().int().positive(), { error: 'must be a list of notification ids' }).max(500).optional() });
const idSchema = z.coerce.number().int().positive();
/** An alert's unsubscribe token: 32 URL-safe characters. */
export const unsubscribeTokenSchema = z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a link from our mail');
const unsubscribeSchema = z.strictObject({ token: unsubscribeTokenSchema });

/** The signed-in account, settled before anything of the request is read: 401 signed out. */
const signedIn = (getDb: () => Promise<Db>) =>
  createMiddleware<{ Variables: { userId: number } }>(async (c, next) => {
    const userId = await signedInUserId(c, getDb);
    if (userId === null) throw new ApiError(401, 'not_signed_in', { key: 'api.alertsSignIn' });
    c.set('userId', userId);
    await next();
  });

function alertId(c: Context): number {
  const id = idSchema.safeParse(c.req.param('id'));
  if (!id.success) throw new ApiError(404, 'not_found', { key: 'api.alertNotFound' }, 'id');
  return id.data;
}

export const alertRoutes = ({ getDb }: Dependencies) => {
  const body = (example: string) => jsonObject(MAX_BODY_BYTES, example);
  const account = signedIn(getDb);
  return new Hono()
    /** `{ alerts: [{ id, name, query, description, url, frequency, paused, created_at }], limit }`, newest first. */
    .get('/api/account/alerts/', account, async (c) => {
      const userId = c.get('userId');
      const db = await getDb();
      return c.json({ alerts: await viewAlerts(db, await getAlerts(db, userId), await requestLanguage(c, getDb)), limit: MAX_ALERTS }, 200, PRIVATE);
    })
    /** `{ query, name?, frequency? }` -> 201 `{ alert }`; the same search saved again answers 200 with the alert already saved. */
    .post('/api/account/alerts/', account, body('{ "query": "style=abstract&price_max=1000" }'), json(createSchema), async (c) => {
      const input = c.req.valid('json');
      const parsed = parseAlertQuery(input.query);
      const language = await requestLanguage(c, getDb);
      if (!parsed.ok) {
        const problem = describeIssue(parsed.issue.param, parsed.issue.message, language);
        throw new ApiError(400, 'invalid_parameter', { key: 'api.alertSearch', values: { problem } }, 'query');
      }
      const userId = c.get('userId');
      const db = await getDb();
      const result = await createAlert(db, {
        userId,
        query: parsed.query,
        name: input.name ?? (await describeDefinition(db, parsed.definition, language)).slice(0, MAX_ALERT_NAME_LENGTH),
        frequency: input.frequency,
        keys: alertKeys(parsed.definition),
        unsubscribeToken: randomBytes(24).toString('base64url'),
        now: new Date().toISOString(),
        max: MAX_ALERTS,
      });
      if ('limit' in result) throw new ApiError(409, 'conflict', { key: 'api.alertLimit', values: { limit: result.limit } });
      const [alert] = await viewAlerts(db, [result.alert], language);
      return c.json({ alert: alert!, created: result.created }, result.created ? 201 : 200, PRIVATE);
    })
    /** `{ name?, frequency?, paused? }` -> `{ alert }`. */
    .patch('/api/account/alerts/:id/', account, body('{ "name": "…", "frequency": "daily", "paused": true }'), json(changeSchema), async (c) => {
      const id = alertId(c);
      const userId = c.get('userId');
      const db = await getDb();
      const alert = await updateAlert(db, userId, id, c.req.valid('json'));
      if (!alert) throw new ApiError(404, 'not_found', { key: 'api.alertNotFound' }, 'id');
      const [view] = await viewAlerts(db, [alert], await requestLanguage(c, getDb));
      return c.json({ alert: view! }, 200, PRIVATE);
    })
    /** Deletes the alert and what it found; 204. */
    .delete('/api/account/alerts/:id/', account, async (c) => {
      const id = alertId(c);
      const userId = c.get('userId');
      if (!(await deleteAlert(await getDb(), userId, id))) throw new ApiError(404, 'not_found', { key: 'api.alertNotFound' }, 'id');
      return c.body(null, 204, PRIVATE);
    })
    /**
     * `[?ships_to=US]` -> `{ notifications: [{ id, alert_id, work: <card>, created_at, read }], unread_count }`, newest
     * first, each card's `ships_free` for `ships_to` (GB when absent); works no longer in the catalogue left out.
     */
    .get('/api/account/notifications/', account, query(shipsToQuerySchema), async (c) => {
      const { ships_to } = c.req.valid('query');
      const userId = c.get('userId');
      const db = await getDb();
      const rows = await getNotifications(db, userId, NOTIFICATIONS_SHOWN);
      const [artworks, rates, unread] = await Promise.all([getIndexableArtworksByIds(db, [...new Set(rows.map((n) => n.artwork_id))]), getRateMatrix(db), countUnread(db, userId)]);
      const cards = new Map(artworks.filter((w) => w.status !== 'hidden').map((w) => [w.id, artworkToProductCard(w, rates, { ships_to })]));
      const notifications = rows.flatMap(({ artwork_id, ...n }) => {
        const work = cards.get(artwork_id);
        return work ? [{ id: n.id, alert_id: n.alert_id, work, created_at: n.created_at, read: n.read }] : [];
      });
      return c.json({ notifications, unread_count: unread }, 200, PRIVATE);
    })
    /**
     * `{ token }` from an alert mail's link: pauses that alert, no login needed (the token is the
     * key); `{ alert: { name } }`, again the same for an alert already paused; 404 for a token of no alert.
     */
    .post('/api/alerts/unsubscribe/', body('{ "token": "…" }'), json(unsubscribeSchema), async (c) => {
      const alert = await unsubscribeAlert(await getDb(), c.req.valid('json').token);
      if (!alert) throw new ApiError(404, 'not_found', { key: 'alerts.unsubscribeUnknown' }, 'token');
      return c.json({ alert }, 200, PRIVATE);
    })
    /** `{ ids? }`: marks those notifications read, or all without `ids`; `{ unread_count }`. */
    .post('/api/account/notifications/read/', account, body('{ "ids": [1, 2] }'), json(readSchema), async (c) => {
      const { ids } = c.req.valid('json');
      const userId = c.get('userId');
      const db = await getDb();
      await markNotificationsRead(db, userId, ids, new Date().toISOString());
      return c.json({ unread_count: await countUnread(db, userId) }, 200, PRIVATE);
    });
};
