import { describe, expect, it } from 'vitest';
import { relatedSearches, suggestSearches } from './popular-searches';

const popular = ['cat', 'seascape', 'black cat', 'catalan coast', 'sea', 'sofa art', 'abstract blue'].map((query) => ({ query }));

describe('suggestSearches', () => {
  it.each([
    ['Ca', 3, ['cat', 'catalan coast', 'black cat']],
    ['  SEA', 5, ['seascape', 'sea']],
    ['blue', 5, ['abstract blue']],
    ['zz', 5, []],
    ['   ', 5, []],
  ])('for %j offers %j', (typed, limit, expected) => {
    expect(suggestSearches(popular, typed as string, limit as number)).toEqual(expected);
  });
});

describe('relatedSearches', () => {
  it('offers the synonyms of the search first, either way round, then searches sharing a word, then the most popular', () => {
    expect(relatedSearches('Kitty', { kitty: ['cat'] }, popular, 4)).toEqual(['cat', 'black cat', 'seascape', 'catalan coast']);
    expect(relatedSearches('living room', { 'sofa art': ['living room'] }, popular, 2)).toEqual(['sofa art', 'cat']);
  });

  it('offers synonyms of each word, never the search itself', () => {
    expect(relatedSearches('kitty portrait', { kitty: ['cat'] }, popular, 3)).toEqual(['cat', 'black cat', 'seascape']);
    expect(relatedSearches('cat', {}, popular, 2)).toEqual(['black cat', 'seascape']);
  });
});
