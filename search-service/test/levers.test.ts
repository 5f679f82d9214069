import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addSearchRule, deleteSearchRule, replaceSynonyms, updateSearchRule, type SearchRuleFields } from '@easel/data/queries/search-levers';
import { meiliClient, syncLevers } from '@easel/indexer';
import { buildFixture, getJson, type Fixture } from './fixture';

/**
 * Staff's levers end to end on a real engine: written to the database, carried by the indexer's
 * pass (syncLevers), applied by the search service, with the hot cache on (60 s: only its
 * invalidation can show a change in time).
 */

let f: Fixture;
beforeAll(async () => {
  f = await buildFixture({ seed: 7, artworks: 600, cacheTtlMs: 60_000 });
});
afterAll(async () => {
  await f?.close();
});

interface Page {
  results: { slug: string; category: string }[];
  count: number;
  num_pages: number;
  facets: { product_category: { value: string; count: number }[] };
  banner: { title: string; url: string } | null;
}

const carry = () => syncLevers({ db: f.db, meili: meiliClient(inject('meili')), indexUid: f.indexUid });
const search = async (qs: string) => {
  const { status, body } = await getJson<Page>(f.app, `/api/v2/product/s/?${qs}`);
  expect(status).toBe(200);
  return body;
};
const count = async (qs: string) => (await getJson<{ count: number }>(f.app, `/api/v2/product/s/_count/?${qs}`)).body.count;
/** Every work of a search, page by page, in the order the pages give them. */
async function walk(qs: string, paginate: number): Promise<string[]> {
  const first = await search(`${qs}&paginate=${paginate}`);
  const slugs = first.results.map((r) => r.slug);
  for (let page = 2; page <= first.num_pages; page++) slugs.push(...(await search(`${qs}&paginate=${paginate}&page=${page}`)).results.map((r) => r.slug));
  return slugs;
}
const rule = (fields: Partial<SearchRuleFields>): SearchRuleFields => ({
  query: null, category: null, pins: [], hides: [], banner: null, starts_at: null, ends_at: null, ...fields,
});

describe('synonyms', () => {
  it('make a made-up word find what its synonym finds, on the live index, within 5 s, with answers cached before', async () => {
    const cats = await walk('q=cat', 60);
    expect(cats.length).toBeGreaterThan(0);
    expect(await count('q=zorblat')).toBe(0);
    expect(await count('q=zorblat')).toBe(0);

    await replaceSynonyms(f.db, { zorblat: ['cat'] });
    const started = Date.now();
    expect(await carry()).toBe(true);
    await expect.poll(() => count('q=zorblat'), { timeout: 5000, interval: 100 }).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(5000);
    // The works with the word "cat" (the search for "cat" finds words starting with it too).
    const found = await walk('q=zorblat', 60);
    expect(found.every((slug) => cats.includes(slug))).toBe(true);
    expect((await search('q=zorblat')).results.every((r) => /\bcats?\b/i.test(r.slug.replaceAll('-', ' ')))).toBe(true);
    // One way: a search for cat finds what it found before.
    expect(await walk('q=cat', 60)).toEqual(cats);
    // A pass with nothing new carries nothing.
    expect(await carry()).toBe(false);
  });

  it('take phrases both ways, and are gone when staff remove them', async () => {
    const seascapes = await count('q=seascape');
    expect(seascapes).toBeGreaterThan(0);
    await replaceSynonyms(f.db, { 'sea picture': ['seascape'], seascape: ['sea picture'] });
    await carry();
    await expect.poll(() => count('q=sea%20picture'), { timeout: 5000, interval: 100 }).toBeGreaterThanOrEqual(seascapes);
    await replaceSynonyms(f.db, {});
    await carry();
    await expect.poll(() => count('q=zorblat'), { timeout: 5000, interval: 100 }).toBe(0);
  });
});

