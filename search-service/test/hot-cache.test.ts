import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { meiliClient, rebuildIndex } from '@easel/indexer';
import { buildFixture, getJson, type Fixture } from './fixture';

let f: Fixture;
beforeAll(async () => {
  // A TTL far longer than any poll below: only invalidation can make new data show in time.
  f = await buildFixture({ seed: 5, artworks: 400, cacheTtlMs: 60_000 });
});
afterAll(async () => {
  await f?.close();
});

const admin = () => meiliClient(inject('meili'));
const count = async (url: string) => (await getJson<{ count: number }>(f.app, url)).body.count;

/**
 * The count, once it is held in memory: an answer computed before the service first learnt the
 * index version, or first read the staff's rules, is kept apart, so ask until a repeat is one the
 * engine never sees.
 */
async function cachedCount(url: string): Promise<number> {
  let value = await count(url);
  await expect.poll(async () => {
    const calls = f.engineCalls();
    value = await count(url);
    return f.engineCalls() - calls;
  }, { timeout: 5000, interval: 50 }).toBe(0);
  return value;
}

describe('the hot-answer cache', () => {
  it('serves repeated questions from memory and drops them once a document reaches the index', async () => {
    const url = '/api/v2/product/s/_count/?colours=red';
    const before = await cachedCount(url);

    const [doc] = (await admin().index(f.indexUid).search('', { filter: 'colours = "red"', limit: 1, attributesToRetrieve: ['*'] })).hits;
    const task = await admin().index(f.indexUid).addDocuments([{ ...doc, id: 9_999_999, slug: 'cache-probe' }]).waitTask();
    expect(task.status).toBe('succeeded');

    await expect.poll(() => count(url), { timeout: 5000, interval: 250 }).toBe(before + 1);
  });

  it("answers shoppers of every country from one count, unless free shipping is judged for their country", async () => {
    await cachedCount('/api/v2/product/s/_count/?colours=blue');
    const calls = f.engineCalls();
    expect(await count('/api/v2/product/s/_count/?colours=blue&country=US')).toBe(await count('/api/v2/product/s/_count/?colours=blue&country=FR'));
    expect(f.engineCalls()).toBe(calls);
    await count('/api/v2/product/s/_count/?colours=blue&free_shipping=true&country=US');
    expect(f.engineCalls()).toBeGreaterThan(calls);
  });

  it('drops every answer once a full rebuild swaps a new index in', async () => {
    const url = '/api/v2/product/s/_count/';
    const before = await cachedCount(url);
    const calls = f.engineCalls();

    // The catalogue changes in SQLite only; the rebuild carries it to a side index and swaps it in.
    const sold = await f.db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').limit(3).execute();
    await f.db.updateTable('artworks').set({ status: 'sold', updated_at: new Date().toISOString() }).where('id', 'in', sold.map((s) => s.id)).execute();
    const { documents } = await rebuildIndex({ db: f.db, meili: admin(), indexUid: f.indexUid });

    expect(documents).toBeLessThan(before);
    await expect.poll(() => count(url), { timeout: 5000, interval: 250 }).toBe(documents);
    expect(f.engineCalls()).toBeGreaterThan(calls);
  });
});
