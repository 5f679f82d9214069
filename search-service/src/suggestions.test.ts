import { describe, expect, it } from 'vitest';
import { DEFAULT_DEFINITION, toQueryString, type GallerySearchDefinition } from './contract';
import { MAX_WORD_REMOVALS, activeGroups, removals, widen } from './suggestions';

const def = (changes: Partial<GallerySearchDefinition>): GallerySearchDefinition => ({ ...DEFAULT_DEFINITION, ...changes });

describe('removals', () => {
  it('lists each search word, then each active filter group in panel order', () => {
    const search = def({ q: 'blue sea blue', colours: ['teal', 'red'], price_max: 500, in_sale: true, painting: ['oil'] });
    expect(activeGroups(search)).toEqual(['price', 'in_sale', 'category', 'colours']);
    expect(removals(search)).toEqual([
      { kind: 'word', word: 'blue' },
      { kind: 'word', word: 'sea' },
      { kind: 'filter', filter: 'price' },
      { kind: 'filter', filter: 'in_sale' },
      { kind: 'filter', filter: 'category' },
      { kind: 'filter', filter: 'colours' },
    ]);
  });

  it('offers nothing for the search with nothing set, and at most MAX_WORD_REMOVALS words', () => {
    expect(removals(DEFAULT_DEFINITION)).toEqual([]);
    const words = Array.from({ length: 12 }, (_, i) => `w${i}`);
    expect(removals(def({ q: words.join(' ') }))).toHaveLength(MAX_WORD_REMOVALS);
  });
});

describe('widen', () => {
  it('drops a whole group, from page 1, keeping the rest', () => {
    const search = def({ q: 'sea', colours: ['teal', 'red'], size_: ['large'], width_min: 40, page: 3 });
    expect(toQueryString(widen(search, { kind: 'filter', filter: 'colours' }))).toBe('q=sea&size_=large&width_min=40');
    expect(toQueryString(widen(search, { kind: 'filter', filter: 'size' }))).toBe('q=sea&colours=red&colours=teal');
  });

  it('drops a category with its subcategories', () => {
    const search = def({ product_category: ['painting', 'sculpture'], painting: ['oil'], style: ['folk'] });
    expect(toQueryString(widen(search, { kind: 'filter', filter: 'category' }))).toBe('style=folk');
  });

  it('drops free shipping with the ships-to country, as the panel does', () => {
    const search = def({ ships_to: 'FR', free_shipping: true, in_sale: true });
    expect(toQueryString(widen(search, { kind: 'filter', filter: 'ships_to' }))).toBe('in_sale=on');
    expect(toQueryString(widen(search, { kind: 'filter', filter: 'free_shipping' }))).toBe('in_sale=on&ships_to=FR');
  });

  it('drops one search word, or the search words when it was the only one', () => {
    expect(widen(def({ q: 'blue sea blue' }), { kind: 'word', word: 'blue' }).q).toBe('sea');
    expect(widen(def({ q: 'sea' }), { kind: 'word', word: 'sea' })).not.toHaveProperty('q');
  });
});
