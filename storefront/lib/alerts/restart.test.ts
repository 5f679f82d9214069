import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getSearchIndexState, recordCatalogueChanges } from '@easel/data';
import { createAlert, getAlertCursor } from '@easel/data/queries/alerts';
import { meiliClient } from '@easel/indexer';
import { alertKeys, definitionFilter } from '@easel/search-service/alert-match';
import { mulberry32 } from '@easel/shared/random';
import { startTsx } from '@easel/shared/process';
import { CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES } from '@easel/shared/vocabulary';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { parseAlertQuery } from './definition';
import { unsubscribePath } from './mail';

/**
 * The alert follower across crashes: `npm run indexer` (scripts/indexer.ts), whose leader runs
 * the matcher beside the index sync, is killed with SIGKILL after the engine holds a batch of
 * changes and before the matcher has recorded it, and started again; at the end every alert has
 * exactly one notification for each work it matches, and its mails name each such work once.
 */

const connection = inject('meili');
const meili = meiliClient(connection);
const indexUid = `test_alert_restart_${randomUUID().slice(0, 8)}`;
const script = path.join(import.meta.dirname, '../../../scripts/indexer.ts');
const SITE = 'https://easel.test';
const ENGINE = 'engine-1';
/** Above every alert's ceiling in every currency: no work matches an alert until it is re-priced. */
const START_PRICE_MINOR = 600_000;
const BATCHES = 4;
const WORKS_PER_BATCH = 50;
let temp: TemporaryDatabase;
const alerts = new Map<string, { id: number; query: string }>();

beforeAll(async () => {
  temp = await openTemporaryDatabase('alert-restart', { seed: 21, artworks: 300 });
  const db = temp.db;
  await db.updateTable('artworks').set({ price_minor: START_PRICE_MINOR, sale_price_minor: null }).execute();
  // Enough alerts that a pass takes a while: twenty for each of forty shoppers, some with words.
  const random = mulberry32(4);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = ['blue', 'landscape', 'portrait', 'abstract'];
  for (let u = 0; u < 40; u++) {
    const userId = await addUser(db, undefined, `collector-${u}@example.com`);
    for (let a = 0; a < 20; a++) {
      const params = new URLSearchParams({ currency: pick(CURRENCIES), price_max: String(pick([300, 800, 1500, 2500])) });
      if (random() < 0.5) params.set('product_category', pick(CATEGORY_VALUES));
      if (random() < 0.3) params.set('colours', pick(COLOUR_VALUES));
      if (random() < 0.15) params.set('q', pick(words));
      const parsed = parseAlertQuery(params.toString());
      if (!parsed.ok) throw new Error(parsed.issue.message);
      const token = randomUUID();
      const result = await createAlert(db, {
        userId, query: parsed.query, name: `Alert ${u}-${a}`, frequency: 'instant', keys: alertKeys(parsed.definition), unsubscribeToken: token, now: new Date().toISOString(), max: 50,
      });
      if ('limit' in result) throw new Error('limit');
      if (result.created) alerts.set(token, { id: result.alert.id, query: parsed.query });
    }
  }
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

function startIndexer() {
  const engines = [{ name: ENGINE, url: connection.url, key: connection.masterKey }];
  const child = startTsx(script, [], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...temp.env, SEARCH_ENGINES: JSON.stringify(engines), SEARCH_INDEX: indexUid, SITE_URL: SITE },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

/** Re-prices `ids` from above every ceiling to £50–£2,500, as an edit does (the change recorded with it); the last change's id. */
async function reprice(ids: number[], random: () => number): Promise<number> {
  return temp.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    for (const id of ids) await trx.updateTable('artworks').set({ price_minor: Math.round(50 + random() * 2450) * 100, updated_at: now }).where('id', '=', id).execute();
    await recordCatalogueChanges(trx, ids, now);
    return Number((await trx.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
  });
}

/** Each alert's works by the engine's own search for its definition (every re-priced work it matches), as `alertId:workId`. */
async function engineMatches(): Promise<string[]> {
  const expected: string[] = [];
  const list = [...alerts.values()];
  for (let i = 0; i < list.length; i += 50) {
    const batch = list.slice(i, i + 50);
    const { results } = await meili.multiSearch({
      queries: batch.map(({ query }) => {
        const parsed = parseAlertQuery(query);
        if (!parsed.ok) throw new Error(parsed.issue.message);
        return { indexUid, q: parsed.definition.q, filter: definitionFilter(parsed.definition), attributesToRetrieve: ['id'], limit: 1000 };
      }),
    });
    results.forEach((result, j) => expected.push(...result.hits.map((hit) => `${batch[j]!.id}:${hit.id}`)));
  }
  return expected.sort();
}

describe('the alert follower killed mid-batch', () => {
  it('neither loses nor repeats a notification or a mailed work', { timeout: 240_000 }, async () => {
    const db = temp.db;
    const random = mulberry32(9);
    const works = (await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').execute()).map((w) => w.id);
    expect(works.length).toBeGreaterThanOrEqual(BATCHES * WORKS_PER_BATCH);
    let indexer = startIndexer();
    await expect.poll(() => getAlertCursor(db), { timeout: 60_000 }).toBeDefined();

    let killedBeforeRecorded = 0;
    let last = 0;
    for (let batch = 0; batch < BATCHES; batch++) {
      last = await reprice(works.slice(batch * WORKS_PER_BATCH, (batch + 1) * WORKS_PER_BATCH), random);
      if (batch === BATCHES - 1) break;
      // The engine holds the batch, so the matcher's pass over it is under way or next: kill then.
      while (((await getSearchIndexState(db, indexUid, ENGINE))?.last_change_id ?? 0) < last) await new Promise((resolve) => setTimeout(resolve, 5));
      indexer.child.kill('SIGKILL');
      await indexer.child.catch(() => undefined);
      if (((await getAlertCursor(db)) ?? 0) < last) killedBeforeRecorded++;
      indexer = startIndexer();
    }
    try {
      await expect.poll(async () => (await getAlertCursor(db)) ?? 0, { timeout: 120_000 }).toBeGreaterThanOrEqual(last);
    } finally {
      indexer.child.kill('SIGTERM');
    }
    expect((await indexer.child).exitCode, indexer.stderr()).toBe(0);
    // At least one kill cut a pass short (the others may have come just after it was recorded).
    expect(killedBeforeRecorded).toBeGreaterThanOrEqual(1);

    const expected = await engineMatches();
    expect(expected.length).toBeGreaterThan(200);
    const notifications = await db.selectFrom('notifications').select(['alert_id', 'artwork_id']).execute();
    expect(notifications.map((n) => `${n.alert_id}:${n.artwork_id}`).sort()).toEqual(expected);

    // Every mail names its alert by its unsubscribe link and each work by its address: each pair once.
    const slugs = new Map((await db.selectFrom('artworks').select(['id', 'slug']).execute()).map((w) => [w.slug, w.id]));
    const mailed: string[] = [];
    for (const { body } of await db.selectFrom('outbox').select('body').where('body', 'like', `%${SITE}/alerts/unsubscribe/%`).execute()) {
      const token = [...alerts.keys()].find((t) => body.includes(`${SITE}${unsubscribePath(t)}`))!;
      const alert = alerts.get(token)!;
      for (const [, slug] of body.matchAll(/\/product\/([^/\s]+)\//g)) mailed.push(`${alert.id}:${slugs.get(slug!)}`);
    }
    expect(mailed.sort()).toEqual(expected);
  });
});
