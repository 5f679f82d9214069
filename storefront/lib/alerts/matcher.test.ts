import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SEARCH_ENGINE, recordCatalogueChanges, type Db } from '@easel/data';
import { createAlert, mailDueDigests, type AlertFrequency } from '@easel/data/queries/alerts';
import { getMailTo } from '@easel/data/queries/outbox';
import { meiliClient, rebuildIndex, syncIndex, type SearchEngine } from '@easel/indexer';
import { alertKeys } from '@easel/search-service/alert-match';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { parseAlertQuery } from './definition';
import { alertMail } from './mail';
import { matchAlerts } from './matcher';

const meili = meiliClient(inject('meili'));
const indexUid = `test_alerts_${randomUUID().slice(0, 8)}`;
const engine: SearchEngine = { name: DEFAULT_SEARCH_ENGINE, meili };
const SITE = 'https://easel.test';
let temp: TemporaryDatabase;
let db: Db;
let userId: number;
const EMAIL = 'collector@example.com';

beforeAll(async () => {
  temp = await openTemporaryDatabase('alerts', { seed: 5, artworks: 300 });
  db = temp.db;
  userId = await addUser(db, undefined, EMAIL);
  await rebuildIndex({ db, meili, indexUid });
  // The first pass starts the matcher on the catalogue as it is.
  expect(await matchAlerts({ db, engine, indexUid, siteUrl: SITE })).toEqual({ changes: 0, matches: 0 });
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

async function saveAlert(query: string, frequency: AlertFrequency = 'instant') {
  const parsed = parseAlertQuery(query);
  if (!parsed.ok) throw new Error(parsed.issue.message);
  const result = await createAlert(db, {
    userId, query: parsed.query, name: query, frequency, keys: alertKeys(parsed.definition), unsubscribeToken: randomUUID(), now: new Date().toISOString(), max: 50,
  });
  if ('limit' in result) throw new Error('limit');
  return result.alert;
}

/** Edits works as the edit API does (the change recorded in the same transaction), then lets the index and the matcher catch up. */
async function edit(ids: number[], set: Record<string, unknown>) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('artworks').set({ ...set, updated_at: new Date().toISOString() }).where('id', 'in', ids).execute();
    await recordCatalogueChanges(trx, ids, new Date().toISOString());
  });
  await syncIndex({ db, meili, indexUid });
  return matchAlerts({ db, engine, indexUid, siteUrl: SITE });
}

const found = async (alertId: number) =>
  (await db.selectFrom('notifications').select('artwork_id').where('alert_id', '=', alertId).orderBy('artwork_id').execute()).map((n) => n.artwork_id);

const used = new Set<number>();

/** `n` available paintings of one style over £1,500, not on sale, that no earlier test touched. */
async function paintings(n: number, fits: (work: { title: string }) => boolean = () => true) {
  const rows = await db.selectFrom('artworks').select(['id', 'slug', 'title', 'style', 'price_minor']).where('status', '=', 'available').where('category', '=', 'painting')
    .where('sale_price_minor', 'is', null).where('price_minor', '>', 150_000).orderBy('id').execute();
  const fresh = rows.filter((r) => !used.has(r.id) && fits(r));
  const style = fresh.find((r) => fresh.filter((o) => o.style === r.style).length >= n)!.style;
  const works = fresh.filter((r) => r.style === style).slice(0, n);
  for (const w of works) used.add(w.id);
  return { style, works };
}

