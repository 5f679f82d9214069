import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '@easel/shared/vocabulary';
import { toQueryString, type GallerySearchDefinition, type SearchResponse, type SuggestionsResponse } from '../src/contract';
import { widen, type Removal } from '../src/suggestions';
import { buildFixture, definitionOf, getJson, type Fixture } from './fixture';
import { sqlCount } from './sql-oracle';

const S = '/api/v2/product/s/';
let f: Fixture;

beforeAll(async () => {
  f = await buildFixture();
});
afterAll(async () => {
  await f?.close();
});

const search = async (qs: string) => (await getJson<SearchResponse>(f.app, `${S}?${qs}`)).body;
const suggestions = async (qs: string) => (await getJson<SuggestionsResponse>(f.app, `${S}_suggestions/?${qs}`)).body;
const count = async (d: GallerySearchDefinition) => (await getJson<{ count: number }>(f.app, `${S}_count/?${toQueryString(d)}`)).body.count;

/** Searches that find nothing: filters that exclude one another, a word no work has, or both. */
const NOTHING = [
  'colours=turquoise&subject=seascape&style=pop-art&shape=panoramic&size_=oversized',
  'q=seascape&product_category=sculpture&colours=turquoise&price_max=60',
  'q=zzyzx&colours=blue',
  'q=zzyzx%20seascape&ships_to=FR&free_shipping=true&framed_or_ready_to_hang=true&shape=square',
];

describe('_suggestions: the ways out of a search that finds nothing', () => {
  it.each(NOTHING)('for ?%s counts each removal as _count counts the widened search, most first', async (qs) => {
    const d = definitionOf(qs);
    const body = await suggestions(qs);
    expect(body.count).toBe(0);
    expect((await search(qs)).count).toBe(0);
    expect(body.removals.length).toBeGreaterThan(0);
    for (const { count: n, ...removal } of body.removals) {
      const widened = widen(d, removal as Removal);
      expect(n).toBe(await count(widened));
      if (!widened.q) expect(n).toBe(await sqlCount(f.db, widened));
    }
    const counts = body.removals.map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // The narrowest part brings works back in each of these searches.
    expect(counts[0]).toBeGreaterThan(0);
  });

  it('names every search word and every active filter group once', async () => {
    const body = await suggestions(NOTHING[3]!.replace('%20', ' '));
    const names = body.removals.map((r) => (r.kind === 'word' ? `word:${r.word}` : r.filter)).sort();
    expect(names).toEqual(['framed_or_ready_to_hang', 'shape', 'ships_to', 'free_shipping', 'word:seascape', 'word:zzyzx'].sort());
    // Dropping the country drops its free shipping too, and brings back more than dropping free shipping alone.
    const byName = (name: string) => body.removals.find((r) => r.kind === 'filter' && r.filter === name)!.count;
    expect(byName('ships_to')).toBeGreaterThanOrEqual(byName('free_shipping'));
  });

  it('lists every category with its size in the whole gallery, most first', async () => {
    const body = await suggestions(NOTHING[0]!);
    const all = await search('');
    expect(body.categories.map((c) => c.value).sort()).toEqual([...CATEGORY_VALUES].sort());
    for (const { value, count: n } of body.categories) {
      expect(n).toBe(all.facets.product_category.find((c) => c.value === value)!.count);
      expect(n).toBe(await sqlCount(f.db, definitionOf(`product_category=${value}`)));
    }
    expect(body.categories.map((c) => c.count)).toEqual(body.categories.map((c) => c.count).sort((a, b) => b - a));
  });

  it('refuses what the search refuses', async () => {
    const { status, body } = await getJson(f.app, `${S}_suggestions/?colours=plaid`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', param: 'colours' });
  });
});

describe('did_you_mean: the search words as the engine matched them', () => {
  it.each([
    ['sesacape', 'seascape'],
    ['pantings', 'painting'],
    ['sculptre', 'sculpture'],
    ['landscpe', 'landscape'],
    ['Blue sesacape', 'Blue seascape'],
  ])('corrects %s to %s, which finds works as typed', async (typed, corrected) => {
    const body = await search(new URLSearchParams({ q: typed }).toString());
    expect(body.count).toBeGreaterThan(0);
    expect(body.did_you_mean).toBe(corrected);
    const again = await search(new URLSearchParams({ q: corrected }).toString());
    expect(again.count).toBeGreaterThan(0);
    expect(again.did_you_mean).toBeNull();
  });

  it('is the same whatever the order, page or filters of the results', async () => {
    expect((await search('q=sesacape&sort=newest&page=2&paginate=12')).did_you_mean).toBe('seascape');
    expect((await search('q=sesacape&product_category=painting')).did_you_mean).toBe('seascape');
  });

  it('is null without words, for words spelt as indexed, for a prefix, and when nothing matches', async () => {
    for (const qs of ['', 'colours=blue', 'q=seascape', 'q=painting%20sea', 'q=zzyzx']) expect((await search(qs)).did_you_mean).toBeNull();
  });
});
