import type { Transaction } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { AlertsTable, Database } from '../schema';
import { queueMail, type Mail } from './outbox';

/**
 * Saved searches (alerts), the works they found (notifications) and the matcher's own state
 * (docs/ALERTS.md). The definitions are canonical query strings; what they mean is the search
 * service's business, not this module's.
 */

export type AlertFrequency = AlertsTable['frequency'];

/** An alert as its owner sees it. */
export interface AlertRow {
  id: number;
  query: string;
  name: string;
  frequency: AlertFrequency;
  paused: boolean;
  created_at: string;
}

const ALERT_COLUMNS = ['id', 'query', 'name', 'frequency', 'paused', 'created_at'] as const;
const toAlert = (row: { id: number; query: string; name: string; frequency: AlertFrequency; paused: number; created_at: string }): AlertRow => ({ ...row, paused: row.paused === 1 });

export async function getAlerts(db: Db, userId: number): Promise<AlertRow[]> {
  const rows = await db.selectFrom('alerts').select(ALERT_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(toAlert);
}

export type CreateAlertResult = { alert: AlertRow; created: boolean } | { limit: number };

/**
 * Saves a search for a user, filed in the reverse index under `keys`; the same definition saved
 * again answers the alert already saved. Refused ({ limit }) when the user has `max` alerts.
 */
export async function createAlert(db: Db, alert: {
  userId: number; query: string; name: string; frequency: AlertFrequency; keys: string[]; unsubscribeToken: string; now: string; max: number;
}): Promise<CreateAlertResult> {
  return inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('alerts').select(ALERT_COLUMNS).where('user_id', '=', alert.userId).where('query', '=', alert.query).executeTakeFirst();
    if (existing) return { alert: toAlert(existing), created: false };
    const { n } = await trx.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', alert.userId).executeTakeFirstOrThrow();
    if (Number(n) >= alert.max) return { limit: alert.max };
    const row = await trx
      .insertInto('alerts')
      .values({ user_id: alert.userId, query: alert.query, name: alert.name, frequency: alert.frequency, unsubscribe_token: alert.unsubscribeToken, created_at: alert.now })
      .returning(ALERT_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx.insertInto('alert_keys').values(alert.keys.map((key) => ({ key, alert_id: row.id }))).execute();
    return { alert: toAlert(row), created: true };
  });
}

/** Renames, re-times, pauses or resumes one of the user's alerts; undefined when they have no such alert. */
export async function updateAlert(db: Db, userId: number, id: number, change: { name?: string; frequency?: AlertFrequency; paused?: boolean }): Promise<AlertRow | undefined> {
  const set = {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(change.frequency === undefined ? {} : { frequency: change.frequency }),
    ...(change.paused === undefined ? {} : { paused: change.paused ? 1 : 0 }),
  };
  const query = Object.keys(set).length === 0
    ? db.selectFrom('alerts').select(ALERT_COLUMNS).where('id', '=', id).where('user_id', '=', userId)
    : db.updateTable('alerts').set(set).where('id', '=', id).where('user_id', '=', userId).returning(ALERT_COLUMNS);
  const row = await query.executeTakeFirst();
  return row && toAlert(row);
}

/** Deletes one of the user's alerts with what it found; false when they have no such alert. */
export async function deleteAlert(db: Db, userId: number, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const owned = await trx.selectFrom('alerts').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!owned) return false;
    await trx.deleteFrom('notifications').where('alert_id', '=', id).execute();
    await trx.deleteFrom('alert_keys').where('alert_id', '=', id).execute();
    await trx.deleteFrom('alerts').where('id', '=', id).execute();
    return true;
  });
}

/** The alert whose unsubscribe link holds this token: its name and whether it is paused; undefined for an unknown token. */
export async function getAlertByToken(db: Db, token: string): Promise<{ name: string; paused: boolean } | undefined> {
  const row = await db.selectFrom('alerts').select(['name', 'paused']).where('unsubscribe_token', '=', token).executeTakeFirst();
  return row && { name: row.name, paused: row.paused === 1 };
}

/** The one-click unsubscribe: pauses the alert whose link holds this token; its name, or undefined for an unknown token. */
export async function unsubscribeAlert(db: Db, token: string): Promise<{ name: string } | undefined> {
  return db.updateTable('alerts').set({ paused: 1 }).where('unsubscribe_token', '=', token).returning(['name']).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Notifications

export interface NotificationRow {
  id: number;
  alert_id: number;
  artwork_id: number;
  created_at: string;
  read: boolean;
}

/** The user's newest notifications, at most `limit`, of works still in the catalogue. */
export async function getNotifications(db: Db, userId: number, limit: number): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'alert_id', 'artwork_id', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ read_at, ...row }) => ({ ...row, read: read_at !== null }));
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const { n } = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(n);
}