describe('the alert matcher', () => {
  it('tells once of a work a price change moves into range, by mail with a working unsubscribe link, in the alert\'s currency', async () => {
    const { style, works: [work] } = await paintings(1);
    const pounds = await saveAlert(`product_category=painting&style=${style}&price_max=1000`);
    // £900 is $1,251 at the seeded rate: inside $1,300, outside $1,200.
    const dollars = await saveAlert(`product_category=painting&style=${style}&price_max=1300&currency=USD`);
    const tooFewDollars = await saveAlert(`product_category=painting&style=${style}&price_max=1200&currency=USD`);
    const mailsBefore = (await getMailTo(db, EMAIL)).length;

    expect((await edit([work!.id], { price_minor: 90_000 })).changes).toBe(1);
    expect(await found(pounds.id)).toEqual([work!.id]);
    expect(await found(dollars.id)).toEqual([work!.id]);
    expect(await found(tooFewDollars.id)).toEqual([]);
    const mails = (await getMailTo(db, EMAIL)).slice(mailsBefore);
    expect(mails).toHaveLength(2);
    const token = (await db.selectFrom('alerts').select('unsubscribe_token').where('id', '=', pounds.id).executeTakeFirstOrThrow()).unsubscribe_token;
    const mail = mails.find((m) => m.body.includes(token))!;
    expect(mail.subject).toBe(`A new work for “${pounds.name}”`);
    expect(mail.body).toContain(`${SITE}/product/${work!.slug}/`);
    expect(mail.body).toContain(`${SITE}/alerts/unsubscribe/${token}/`);

    // New wording, still matching: nothing. Out of range and back in: still nothing (never twice).
    await edit([work!.id], { title: `${work!.title} (revised)` });
    await edit([work!.id], { price_minor: 300_000 });
    await edit([work!.id], { price_minor: 95_000 });
    expect(await found(pounds.id)).toEqual([work!.id]);
    expect(await getMailTo(db, EMAIL)).toHaveLength(mailsBefore + 2);
  });

  it('tells of a work back on sale, and not of one that matched all along', async () => {
    const { style, works: [back, already] } = await paintings(2);
    const alert = await saveAlert(`product_category=painting&style=${style}`);
    await edit([back!.id], { status: 'hidden' });
    await edit([already!.id], { depth_cm: 3 });
    expect(await found(alert.id)).toEqual([]);
    await edit([back!.id], { status: 'available' });
    expect(await found(alert.id)).toEqual([back!.id]);
  });

  it('leaves words to the engine, typo tolerance included', async () => {
    const longWord = (title: string) => title.split(' ').find((w) => /^[a-z]{6,}$/i.test(w));
    const { style, works: [work] } = await paintings(1, (w) => longWord(w.title) !== undefined);
    const word = longWord(work!.title)!.toLowerCase();
    const typo = `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`;
    const withWord = await saveAlert(`q=${encodeURIComponent(typo)}&product_category=painting&style=${style}&price_max=1000`);
    const otherWords = await saveAlert(`q=zyxwvutsrq&product_category=painting&style=${style}&price_max=1000`);
    await edit([work!.id], { price_minor: 50_000 });
    expect(await found(withWord.id)).toEqual([work!.id]);
    expect(await found(otherWords.id)).toEqual([]);
  });

  it('records a pass once when two run at once, and a paused alert finds nothing', async () => {
    const { style, works: [work] } = await paintings(1);
    const alert = await saveAlert(`product_category=painting&style=${style}&price_max=999`);
    const paused = await saveAlert(`product_category=painting&style=${style}&price_max=998`);
    await db.updateTable('alerts').set({ paused: 1 }).where('id', '=', paused.id).execute();
    const mailsBefore = (await getMailTo(db, EMAIL)).length;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('artworks').set({ price_minor: 40_000 }).where('id', '=', work!.id).execute();
      await recordCatalogueChanges(trx, [work!.id], new Date().toISOString());
    });
    await syncIndex({ db, meili, indexUid });
    const passes = await Promise.all([1, 2].map(() => matchAlerts({ db, engine, indexUid, siteUrl: SITE })));
    expect(passes.map((p) => p.changes).sort()).toEqual([0, 1]);
    expect(await found(alert.id)).toEqual([work!.id]);
    expect(await found(paused.id)).toEqual([]);
    // The earlier alerts over this style and price find it too; one mail each, sent once.
    const mails = (await getMailTo(db, EMAIL)).slice(mailsBefore);
    expect(mails.filter((m) => m.subject.includes(alert.name))).toHaveLength(1);
  });

  it('keeps a daily alert\'s finds for one digest a day', async () => {
    const { style, works: [first, second] } = await paintings(2);
    const alert = await saveAlert(`product_category=painting&style=${style}&price_max=700`, 'daily');
    const digests = async () => (await getMailTo(db, EMAIL)).filter((m) => m.subject.includes(alert.name));
    await edit([first!.id], { price_minor: 60_000 });
    expect(await found(alert.id)).toEqual([first!.id]);
    expect(await digests()).toEqual([]);
    const now = new Date();
    expect(await mailDueDigests(db, now, alertMail(SITE))).toBe(1);
    expect(await mailDueDigests(db, now, alertMail(SITE))).toBe(0);
    await edit([second!.id], { price_minor: 65_000 });
    // Within the day nothing more goes; a day later the new find does.
    expect(await mailDueDigests(db, new Date(now.getTime() + 60 * 60 * 1000), alertMail(SITE))).toBe(0);
    expect(await mailDueDigests(db, new Date(now.getTime() + 25 * 60 * 60 * 1000), alertMail(SITE))).toBe(1);
    const mails = await digests();
    expect(mails.map((m) => m.subject)).toEqual([`A new work for “${alert.name}”`, `A new work for “${alert.name}”`]);
    expect(mails[1]!.body).toContain(`/product/${second!.slug}/`);
    expect(mails[1]!.body).not.toContain(`/product/${first!.slug}/`);
  });
});
