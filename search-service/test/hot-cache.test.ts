import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { meiliClient } from '@easel/indexer';
import { buildFixture, getJson, type Fixture } from './fixture';

let f: Fixture;
beforeAll(async () => {
  f = await buildFixture({ seed: 5, artworks: 400, cacheTtlMs: 60_000 });
});
afterAll(async () => {
  await f?.close();
});

describe('the hot-answer cache', () => {
  it('serves repeated questions from memory and drops them once the index changes', async () => {
    const url = '/api/v2/product/s/_count/?colours=red';
    const before = (await getJson<{ count: number }>(f.app, url)).body.count;
    const first = await getJson(f.app, '/api/v2/product/s/?colours=red&paginate=1');
    const again = await getJson(f.app, '/api/v2/product/s/?colours=red&paginate=1');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    const admin = meiliClient(inject('meili'));
    const [doc] = (await admin.index(f.indexUid).search('', { filter: 'colours = "red"', limit: 1, attributesToRetrieve: ['*'] })).hits;
    const task = await admin.index(f.indexUid).addDocuments([{ ...doc, id: 9_999_999, slug: 'cache-probe' }]).waitTask();
    expect(task.status).toBe('succeeded');

    // Within the TTL, only the index-version check can make the new work show.
    await expect
      .poll(async () => (await getJson<{ count: number }>(f.app, url)).body.count, { timeout: 5000, interval: 250 })
      .toBe(before + 1);
  });
});
