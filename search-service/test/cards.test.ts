import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordCatalogueChanges } from '@easel/data';
import { meiliClient, syncIndex } from '@easel/indexer';
import type { SearchHit } from '@easel/indexer/index-settings';
import type { SearchResponse } from '../src/contract';
import { CARD_ATTRIBUTES } from '../src/meili-request';
import { toProductCard } from '../src/product-card';
import { buildFixture, getJson, type Fixture } from './fixture';

const S = '/api/v2/product/s/';
let f: Fixture;
/** The ids of each card fetch the service has made. */
const fetched: number[][] = [];
beforeAll(async () => {
  // A store smaller than one page of results: it must fetch, and evict, as it goes.
  f = await buildFixture({ seed: 8, artworks: 300, cardStoreSize: 40 });
  const fetchDocuments = f.engine.fetchDocuments.bind(f.engine);
  f.engine.fetchDocuments = (indexUid, ids, fields) => {
    fetched.push(ids);
    return fetchDocuments(indexUid, ids, fields);
  };
});
afterAll(async () => {
  await f?.close();
});

const admin = () => meiliClient(inject('meili'));
const search = async (qs: string) => (await getJson<SearchResponse>(f.app, `${S}?${qs}`)).body;

describe('cards from the card store', () => {
  it('are the cards the engine itself would return, in its order, with a store smaller than the page', async () => {
    for (const qs of ['sort=newest', 'colours=blue&sort=price_asc', 'q=portrait', 'sort=newest&page=2', 'product_boost=x&colours=red']) {
      const body = await search(qs);
      const params = new URLSearchParams(qs);
      const raw = await admin().index(f.indexUid).search<SearchHit>(params.get('q') ?? '', {
        filter: params.get('colours') ? `colours = "${params.get('colours')}"` : undefined,
        sort: { newest: ['created_ts:desc'], price_asc: ['price_gbp:asc'] }[params.get('sort') ?? ''],
        page: Number(params.get('page') ?? 1),
        hitsPerPage: 60,
        attributesToRetrieve: CARD_ATTRIBUTES,
      });
      expect(body.results.length, qs).toBeGreaterThan(0);
      expect(body.results, qs).toEqual(raw.hits.map((hit) => toProductCard(hit, {})));
    }
  });

  it('asks the engine again only for the cards it does not hold', async () => {
    await search('sort=popular&paginate=30');
    const before = fetched.length;
    await search('sort=popular&paginate=30');
    expect(fetched.length).toBe(before);
  });

  it('show an edit as soon as the index has it: the edited card is fetched again, alone', async () => {
    const [first] = (await search('sort=popular&paginate=30')).results;
    const now = new Date().toISOString();
    await f.db.transaction().execute(async (trx) => {
      await trx.updateTable('artworks').set({ title: 'Edited Title', price_minor: 123_400, updated_at: now }).where('id', '=', first!.id).execute();
      await recordCatalogueChanges(trx, [first!.id], now);
    });
    expect(await syncIndex({ db: f.db, meili: admin(), indexUid: f.indexUid })).toBeGreaterThan(0);
    const before = fetched.length;

    const [edited] = (await search('sort=popular&paginate=30')).results;
    expect(edited).toMatchObject({ id: first!.id, title: 'Edited Title', prices: { GBP: 123_400 } });
    expect(fetched.slice(before)).toEqual([[first!.id]]);
  });
});
