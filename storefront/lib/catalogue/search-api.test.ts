import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { serveFixture, type ServedFixture } from '../../../search-service/test/fixture';
import { replaceSynonyms } from '@easel/data/queries/search-levers';
import { ARTIST_SUGGESTIONS, ARTWORK_SUGGESTIONS, CATEGORY_SUGGESTIONS, searchRoutes, type SearchSuggestions } from './search-api';
import { callable } from '../api/testing';
import { SearchRecorder } from '../search-analytics/recorder';

// A real search service over HTTP, on an index built from the same SQLite catalogue the artists come from.
let f: ServedFixture;
let searchUrl: string;
let recorder: SearchRecorder;
const recordsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-header-searches-'));

/** Searches of the last days as the analytics roll them up: words, searches, those that found nothing, those clicked. */
const ROLLED_UP: [query: string, searches: number, zero: number, clicked: number][] = [
  ['cat', 40, 0, 20], ['cat asleep', 12, 0, 6], ['black cat', 9, 0, 4], ['catalan', 5, 0, 0], ['zorblat', 20, 20, 0], ['sea', 30, 0, 25],
];

beforeAll(async () => {
  f = await serveFixture({ seed: 5, artworks: 600 });
  searchUrl = f.url;
  recorder = new SearchRecorder({ dir: recordsDir, getDb: async () => f.db });
  // As a started recorder does first: the day's salt is read.
  await recorder.drain();
  const day = new Date().toISOString().slice(0, 10);
  await f.db.insertInto('search_daily').values(ROLLED_UP.map(([query, searches, zero, clicked]) => ({
    day, definition: `q=${query}`, query, searches, zero_result_searches: zero, clicked_searches: clicked, clicks: clicked,
    click_position_sum: clicked, converted_searches: 0, latency_ms_sum: searches * 10, latency_ms_max: 20,
  }))).execute();
  await replaceSynonyms(f.db, { kitty: ['cat'] });
});
afterAll(async () => {
  await f?.close();
  fs.rmSync(recordsDir, { recursive: true, force: true });
});

const handler = (url = () => searchUrl) => callable(searchRoutes({ getDb: async () => f.db, searchServiceUrl: url, searchRecorder: () => recorder }));
const get = (query: string, url?: () => string) => handler(url)(new NextRequest(`http://shop.test/api/v2/search/${query}`));

/** An artist with available work: their name and one of their works' titles. */
async function someArtist() {
  const { rows } = await sql<{ name: string; slug: string; title: string }>`
    SELECT a.name, a.slug, w.title FROM artists a JOIN artworks w ON w.artist_id = a.id
    WHERE w.status = 'available' ORDER BY a.popularity DESC, w.id LIMIT 1`.execute(f.db);
  return rows[0]!;
}

describe('GET /api/v2/search/', () => {
  it('suggests artworks from the search service and artists from the catalogue', async () => {
    const artist = await someArtist();
    const response = await get(`?q=${encodeURIComponent(artist.name)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=60');
    const body = (await response.json()) as SearchSuggestions;
    expect(body.artists[0]).toMatchObject({ slug: artist.slug, name: artist.name, url: `/artist/${artist.slug}/` });
    expect(body.artists[0]!.avatar.src).toMatch(/^\/media\/art\//);
    expect(body.artworks.length).toBeGreaterThan(0);
    expect(body.artworks.length).toBeLessThanOrEqual(ARTWORK_SUGGESTIONS);
    expect(body.artworks.map((w) => w.artist_name)).toContain(artist.name);
    for (const work of body.artworks) {
      expect(work.url).toBe(`/product/${work.slug}/`);
      expect(work.image.srcSet).toContain('w,');
    }
  });

  it('records the search, with its normalised words and result count, under the id it answers with', async () => {
    const { title } = await someArtist();
    const body = (await (await get(`?q=${encodeURIComponent(`  ${title.toUpperCase()} `)}`)).json()) as SearchSuggestions;
    expect(body.search_id).toMatch(/^[0-9a-f]{32}$/);
    await recorder.drain();
    const record = await f.db.selectFrom('search_records').selectAll().where('search_id', '=', body.search_id!).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ source: 'header', query: title.toLowerCase(), page: 1 });
    expect(record.result_count).toBeGreaterThanOrEqual(body.artworks.length);
    expect(record.visitor).toMatch(/^[\w-]{22}$/);
  });

  it("finds an artwork by its title", async () => {
    const { title } = await someArtist();
    const body = (await (await get(`?q=${encodeURIComponent(title)}`)).json()) as SearchSuggestions;
    expect(body.artworks.map((w) => w.title)).toContain(title);
  });

  it('suggests at most a few artists', async () => {
    const body = (await (await get('?q=a')).json()) as SearchSuggestions;
    expect(body.artists).toHaveLength(ARTIST_SUGGESTIONS);
  });

  it('suggests popular searches that found works and were clicked, the categories where the words find works, and one work of each title', async () => {
    const body = (await (await get('?q=Ca')).json()) as SearchSuggestions;
    // Those starting with the words first, most clicked first; never one nobody clicked or that found nothing.
    expect(body.queries).toEqual([
      { query: 'cat', url: '/shop/?q=cat' }, { query: 'cat asleep', url: '/shop/?q=cat%20asleep' }, { query: 'black cat', url: '/shop/?q=black%20cat' },
    ]);
    const cats = (await (await get('?q=cat')).json()) as SearchSuggestions;
    const gallery = await (await fetch(`${searchUrl}/api/v2/product/s/?q=cat`)).json() as { facets: { product_category: { value: string; count: number }[] } };
    const expected = gallery.facets.product_category.filter((c) => c.count > 0).slice(0, CATEGORY_SUGGESTIONS);
    expect(expected.length).toBeGreaterThan(0);
    expect(cats.categories).toEqual(expected.map(({ value, count }) => ({ category: value, count, url: `/shop/${value}/?q=cat` })));
    const titles = cats.artworks.map((w) => w.title);
    expect(titles.length).toBeGreaterThan(1);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('offers related searches for one that finds nothing: the synonyms first, then popular searches', async () => {
    const response = await handler()(new NextRequest('http://shop.test/api/v2/search/related/?q=Kitty'));
    expect(response.status).toBe(200);
    const { searches } = (await response.json()) as { searches: { query: string; url: string }[] };
    expect(searches.slice(0, 4).map((s) => s.query)).toEqual(['cat', 'cat asleep', 'black cat', 'sea']);
    expect(searches[0]!.url).toBe('/shop/?q=cat');
    const refused = await handler()(new NextRequest('http://shop.test/api/v2/search/related/?q=%22quoted%22'));
    expect(refused.status).toBe(400);
  });

  it.each(['', '?q=', '?q=%20%20%20'])('answers empty lists for no text (%s)', async (query) => {
    const response = await get(query);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ queries: [], categories: [], artworks: [], artists: [] });
  });

  it.each([
    [`?q=${'a'.repeat(201)}`],
    ['?q=%22quoted%22'],
    ['?q=a%3Db'],
    ['?q=%3Cscript%3E'],
    ['?q=%00'],
  ])('answers 400 naming q for %s', async (query) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'q' } });
  });

  it('still suggests artists, uncached, when the search service is down', async () => {
    const artist = await someArtist();
    const down = `http://127.0.0.1:${await getFreePort()}`;
    const response = await get(`?q=${encodeURIComponent(artist.name)}`, () => down);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as SearchSuggestions;
    expect(body.artworks).toEqual([]);
    expect(body.artists.map((a) => a.slug)).toContain(artist.slug);
  });
});