/** Marks the user's notifications read: those named, or all of them. Answers how many were unread. */
export async function markNotificationsRead(db: Db, userId: number, ids: number[] | undefined, now: string): Promise<number> {
  let update = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return 0;
    update = update.where('id', 'in', ids);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// The matcher's state

/** The matcher's name in alert_matcher: one cursor for the one matcher. */
const MATCHER = 'alerts';

/** How far the matcher has read catalogue_changes; undefined before its first start. */
export async function getAlertCursor(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('alert_matcher').select('last_change_id').where('name', '=', MATCHER).executeTakeFirst();
  return row?.last_change_id;
}

/** What the matcher keeps of each work on sale, by id (JSON as stored). */
export async function getAlertWorks(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('alert_works').select(['artwork_id', 'document']).where('artwork_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.artwork_id, r.document]));
}

/** The live (not paused) alerts filed under each of `keys`: key -> alert ids. */
export async function findAlertsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, number[]>> {
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('alert_keys as k')
      .innerJoin('alerts as a', 'a.id', 'k.alert_id')
      .select(['k.key', 'k.alert_id'])
      .where('k.key', 'in', keys.slice(i, i + 500))
      .where('a.paused', '=', 0)
      .execute();
    for (const { key, alert_id } of rows) {
      const list = byKey.get(key);
      if (list) list.push(alert_id);
      else byKey.set(key, [alert_id]);
    }
  }
  return byKey;
}

/** Alerts' saved searches by id (a saved search never changes: an alert is renamed, re-timed or paused, not redefined). */
export async function getAlertQueries(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const queries = new Map<number, string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of await db.selectFrom('alerts').select(['id', 'query']).where('id', 'in', ids.slice(i, i + CHUNK)).execute()) queries.set(row.id, row.query);
  }
  return queries;
}

/** The matcher's first start: the works as they are, and the cursor at the change they reflect. */
export async function startAlertMatcher(db: Db, lastChangeId: number, works: { artwork_id: number; document: string }[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('alert_works').execute();
    for (let i = 0; i < works.length; i += 500) await trx.insertInto('alert_works').values(works.slice(i, i + 500)).execute();
    await trx.insertInto('alert_matcher').values({ name: MATCHER, last_change_id: lastChangeId }).execute();
  });
}

/** A work an alert found in one pass. */
export interface Match { alert_id: number; artwork_id: number }

/** A work as a mail names it. */
export interface MailedWork { id: number; slug: string; title: string; artist_name: string }

/** One alert's mail of the works it found that were not told of before. */
export type AlertMailFor = (owner: { email: string; language: 'en-gb' | 'en-us' }, alert: { id: number; name: string; unsubscribe_token: string }, works: MailedWork[]) => Mail;

async function mailedWorks(trx: Transaction<Database>, ids: number[]): Promise<MailedWork[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('artworks as w')
    .innerJoin('artists as a', 'a.id', 'w.artist_id')
    .select(['w.id', 'w.slug', 'w.title', 'a.name as artist_name'])
    .where('w.id', 'in', ids)
    .orderBy('w.id')
    .execute();
}

/**
 * One matcher pass, in one transaction: the matches (each alert and work at most once, ever),
 * each instant alert's mail of its new ones, the works as now seen (null: no longer on sale) and
 * the cursor moved from `from` to `to`. Answers false, writing nothing, when the cursor is no
 * longer at `from` (another process ran the pass), so no change is told of twice.
 */
export async function recordAlertPass(db: Db, pass: {
  from: number; to: number; matches: Match[]; works: Map<number, string | null>; now: string; mailFor: AlertMailFor;
}): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx.updateTable('alert_matcher').set({ last_change_id: pass.to }).where('name', '=', MATCHER).where('last_change_id', '=', pass.from).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await recordMatches(trx, pass.matches, pass.now, pass.mailFor);
    const gone = [...pass.works].filter(([, document]) => document === null).map(([id]) => id);
    for (let i = 0; i < gone.length; i += CHUNK) await trx.deleteFrom('alert_works').where('artwork_id', 'in', gone.slice(i, i + CHUNK)).execute();
    const seen = [...pass.works].flatMap(([artwork_id, document]) => (document === null ? [] : [{ artwork_id, document }]));
    for (let i = 0; i < seen.length; i += CHUNK) {
      await trx.insertInto('alert_works').values(seen.slice(i, i + CHUNK)).onConflict((oc) => oc.column('artwork_id').doUpdateSet((eb) => ({ document: eb.ref('excluded.document') }))).execute();
    }
    return true;
  });
}

