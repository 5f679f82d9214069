import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GBP_RATES } from '@easel/shared/currency';
import { CATEGORIES } from '@easel/shared/vocabulary';
import type { SearchResponse } from '../src/contract';
import { buildFixture, definitionOf, getJson, type Fixture } from './fixture';
import { sqlCount, sqlIds, sqlPriceRange } from './sql-oracle';

const S = '/api/v2/product/s/';
let f: Fixture;

beforeAll(async () => {
  f = await buildFixture();
});
afterAll(async () => {
  await f?.close();
});

const search = async (qs: string) => (await getJson<SearchResponse>(f.app, `${S}?${qs}`)).body;

/** Definitions covering every filter section alone and in combination. */
const DEFINITIONS = [
  '',
  'price_min=100&price_max=400',
  'currency=USD&price_min=150',
  'currency=AUD&price_max=300',
  'currency=EUR&price_min=50&price_max=900&colours=blue',
  'size_=small',
  'size_=medium&size_=oversized',
  'width_min=40&height_max=60',
  'product_category=sculpture',
  'product_category=painting&product_category=drawing',
  'painting=oil',
  'painting=oil&painting=acrylic&prints=screenprint',
  'product_category=photography&painting=ink',
  'product_category=sculpture&painting=oil',
  'product_category=sculpture&product_category=painting&painting=oil&painting=acrylic',
  'painting=ink&drawing=ink',
  'sculpture=mixed-media&colours=red',
  'subject=seascape&subject=landscape',
  'ships_to=US',
  'ships_from=FR',
  'ships_to=DE&free_shipping=true',
  'free_shipping=true',
  'country=US&free_shipping=true',
  'country=FR&ships_to=US&free_shipping=true',
  'has_fine_art_prints=true',
  'framed_or_ready_to_hang=true',
  'style=abstract&style=pop-art',
  'colours=red',
  'colours=red&colours=gold',
  'shape=square&shape=panoramic',
  'in_sale=on',
  'verified_advertising_safe=true',
  'product_category=painting&colours=blue&size_=large&in_sale=on&ships_to=GB',
  'subject=abstract&style=minimalist&shape=landscape&framed_or_ready_to_hang=true&currency=CAD&price_max=2000',
];

