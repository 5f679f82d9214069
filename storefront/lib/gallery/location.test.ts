import { describe, expect, it } from 'vitest';
import { toQueryString } from '@easel/search-service/contract';
import { buildRateMatrix } from '@easel/shared/currency';
import { galleryUrl, inCurrency, isIndexable, landingOf, parseGalleryQuery, parseLandingPath, readGalleryPage } from './location';

const parse = (path: string[], query: Record<string, string | string[]>, currency: 'GBP' | 'EUR' = 'GBP', country = 'GB') => {
  const landing = parseLandingPath(path);
  if (!landing) throw new Error(`no landing page at ${path.join('/')}`);
  return parseGalleryQuery(landing, query, { currency, country });
};

describe('parseLandingPath', () => {
  it.each([
    [[], {}],
    [['painting'], { category: 'painting' }],
    [['painting', 'oil'], { category: 'painting', subcategory: 'oil' }],
    [['sculpture', 'mixed-media'], { category: 'sculpture', subcategory: 'mixed-media' }],
  ])('%j names %j', (segments, landing) => {
    expect(parseLandingPath(segments)).toEqual(landing);
  });

  it.each([[['paintings']], [['painting', 'bronze']], [['painting', 'oil', 'extra']], [['..']]])('%j names no landing page', (segments) => {
    expect(parseLandingPath(segments)).toBeNull();
  });
});

describe('parseGalleryQuery', () => {
  it('joins the path category to the query', () => {
    const { definition, dropped } = parse(['painting', 'oil'], { colours: 'blue' });
    expect(definition.product_category).toEqual(['painting']);
    expect(definition.painting).toEqual(['oil']);
    expect(definition.colours).toEqual(['blue']);
    expect(dropped).toEqual([]);
  });

  it('drops what does not parse and names it, keeping the rest', () => {
    const { definition, dropped } = parse(['painting'], { colours: ['blue', 'plaid'], page: 'x', sort: 'newest', junk: '1', price_min: '-5' });
    expect(dropped.sort()).toEqual(['colours', 'junk', 'page', 'price_min']);
    expect(definition).toMatchObject({ sort: 'newest', page: 1, product_category: ['painting'], colours: [] });
    expect(definition.price_min).toBeUndefined();
  });

  it('drops an inverted range by its upper bound', () => {
    const { definition, dropped } = parse([], { price_min: '500', price_max: '100' });
    expect(dropped).toEqual(['price_max']);
    expect(definition).toMatchObject({ price_min: 500 });
    expect(definition.price_max).toBeUndefined();
  });

  it("uses the shopper's currency unless the address names a valid one", () => {
    expect(parse([], {}, 'EUR').definition.currency).toBe('EUR');
    expect(parse([], { currency: 'USD' }, 'EUR').definition.currency).toBe('USD');
    const bad = parse([], { currency: 'XYZ' }, 'EUR');
    expect(bad.definition.currency).toBe('EUR');
    expect(bad.dropped).toEqual(['currency']);
  });

  it("leaves out the artist page's artist scope, which the panel could not show or remove", () => {
    const { definition, dropped } = parse(['painting'], { artist: 'ada-lovelace', colours: 'blue' });
    expect(dropped).toEqual(['artist']);
    expect(definition.artist).toBeUndefined();
    expect(definition.colours).toEqual(['blue']);
    expect(galleryUrl(definition, 'GBP')).toBe('/shop/painting/?colours=blue');
  });

  it('leaves the language to the page shell: not searched, not reported as left out', () => {
    const { definition, dropped } = parse([], { language: 'en-us', colours: 'blue' });
    expect(dropped).toEqual([]);
    expect(galleryUrl(definition, 'GBP')).toBe('/shop/?colours=blue');
  });

  it('never fails on junk names', () => {
    const { dropped } = parse([], { 'bad\u0000name': '1', '<script>': 'x' });
    expect(dropped).toHaveLength(2);
  });
});

describe('one form for a search with subcategories', () => {
  it.each([
    [['painting', 'oil'], {}],
    [[], { painting: 'oil' }],
    [[], { product_category: 'painting', painting: 'oil' }],
  ])('%j %j is the category with its subcategory, at /shop/painting/oil/', (path, query) => {
    const { definition } = parse(path, query);
    expect(definition).toMatchObject({ product_category: ['painting'], painting: ['oil'] });
    expect(galleryUrl(definition, 'GBP')).toBe('/shop/painting/oil/');
  });

  it('reads back from its address as it was', () => {
    const queries: Record<string, string | string[]>[] = [{ painting: ['oil', 'acrylic'] }, { product_category: ['sculpture', 'painting'], painting: 'oil' }];
    for (const query of queries) {
      const { definition } = parse([], query);
      const url = new URL(galleryUrl(definition, 'GBP'), 'http://x');
      const again = parse(url.pathname.split('/').slice(2).filter(Boolean), Object.fromEntries([...url.searchParams.keys()].map((k) => [k, url.searchParams.getAll(k)])));
      expect(toQueryString(again.definition)).toBe(toQueryString(definition));
    }
  });
});

