import { describe, expect, it } from 'vitest';
import { vetCondition, vetMultiSearch } from './instantsearch-proxy';
import { CARD_ATTRIBUTES } from './meili-request';

describe('vetCondition', () => {
  it.each([
    ['"colours"="red"', 'colours = "red"'],
    ['colours = red', 'colours = "red"'],
    ['"category_path"="painting:oil"', 'category_path = "painting:oil"'],
    ['"in_sale"="true"', 'in_sale = true'],
    ['"price_gbp">=100', 'price_gbp >= 100'],
    ['"width_cm" 10 TO 50', 'width_cm 10 TO 50'],
    ['"artist_slug"!="ann-lee"', 'artist_slug != "ann-lee"'],
  ])('%s -> %s', (input, expected) => {
    expect(vetCondition(input)).toBe(expected);
  });

  it.each([
    '"status"="sold"',
    'colours = "red" OR status = "sold"',
    '"colours"="red\\" OR status=\\"sold"',
    'NOT colours = red',
    '(colours = red)',
    'colours IN [red, blue]',
    '_geoRadius(1, 2, 3)',
    'colours EXISTS',
    '"price_gbp"="100"',
    '"colours">=1',
    '"price_gbp">=1e9',
    '"price_gbp">=100 AND 1',
  ])('refuses %s', (input) => {
    expect(() => vetCondition(input)).toThrow();
  });
});

describe('vetMultiSearch', () => {
  it('rewrites the index, re-builds filters, bounds pages, keeps card fields and drops the rest', () => {
    const r = vetMultiSearch({
      queries: [{
        indexUid: 'secret', q: 'sea', filter: [['"colours"="red"', '"colours"="blue"'], '"price_gbp"<=5000'],
        facets: ['colours'], hitsPerPage: 20, page: 2, attributesToRetrieve: ['title', 'status'], showRankingScore: true,
        federationOptions: { weight: 2 }, hybrid: { embedder: 'x' },
      }],
      federation: {},
    }, 'artworks');
    expect(r).toEqual({ ok: true, body: { queries: [{
      indexUid: 'artworks', q: 'sea', filter: [['colours = "red"', 'colours = "blue"'], 'price_gbp <= 5000'],
      facets: ['colours'], hitsPerPage: 20, page: 2, attributesToRetrieve: ['title'],
    }] } });
  });

  it('fills the bounds a client leaves out, and drops nulls and bad optional fields', () => {
    const r = vetMultiSearch({
      queries: [{ q: null, filter: '"in_sale"=true', page: null, highlightPreTag: '<em>', highlightPostTag: 'x'.repeat(65), cropLength: 0, matchingStrategy: 'any' }],
    }, 'artworks');
    expect(r).toEqual({ ok: true, body: { queries: [{
      indexUid: 'artworks', filter: ['in_sale = true'], limit: 20, attributesToRetrieve: CARD_ATTRIBUTES, highlightPreTag: '<em>',
    }] } });
  });

  it.each([
    ['a string', 'body'],
    [{ queries: 'all' }, 'queries'],
    [{ queries: ['q'] }, 'queries[0]'],
    [{ queries: [{ page: '2' }] }, 'queries[0].page'],
    [{ queries: [{ filter: ['colours = red', '"status"="sold"'] }] }, 'queries[0].filter[1]'],
    [{}, 'queries'],
    [{ queries: [] }, 'queries'],
    [{ queries: Array.from({ length: 21 }, () => ({})) }, 'queries'],
    [{ queries: [{ facets: ['*'] }] }, 'queries[0].facets'],
    [{ queries: [{ facets: ['status'] }] }, 'queries[0].facets'],
    [{ queries: [{ hitsPerPage: 10000 }] }, 'queries[0].hitsPerPage'],
    [{ queries: [{ limit: 1e6 }] }, 'queries[0].limit'],
    [{ queries: [{ page: 5000 }] }, 'queries[0].page'],
    [{ queries: [{ offset: -1 }] }, 'queries[0].offset'],
    [{ queries: [{ sort: ['title:asc'] }] }, 'queries[0].sort'],
    [{ queries: [{ filter: 'status = sold' }] }, 'queries[0].filter'],
    [{ queries: [{ filter: [['colours = red', { a: 1 }]] }] }, 'queries[0].filter[0][1]'],
    [{ queries: [{ q: 'x'.repeat(300) }] }, 'queries[0].q'],
    // JSON.parse accepts "\ud800"; the engine refuses the body it ends up in (found by the fuzz suite).
    [JSON.parse('{ "queries": [{ "q": "sea \\ud800" }] }'), 'queries[0].q'],
  ])('refuses %j naming %s', (body, param) => {
    const r = vetMultiSearch(body, 'artworks');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.param).toBe(param);
  });

  it('drops a highlight tag that is not valid Unicode, as any other bad tag', () => {
    const r = vetMultiSearch(JSON.parse('{ "queries": [{ "q": "sea", "highlightPreTag": "\\udfff" }] }'), 'artworks');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.body.queries[0]).not.toHaveProperty('highlightPreTag');
  });
});