describe('every filter section narrows as the SQLite catalogue says', () => {
  it.each(DEFINITIONS)('count of ?%s equals the SQL count', async (qs) => {
    const [body, count] = await Promise.all([search(qs), sqlCount(f.db, definitionOf(qs))]);
    expect(body.count).toBe(count);
    expect(body.num_pages).toBe(Math.ceil(count / 60));
  });

  it.each(DEFINITIONS.slice(1, 12))('_count of ?%s equals count', async (qs) => {
    const [{ body: counted }, full] = await Promise.all([getJson(f.app, `${S}_count/?${qs}`), search(qs)]);
    expect(counted).toEqual({ count: full.count });
  });

  it('never shows sold, reserved or hidden works', async () => {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM artworks WHERE status != 'available'`.execute(f.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    const body = await search('paginate=120');
    const ids = body.results.map((r) => r.id);
    const { rows: statuses } = await sql<{ status: string }>`SELECT DISTINCT status FROM artworks WHERE id IN (${sql.join(ids)})`.execute(f.db);
    expect(statuses.map((s) => s.status)).toEqual(['available']);
  });
});

describe('the artist scope', () => {
  /** The artist with the most works for sale, and a category they work in. */
  const busiest = async () => {
    const { rows } = await sql<{ slug: string; category: string }>`
      SELECT a.slug, (SELECT w2.category FROM artworks w2 WHERE w2.artist_id = a.id AND w2.status = 'available' GROUP BY w2.category ORDER BY COUNT(*) DESC LIMIT 1) AS category
      FROM artworks w JOIN artists a ON a.id = w.artist_id WHERE w.status = 'available' GROUP BY a.id ORDER BY COUNT(*) DESC LIMIT 1`.execute(f.db);
    return rows[0]!;
  };

  it('lists only that artist\'s available works, as many as SQL counts', async () => {
    const { slug } = await busiest();
    const body = await search(`artist=${slug}&paginate=120`);
    expect(body.count).toBe(await sqlCount(f.db, definitionOf(`artist=${slug}`)));
    expect(body.count).toBeGreaterThan(1);
    expect(new Set(body.results.map((r) => r.artist_slug))).toEqual(new Set([slug]));
  });

  it('narrows with the filters and counts each category within the artist\'s works', async () => {
    const { slug, category } = await busiest();
    const qs = `artist=${slug}&product_category=${category}&sort=newest`;
    const body = await search(qs);
    expect(body.count).toBe(await sqlCount(f.db, definitionOf(qs)));
    for (const { value, count } of body.facets.product_category) {
      expect([value, count]).toEqual([value, await sqlCount(f.db, definitionOf(`artist=${slug}&product_category=${value}`))]);
    }
    const total = body.facets.product_category.reduce((n, v) => n + v.count, 0);
    expect(total).toBe(await sqlCount(f.db, definitionOf(`artist=${slug}`)));
  });

  it('narrows the count and the price bars alike', async () => {
    const { slug } = await busiest();
    const { body: counted } = await getJson<{ count: number }>(f.app, `${S}_count/?artist=${slug}&in_sale=on`);
    expect(counted.count).toBe(await sqlCount(f.db, definitionOf(`artist=${slug}&in_sale=on`)));
    const { body: bars } = await getJson<{ results: { count: number }[] }>(f.app, `${S}_prices/?artist=${slug}&price_max=500`);
    expect(bars.results.reduce((n, b) => n + b.count, 0)).toBe(await sqlCount(f.db, definitionOf(`artist=${slug}`)));
  });

  it('answers an unknown artist with no works, not an error', async () => {
    expect(await search('artist=nobody-at-all')).toMatchObject({ results: [], count: 0, num_pages: 0 });
  });
});

describe('facets', () => {
  it('are disjunctive inside a section: choosing red still counts blue', async () => {
    const qs = 'colours=red&product_category=painting&limit=100';
    const body = await search(qs);
    const blue = body.facets.colours.find((v) => v.value === 'blue')!;
    expect(blue.count).toBe(await sqlCount(f.db, definitionOf('colours=blue&product_category=painting')));
    expect(blue.count).toBeGreaterThan(0);
    const red = body.facets.colours.find((v) => v.value === 'red')!;
    expect(red.count).toBe(body.count);
  });

  it('count each destination as its own choice when free shipping is on', async () => {
    const body = await search('ships_to=US&free_shipping=true&limit=100');
    expect(body.facets.ships_to.find((v) => v.value === 'US')!.count).toBe(body.count);
    for (const country of ['GB', 'FR', 'DE']) {
      const shown = body.facets.ships_to.find((v) => v.value === country)?.count ?? 0;
      expect(shown).toBe(await sqlCount(f.db, definitionOf(`ships_to=${country}&free_shipping=true`)));
    }
  });

  it('are conjunctive across sections', async () => {
    const body = await search('colours=red&product_category=painting&limit=100');
    const sculpture = body.facets.product_category.find((v) => v.value === 'sculpture')!;
    expect(sculpture.count).toBe(await sqlCount(f.db, definitionOf('colours=red&product_category=sculpture')));
    const nude = body.facets.subject.find((v) => v.value === 'nude')!;
    expect(nude.count).toBe(await sqlCount(f.db, definitionOf('colours=red&product_category=painting&subject=nude')));
  });

  it('count whole categories and subcategories as one section, each value as its own choice', async () => {
    const body = await search('product_category=sculpture&painting=oil&colours=red&limit=100');
    for (const { value, count } of body.facets.product_category) {
      expect([value, count]).toEqual([value, await sqlCount(f.db, definitionOf(`product_category=${value}&colours=red`))]);
    }
    for (const category of ['painting', 'sculpture'] as const) {
      const list = body.facets[category];
      expect(list).toHaveLength(CATEGORIES[category].length);
      for (const { value, count } of list) {
        expect([category, value, count]).toEqual([category, value, await sqlCount(f.db, definitionOf(`${category}=${value}&colours=red`))]);
      }
    }
  });

  it.each([
    ['size_', 'size_=small', (v: string) => `size_=${v}`],
    ['shape', 'shape=square', (v: string) => `shape=${v}`],
    ['ships_to', 'ships_to=US', (v: string) => `ships_to=${v}`],
    ['ships_from', 'ships_from=GB', (v: string) => `ships_from=${v}`],
    ['painting', 'painting=oil', (v: string) => `painting=${v}`],
    ['style', 'style=folk&subject=nature', (v: string) => `style=${v}&subject=nature`],
  ])('%s counts match SQL for every value', async (param, qs, with_) => {
    const body = await search(`${qs}&limit=100`);
    const list = (body.facets as unknown as Record<string, { value: string; count: number }[]>)[param]!;
    expect(list.length).toBeGreaterThan(1);
    for (const { value, count } of list.slice(0, 8)) {
      expect([value, count]).toEqual([value, await sqlCount(f.db, definitionOf(with_(value)))]);
    }
  });

  it('count the toggles and free shipping to ships_to', async () => {
    const body = await search('ships_to=FR&colours=green');
    expect(body.facets.in_sale).toEqual([{ value: 'on', count: await sqlCount(f.db, definitionOf('ships_to=FR&colours=green&in_sale=on')) }]);
    expect(body.facets.free_shipping).toEqual([{ value: 'true', count: await sqlCount(f.db, definitionOf('ships_to=FR&colours=green&free_shipping=true')) }]);
    expect(body.facets.has_fine_art_prints[0]!.count).toBe(await sqlCount(f.db, definitionOf('ships_to=FR&colours=green&has_fine_art_prints=true')));
  });

  it('cut list sections to `limit` values, most frequent first, keeping chosen ones', async () => {
    const body = await search('limit=3&colours=gold');
    expect(body.facets.subject).toHaveLength(3);
    expect(body.facets.subject[0]!.count).toBeGreaterThanOrEqual(body.facets.subject[2]!.count);
    expect(body.facets.colours.map((v) => v.value)).toContain('gold');
    expect(body.facets.painting).toHaveLength(3);
    expect((await search('limit=100')).facets.painting).toHaveLength(CATEGORIES.painting.length);
  });

  it('give price bounds in the requested currency, the price filter left out', async () => {
    for (const currency of ['GBP', 'USD', 'EUR', 'CAD', 'AUD'] as const) {
      const qs = `currency=${currency}&product_category=prints&price_min=100&price_max=120`;
      const [body, range] = await Promise.all([search(qs), sqlPriceRange(f.db, definitionOf(qs))]);
      expect(body.facets.price).toEqual({ currency, min: Math.floor(range.min / 100), max: Math.ceil(range.max / 100) });
    }
    const [gbp, usd] = await Promise.all([search('product_category=prints'), search('product_category=prints&currency=USD')]);
    expect(usd.facets.price!.max).toBeCloseTo(gbp.facets.price!.max * DEFAULT_GBP_RATES.USD, -1);
  });
});

describe('_prices', () => {
  it.each(['', 'colours=red', 'currency=USD&price_min=100&price_max=200&product_category=painting', 'currency=AUD&ships_to=AU'])(
    'bars for ?%s sum to the count without the price filter',
    async (qs) => {
      const { body } = await getJson<{ currency: string; results: { min: number; max: number | null; count: number }[] }>(f.app, `${S}_prices/?${qs}`);
      const d = definitionOf(qs);
      expect(body.currency).toBe(d.currency);
      const sum = body.results.reduce((s, b) => s + b.count, 0);
      expect(sum).toBe(await sqlCount(f.db, d, ['price']));
      expect(body.results.at(-1)!.max).toBeNull();
    },
  );

  it('count each bar as the catalogue does, in the requested currency', async () => {
    const { body } = await getJson<{ results: { min: number; max: number | null; count: number }[] }>(f.app, `${S}_prices/?currency=USD`);
    for (const bar of body.results.slice(1, 6)) {
      // Bars are half-open [min, max): all of [min, max] less the works priced exactly max.
      const closed = await sqlCount(f.db, definitionOf(`currency=USD&price_min=${bar.min}&price_max=${bar.max}`));
      const atMax = await sqlCount(f.db, definitionOf(`currency=USD&price_min=${bar.max}&price_max=${bar.max}`));
      expect(bar.count).toBe(closed - atMax);
    }
  });
});

describe('pagination', () => {
  it('pages through without overlap, the last page partial, past the end empty', async () => {
    const qs = 'product_category=sculpture&paginate=50&sort=newest';
    const first = await search(qs);
    expect(first.results).toHaveLength(50);
    const last = await search(`${qs}&page=${first.num_pages}`);
    expect(last.results).toHaveLength(first.count - (first.num_pages - 1) * 50);
    expect(last.page).toBe(first.num_pages);
    const second = await search(`${qs}&page=2`);
    expect(new Set([...first.results, ...second.results].map((r) => r.id)).size).toBe(100);
    const beyond = await search(`${qs}&page=${first.num_pages + 1}`);
    expect(beyond).toMatchObject({ results: [], count: first.count, page: first.num_pages + 1 });
  });

  it('defaults to 60 a page and allows 120', async () => {
    expect((await search('')).results).toHaveLength(60);
    expect((await search('paginate=120')).results).toHaveLength(120);
    expect((await search('page=1000&paginate=120')).results).toHaveLength(0);
  });
});

describe('sort orders', () => {
  const effective = (r: SearchResponse['results'][number]) => r.sale_prices?.GBP ?? r.prices.GBP;

  it('price_asc and price_desc order by what the shopper pays', async () => {
    const asc = (await search('sort=price_asc&paginate=120&colours=blue')).results.map(effective);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search('sort=price_desc&paginate=120&colours=blue')).results.map(effective);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('with search words, price_asc and price_desc still order every page by price', async () => {
    // "blue" is found in titles and in colours: however well each work matches the
    // word, a shopper who sorts by price sees one order, not one per kind of match.
    for (const [sort, inOrder] of [['price_asc', (a: number, b: number) => a - b], ['price_desc', (a: number, b: number) => b - a]] as const) {
      const pages = await Promise.all([1, 2].map((page) => search(`q=blue&sort=${sort}&paginate=60&page=${page}`)));
      expect(pages[0]!.count).toBeGreaterThan(60);
      const prices = pages.flatMap((p) => p.results.map(effective));
      expect(prices).toEqual([...prices].sort(inOrder));
    }
  });

  it('newest and popular agree with the catalogue', async () => {
    const newest = (await search('sort=newest&paginate=10&product_category=drawing')).results.map((r) => r.id);
    expect(newest).toEqual(await sqlIds(f.db, definitionOf('product_category=drawing'), sql`w.created_at DESC`, 10));
    const popular = (await search('sort=popular&paginate=5')).results.map((r) => r.id);
    expect(popular).toEqual(await sqlIds(f.db, definitionOf(''), sql`w.popularity DESC, w.id`, 5));
  });

  it('text queries find works by artist name', async () => {
    const { rows } = await sql<{ name: string; n: number }>`SELECT a.name, COUNT(*) AS n FROM artworks w JOIN artists a ON a.id = w.artist_id WHERE w.status = 'available' GROUP BY a.id ORDER BY n DESC LIMIT 1`.execute(f.db);
    const body = await search(`q=${encodeURIComponent(rows[0]!.name)}&paginate=5`);
    expect(body.results[0]!.artist_name).toBe(rows[0]!.name);
  });
});

describe('product cards', () => {
  it('carry the card fields, five prices and free shipping to ships_to', async () => {
    const body = await search('in_sale=on&paginate=5&ships_to=GB');
    for (const card of body.results) {
      expect(card.url).toBe(`/product/${card.slug}/`);
      expect(Object.keys(card.prices).sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'USD']);
      expect(card.sale_prices!.GBP).toBeLessThan(card.prices.GBP);
      expect(card.ships_free).toBe(card.free_shipping_to.includes('GB'));
    }
  });
});

describe('the shopper\'s country', () => {
  it('is what free shipping, its count and each card\'s ships_free are judged against, unless a ships-to country is chosen', async () => {
    const freeCounts: Record<string, number> = {};
    for (const [qs, country] of [['country=US', 'US'], ['country=US&ships_to=FR', 'FR'], ['country=GB', 'GB'], ['', 'GB']] as const) {
      const body = await search(`${qs}&paginate=120&sort=price_asc`);
      for (const card of body.results) expect(card.ships_free, `${qs}: ${card.slug}`).toBe(card.free_shipping_to.includes(country));
      expect(body.results.some((card) => card.ships_free), qs).toBe(true);
      freeCounts[qs] = body.facets.free_shipping[0]!.count;
      expect(freeCounts[qs], qs).toBe(await sqlCount(f.db, definitionOf(`${qs}&free_shipping=true`)));
    }
    // The same works, counted for another country.
    expect(freeCounts['country=US']).not.toBe(freeCounts['']);
    expect(freeCounts['country=GB']).toBe(freeCounts['']);
    expect((await search('country=US')).count).toBe((await search('')).count);
  });

  it('is refused in words when it is not a country code', async () => {
    const res = await f.app.request(`${S}?country=usa`);
    expect(res.status).toBe(400);
    expect((await res.json() as { error: { param: string; message: string } }).error).toMatchObject({ param: 'country', message: expect.stringContaining('country code') });
  });
});

describe('HTTP behaviour', () => {
  it('sends gallery cache headers and an ETag, and 304 on If-None-Match', async () => {
    const res = await f.app.request(`${S}?colours=red`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=21600');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await f.app.request(`${S}?colours=red`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves paths with or without the trailing slash', async () => {
    expect((await f.app.request('/api/v2/product/s/_count?colours=red')).status).toBe(200);
    expect((await f.app.request('/api/v2/product/s?colours=red')).status).toBe(200);
  });

  it('serves an OpenAPI description generated from the contract', async () => {
    const { status, body } = await getJson(f.app, `${S}openapi.json`);
    expect(status).toBe(200);
    const params = body.paths['/api/v2/product/s/'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'sort', 'page', 'paginate', 'limit', 'currency', 'painting', 'colours', 'ships_to', 'artist']));
  });

  it('answers 404 as JSON for unknown paths', async () => {
    const { status, body } = await getJson(f.app, '/nope');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });

  it('reports the engine healthy', async () => {
    expect((await f.app.request('/healthz')).status).toBe(200);
  });
});

describe('hostile input gets a 400 naming the parameter', () => {
  it.each([
    ['paginate=abc', 'paginate'],
    ['paginate=100000', 'paginate'],
    ['page=-1', 'page'],
    ['page=99999999999', 'page'],
    ['sort=random', 'sort'],
    ['sort=price_asc&sort=price_desc', 'sort'],
    ['currency=BTC', 'currency'],
    ['price_min=-5', 'price_min'],
    ['price_min=900&price_max=10', 'price_max'],
    ['width_min=NaN', 'width_min'],
    ['height_min=80&height_max=20', 'height_max'],
    ['size_=%22small%22', 'size_'],
    ['colours=red%22%20OR%20colours%3D%22blue', 'colours'],
    ['subject=nude)%20OR%20(1', 'subject'],
    ['product_boost=Sea%20View', 'product_boost'],
    ['multiple_product_boost=a%22%20OR%20slug%20!%3D%20%22b', 'multiple_product_boost'],
    ['ships_to=GB%22%20OR%20ships_to%3D%22US', 'ships_to'],
    ['ships_from=_geoRadius(1,2,3)', 'ships_from'],
    ['in_sale=yes', 'in_sale'],
    ['verified_advertising_safe=false', 'verified_advertising_safe'],
    ['product_category=furniture', 'product_category'],
    ['prints=oil', 'prints'],
    ['q=%C0%AF', 'q'],
    ['q=%ZZ', 'q'],
    ['q=sea%22%20OR%20%22', 'q'],
    [`q=${'x'.repeat(500)}`, 'q'],
    ['filter=status%20%3D%20sold', 'filter'],
    // No highlighting is offered, so no highlight tags are accepted, however harmless.
    ['highlightPreTag=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'highlightPreTag'],
    ['highlightPostTag=%3Cmark%3E', 'highlightPostTag'],
    ['%FF=1', '%FF'],
    ['artist=ada%22%20OR%20artist_slug%20!%3D%20%22x', 'artist'],
    ['artist=Ada_Lovelace', 'artist'],
  ])('?%s -> 400 %s', async (qs, param) => {
    for (const path of [S, `${S}_count/`, `${S}_prices/`]) {
      const { status, body, headers } = await getJson(f.app, `${path}?${qs}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.param).toBe(param);
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('refusals in American English', () => {
  it('names the parameter as American English spells it for a client asking with Accept-Language: en-US', async () => {
    const ask = async (language: string) =>
      ((await (await f.app.request(`${S}?colours=teal`, { headers: { 'Accept-Language': language } })).json()) as { error: { message: string } }).error.message;
    expect(await ask('en-US,en;q=0.9')).toMatch(/^Color \(colours\) must be one of /);
    expect(await ask('en-GB')).toMatch(/^Colour \(colours\) must be one of /);
  });
});

describe('boosted works', () => {
  it('lead the first page when they match, and the pages still hold every match once', async () => {
    const qs = 'product_category=sculpture&sort=newest&paginate=20';
    const plain = await search(qs);
    const later = plain.results.slice(5, 8).map((r) => r.slug);
    const elsewhere = (await search('product_category=painting&paginate=1')).results[0]!.slug;
    const boost = `product_boost=${later[2]}&multiple_product_boost=${later[0]}&multiple_product_boost=${later[1]}&multiple_product_boost=${elsewhere}`;
    const first = await search(`${qs}&${boost}`);
    // The single boost first, then the others in the search's own order; a work that does not match is not shown.
    expect(first.results.slice(0, 3).map((r) => r.slug)).toEqual([later[2], later[0], later[1]]);
    expect(first.results.map((r) => r.slug)).not.toContain(elsewhere);
    expect(first.count).toBe(plain.count);
    expect(first.facets).toEqual(plain.facets);
    const pages = [first];
    for (let page = 2; page <= first.num_pages; page++) pages.push(await search(`${qs}&${boost}&page=${page}`));
    const slugs = pages.flatMap((p) => p.results.map((r) => r.slug));
    expect(slugs).toHaveLength(plain.count);
    expect(new Set(slugs).size).toBe(plain.count);
  });

  it('leave the count and the price bars as they are', async () => {
    const boost = `product_boost=${(await search('paginate=1')).results[0]!.slug}`;
    expect((await getJson(f.app, `${S}_count/?colours=red&${boost}`)).body).toEqual((await getJson(f.app, `${S}_count/?colours=red`)).body);
    expect((await getJson(f.app, `${S}_prices/?colours=red&${boost}`)).body).toEqual((await getJson(f.app, `${S}_prices/?colours=red`)).body);
  });
});

describe('one way in', () => {
  it('has no engine-shaped endpoint: a multi-search body is not taken', async () => {
    const res = await f.app.request(`${S}meili/multi-search`, { method: 'POST', body: JSON.stringify({ queries: [{ q: '' }] }) });
    expect(res.status).toBe(404);
  });
});