/** Rows written per statement. */
const CHUNK = 400;

/**
 * The matches not found before, written in batches, those of a live instant alert marked mailed
 * as its mail is queued beside them: one mail per alert, of the works it found this pass.
 */
async function recordMatches(trx: Transaction<Database>, matches: Match[], now: string, mailFor: AlertMailFor): Promise<void> {
  if (matches.length === 0) return;
  const alertIds = [...new Set(matches.map((m) => m.alert_id))];
  const alerts = new Map<number, Awaited<ReturnType<typeof alertsWithOwners>>[number]>();
  for (let i = 0; i < alertIds.length; i += CHUNK) for (const a of await alertsWithOwners(trx, alertIds.slice(i, i + CHUNK))) alerts.set(a.id, a);
  const rows = matches.flatMap((m) => {
    const alert = alerts.get(m.alert_id);
    if (!alert) return []; // deleted meanwhile
    const mailed = alert.frequency === 'instant' && alert.paused === 0 ? now : null;
    return [{ alert_id: m.alert_id, user_id: alert.user_id, artwork_id: m.artwork_id, created_at: now, mailed_at: mailed }];
  });
  const found = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await trx.insertInto('notifications').values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['alert_id', 'artwork_id']).doNothing())
      .returning(['alert_id', 'artwork_id', 'mailed_at']).execute();
    for (const n of inserted) if (n.mailed_at !== null) found.set(n.alert_id, [...(found.get(n.alert_id) ?? []), n.artwork_id]);
  }
  if (found.size === 0) return;
  const works = new Map((await mailedWorks(trx, [...new Set([...found.values()].flat())])).map((w) => [w.id, w]));
  const mails = [...found].map(([alertId, ids]) => {
    const alert = alerts.get(alertId)!;
    const to = mailAddress(alert);
    const mail = mailFor({ email: to, language: alert.language }, alert, ids.flatMap((id) => works.get(id) ?? []));
    return { to_email: to, subject: mail.subject, body: mail.body, created_at: now };
  });
  for (let i = 0; i < mails.length; i += CHUNK) await trx.insertInto('outbox').values(mails.slice(i, i + CHUNK)).execute();
}

async function alertsWithOwners(trx: Transaction<Database>, alertIds: number[]) {
  if (alertIds.length === 0) return [];
  return trx
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'a.name', 'a.frequency', 'a.paused', 'a.unsubscribe_token', 'u.email', 'u.unconfirmed_email', 'u.language'])
    .where('a.id', 'in', alertIds)
    .execute();
}

/** An account's address for mail: the one it holds, else the one it gave and has yet to confirm. */
const mailAddress = (owner: { email: string; unconfirmed_email: string | null }) => owner.unconfirmed_email ?? owner.email;

/**
 * The daily digests due: each live daily alert with works not yet mailed and no digest in the
 * last day gets one mail of them, in one transaction with marking them mailed.
 */
export async function mailDueDigests(db: Db, now: Date, mailFor: AlertMailFor): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom('notifications as n')
      .innerJoin('alerts as a', 'a.id', 'n.alert_id')
      .select(['n.alert_id', 'n.artwork_id'])
      .where('n.mailed_at', 'is', null)
      .where('a.frequency', '=', 'daily')
      .where('a.paused', '=', 0)
      .where((eb) => eb.or([eb('a.mailed_at', 'is', null), eb('a.mailed_at', '<=', dayAgo)]))
      .orderBy('n.id')
      .execute();
    const byAlert = new Map<number, number[]>();
    for (const n of due) byAlert.set(n.alert_id, [...(byAlert.get(n.alert_id) ?? []), n.artwork_id]);
    for (const alert of await alertsWithOwners(trx, [...byAlert.keys()])) {
      await queueMail(trx, mailAddress(alert), mailFor({ email: mailAddress(alert), language: alert.language }, alert, await mailedWorks(trx, byAlert.get(alert.id)!)), at);
      await trx.updateTable('notifications').set({ mailed_at: at }).where('alert_id', '=', alert.id).where('mailed_at', 'is', null).execute();
      await trx.updateTable('alerts').set({ mailed_at: at }).where('id', '=', alert.id).execute();
    }
    return byAlert.size;
  });
}

/** Artists' names by slug, for saying an alert in words: ['ada-lovelace'] -> { 'ada-lovelace': 'Ada Lovelace' }. */
export async function getArtistNames(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom('artists').select(['slug', 'name']).where('slug', 'in', [...new Set(slugs)]).execute();
  return new Map(rows.map((r) => [r.slug, r.name]));
}
