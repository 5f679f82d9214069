import { describe, expect, it } from 'vitest';
import { vetCondition, vetMultiSearch } from './instantsearch-proxy';

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
    expect(vetCondition(input, 'f')).toBe(expected);
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
    expect(() => vetCondition(input, 'f')).toThrow();
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

  it.each([
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
  ])('refuses %j naming %s', (body, param) => {
    const r = vetMultiSearch(body, 'artworks');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.param).toBe(param);
  });
});
