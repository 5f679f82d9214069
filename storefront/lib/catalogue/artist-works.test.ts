import { describe, expect, it } from 'vitest';
import { ARTIST_WORKS_PER_PAGE, artistWorksUrl, isDefaultChoice, parseArtistWorksQuery } from './artist-works';

describe('parseArtistWorksQuery', () => {
  it('scopes the search to the artist, a page of works at a time', () => {
    expect(parseArtistWorksQuery('ada-lovelace', {})).toMatchObject({
      artist: 'ada-lovelace', paginate: ARTIST_WORKS_PER_PAGE, page: 1, sort: 'best_match', product_category: [],
    });
  });

  it('takes a category, an order and a page from the address', () => {
    expect(parseArtistWorksQuery('ada-lovelace', { product_category: 'painting', sort: 'newest', page: '2' })).toMatchObject({
      artist: 'ada-lovelace', product_category: ['painting'], sort: 'newest', page: 2,
    });
  });

  it.each([
    [{ product_category: 'furniture', sort: 'newest' }, { product_category: [], sort: 'newest' }],
    [{ page: '0', sort: 'cheapest' }, { page: 1, sort: 'best_match' }],
    [{ page: ['2', '3'] }, { page: 1 }],
    [{ page: '99999999999999' }, { page: 1 }],
    [{ sort: '"><script>' }, { sort: 'best_match' }],
  ])('leaves out what does not parse: %j', (query, expected) => {
    expect(parseArtistWorksQuery('ada-lovelace', query)).toMatchObject({ artist: 'ada-lovelace', ...expected });
  });

  it("ignores every other parameter, the search's own included", () => {
    const def = parseArtistWorksQuery('ada-lovelace', { artist: 'someone-else', paginate: '120', colours: 'red', q: 'sea', utm_source: 'mail', currency: 'USD' });
    expect(def).toMatchObject({ artist: 'ada-lovelace', paginate: ARTIST_WORKS_PER_PAGE, colours: [], currency: 'GBP' });
    expect(def.q).toBeUndefined();
  });
});

describe('artistWorksUrl', () => {
  it.each([
    [{}, '/artist/ada-lovelace/'],
    [{ product_category: [], sort: 'best_match' as const, page: 1 }, '/artist/ada-lovelace/'],
    [{ product_category: ['painting' as const], sort: 'newest' as const, page: 2 }, '/artist/ada-lovelace/?sort=newest&page=2&product_category=painting'],
  ])('%j -> %s', (choice, url) => {
    expect(artistWorksUrl('ada-lovelace', choice)).toBe(url);
  });

  it('writes only the choice, never the scope or page size', () => {
    expect(artistWorksUrl('ada-lovelace', parseArtistWorksQuery('ada-lovelace', { sort: 'newest' }))).toBe('/artist/ada-lovelace/?sort=newest');
  });

  it('round-trips through parsing', () => {
    const def = parseArtistWorksQuery('ada-lovelace', { product_category: 'drawing', sort: 'price_desc', page: '3' });
    const url = new URL(artistWorksUrl('ada-lovelace', def), 'http://x');
    const again = parseArtistWorksQuery('ada-lovelace', Object.fromEntries(url.searchParams));
    expect(again).toEqual(def);
  });
});

describe('isDefaultChoice', () => {
  it.each([
    [{}, true],
    [{ page: '2' }, false],
    [{ sort: 'newest' }, false],
    [{ product_category: 'painting' }, false],
  ])('%j: %s', (query, expected) => {
    expect(isDefaultChoice(parseArtistWorksQuery('ada-lovelace', query))).toBe(expected);
  });
});