describe('rules per search', () => {
  it('hide works from every count and page, pin works at their places, and keep each other work once across the pages', async () => {
    const qs = 'product_category=painting&sort=newest';
    const before = await walk(qs, 25);
    const total = await count(qs);
    expect(before.length).toBe(total);
    expect(total).toBeGreaterThan(60);
    const [hidden1, hidden2] = [before[0]!, before[3]!];
    const pinnedFirst = before[57]!;
    const pinnedLater = before[44]!;
    const sculpture = (await search('product_category=sculpture')).results[0]!.slug;

    const made = await addSearchRule(f.db, rule({
      category: 'painting',
      hides: [hidden1, hidden2],
      pins: [{ slug: pinnedLater, position: 27 }, { slug: pinnedFirst, position: 1 }, { slug: sculpture, position: 2 }],
      banner: { title: 'Winter paintings', url: '/shop/painting/?subject=landscape' },
    }), new Date().toISOString());
    await carry();

    await expect.poll(async () => (await search(`${qs}&paginate=25`)).results[0]?.slug, { timeout: 5000, interval: 100 }).toBe(pinnedFirst);
    const first = await search(`${qs}&paginate=25`);
    expect(first.count).toBe(total - 2);
    expect(first.num_pages).toBe(Math.ceil((total - 2) / 25));
    expect(first.facets.product_category.find((v) => v.value === 'painting')?.count).toBe(total - 2);
    expect(first.banner).toEqual({ title: 'Winter paintings', url: '/shop/painting/?subject=landscape' });
    expect(await count(qs)).toBe(total - 2);

    const after = await walk(qs, 25);
    // The sculpture does not match the search, so it is not shown and counts nowhere.
    expect(after).not.toContain(sculpture);
    expect(after).not.toContain(hidden1);
    expect(after).not.toContain(hidden2);
    expect(after.length).toBe(total - 2);
    expect(new Set(after).size).toBe(after.length);
    expect(after[0]).toBe(pinnedFirst);
    expect(after[26]).toBe(pinnedLater);
    // The rest keep the search's own order around the pinned works.
    const rest = before.filter((slug) => ![hidden1, hidden2, pinnedFirst, pinnedLater].includes(slug));
    expect(after.filter((slug) => slug !== pinnedFirst && slug !== pinnedLater)).toEqual(rest);
    // Another page size cuts the same list.
    expect(await walk(qs, 7)).toEqual(after);

    // The artist page is not ruled, nor another category.
    expect((await search('product_category=sculpture')).banner).toBeNull();
    await deleteSearchRule(f.db, made.id);
    await carry();
    await expect.poll(() => count(qs), { timeout: 5000, interval: 100 }).toBe(total);
  });

  it('match the words of a search however they are typed, and leave other words alone', async () => {
    const cats = await walk('q=cat', 60);
    expect(cats.length).toBeGreaterThan(2);
    const last = cats[cats.length - 1]!;
    const other = (await search('q=cat%20asleep')).results.map((r) => r.slug);
    const made = await addSearchRule(f.db, rule({ query: 'cat', pins: [{ slug: last, position: 1 }] }), new Date().toISOString());
    await carry();
    await expect.poll(async () => (await search('q=%20CAT%20')).results[0]?.slug, { timeout: 5000, interval: 100 }).toBe(last);
    expect((await search('q=cat%20asleep')).results.map((r) => r.slug)).toEqual(other);
    await deleteSearchRule(f.db, made.id);
    await carry();
  });

  it('show in cached answers as soon as a rule changes, starts or ends', async () => {
    const qs = 'q=landscape';
    const works = await walk(qs, 60);
    expect(works.length).toBeGreaterThan(3);
    const [a, b] = [works[works.length - 1]!, works[works.length - 2]!];
    const made = await addSearchRule(f.db, rule({ query: 'landscape', pins: [{ slug: a, position: 1 }] }), new Date().toISOString());
    await carry();
    await expect.poll(async () => (await search(qs)).results[0]?.slug, { timeout: 5000, interval: 100 }).toBe(a);
    // Cached now: a repeat costs the engine nothing.
    await search(qs);
    const calls = f.engineCalls();
    expect((await search(qs)).results[0]?.slug).toBe(a);
    expect(f.engineCalls()).toBe(calls);

    await updateSearchRule(f.db, made.id, { pins: [{ slug: b, position: 1 }] }, new Date().toISOString());
    await carry();
    await expect.poll(async () => (await search(qs)).results[0]?.slug, { timeout: 5000, interval: 100 }).toBe(b);

    // A rule that ends in a moment: cached while in force, gone the moment it ends, with no edit to carry.
    const ends = new Date(Date.now() + 1500).toISOString();
    await updateSearchRule(f.db, made.id, { ends_at: ends }, new Date().toISOString());
    await carry();
    await search(qs);
    expect((await search(qs)).results[0]?.slug).toBe(b);
    await expect.poll(async () => (await search(qs)).results[0]?.slug, { timeout: 5000, interval: 100 }).toBe(works[0]);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(ends));
    await deleteSearchRule(f.db, made.id);
    await carry();
  });
});