describe('readGalleryPage', () => {
  it.each([
    // A visitor: the address's currency, when it parses, searches and stays in the address.
    [{ currency: 'USD' }, { currency: 'EUR', country: 'GB', authenticated: false }, 'USD', true],
    [{ currency: 'xyz' }, { currency: 'EUR', country: 'GB', authenticated: false }, 'EUR', false],
    [{}, { currency: 'EUR', country: 'GB', authenticated: false }, 'EUR', false],
    // A signed-in user's own currency wins over the address's (SPEC §4).
    [{ currency: 'USD' }, { currency: 'EUR', country: 'GB', authenticated: true }, 'EUR', false],
  ] as const)('%j for %j searches in %s; the address keeps its currency: %s', (query, settings, currency, inAddress) => {
    const { location, currencyInAddress } = readGalleryPage({}, query, settings);
    expect(location.definition.currency).toBe(currency);
    expect(currencyInAddress).toBe(inAddress);
  });
});

describe('the shopper\'s country', () => {
  it('is searched with, free shipping being judged for it, and never read from or written to the address', () => {
    const { definition, dropped } = parse(['painting'], { colours: 'blue', country: 'FR' }, 'GBP', 'US');
    expect([definition.country, dropped]).toEqual(['US', []]);
    expect(galleryUrl(definition, 'GBP')).toBe('/shop/painting/?colours=blue');
    expect(isIndexable(parse(['painting'], {}, 'GBP', 'US').definition)).toBe(true);
  });
});

describe('galleryUrl', () => {
  it.each([
    [[], {}, '/shop/'],
    [['painting'], {}, '/shop/painting/'],
    [['painting', 'oil'], { colours: 'blue', page: '2' }, '/shop/painting/oil/?page=2&colours=blue'],
    [[], { product_category: ['painting', 'sculpture'] }, '/shop/?product_category=painting&product_category=sculpture'],
    [[], { painting: ['oil', 'acrylic'] }, '/shop/painting/?painting=acrylic&painting=oil'],
    [[], { product_category: 'sculpture', painting: 'oil' }, '/shop/?product_category=painting&product_category=sculpture&painting=oil'],
  ])('%j %j -> %s', (path, query, url) => {
    expect(galleryUrl(parse(path, query).definition, 'GBP')).toBe(url);
  });

  it("writes the currency only when it is not the shopper's", () => {
    const def = parse([], { currency: 'USD', price_min: '100' }).definition;
    expect(galleryUrl(def, 'USD')).toBe('/shop/?price_min=100');
    expect(galleryUrl(def, 'GBP')).toBe('/shop/?currency=USD&price_min=100');
  });

  it('round-trips through parsing (lists in canonical order)', () => {
    const def = parse(['drawing'], { subject: ['nude', 'animals'], ships_to: 'FR', free_shipping: 'true', sort: 'price_asc', width_min: '20.5' }).definition;
    const url = new URL(galleryUrl(def, 'GBP'), 'http://x');
    const again = parse(url.pathname.split('/').slice(2).filter(Boolean), Object.fromEntries([...url.searchParams.keys()].map((k) => [k, url.searchParams.getAll(k)])));
    expect(toQueryString(again.definition)).toBe(toQueryString(def));
  });
});

describe('landingOf and isIndexable', () => {
  it.each([
    [[], {}, true],
    [['painting'], {}, true],
    [['painting', 'oil'], {}, true],
    [['painting'], { colours: 'red' }, false],
    [['painting'], { page: '2' }, false],
    [['painting'], { sort: 'newest' }, false],
    [[], { q: 'sea' }, false],
    [[], { product_category: ['painting', 'drawing'] }, false],
  ])('%j %j indexable: %s', (path, query, indexable) => {
    expect(isIndexable(parse(path, query).definition)).toBe(indexable);
  });

  it('names the landing page a filtered search belongs to', () => {
    expect(landingOf(parse(['painting', 'oil'], { colours: 'red' }).definition)).toEqual({ category: 'painting', subcategory: 'oil' });
    expect(landingOf(parse([], { painting: ['oil', 'ink'] }).definition)).toEqual({ category: 'painting' });
    expect(landingOf(parse([], { product_category: ['painting', 'drawing'] }).definition)).toEqual({});
  });
});

describe('inCurrency', () => {
  const rates = buildRateMatrix({ GBP: 1, USD: 1.39, EUR: 1.18, CAD: 1.89, AUD: 2.09 });

  it('converts the price range at the prices\' rates, to whole units, keeping every other filter, on page 1', () => {
    const def = parse(['painting'], { price_min: '250', price_max: '1000', colours: 'blue', sort: 'newest', page: '3' }).definition;
    const usd = inCurrency(def, 'USD', rates);
    expect(usd).toEqual({ ...def, currency: 'USD', price_min: 348, price_max: 1390, page: 1 });
  });

  it('rounds as the price fields do, and leaves a range without bounds without them', () => {
    expect(inCurrency(parse([], { currency: 'USD', price_max: '100' }).definition, 'GBP', rates).price_max).toBe(72);
    const none = inCurrency(parse([], { colours: 'red' }).definition, 'EUR', rates);
    expect(none).not.toHaveProperty('price_min');
    expect(none).not.toHaveProperty('price_max');
    expect(galleryUrl(none, 'EUR')).toBe('/shop/?colours=red');
  });
});
