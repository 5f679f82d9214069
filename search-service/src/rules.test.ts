import { describe, expect, it } from 'vitest';
import type { RuleDocument } from '@easel/indexer/rules-index';
import { definitionOf } from '../test/fixture';
import { matchRules, NO_LEVERS } from './rules';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const rule = (id: number, fields: Partial<RuleDocument>): RuleDocument => ({
  id, query: null, category: null, pins: [], hides: [], banner: null, starts_ms: null, ends_ms: null, version: `v${id}`, ...fields,
});

describe('matchRules', () => {
  const cat = rule(1, { query: 'cat', pins: [{ slug: 'a', position: 3 }, { slug: 'b', position: 1 }], hides: ['c'] });
  const oil = rule(2, { category: 'painting/oil', pins: [{ slug: 'c', position: 1 }, { slug: 'a', position: 9 }], banner: { title: 'Oils', url: '/shop/painting/oil/' } });
  const catInOil = rule(3, { query: 'cat', category: 'painting/oil', hides: ['d'] });
  const later = rule(4, { query: 'cat', hides: ['e'], starts_ms: NOW + 1 });
  const ended = rule(5, { query: 'cat', hides: ['f'], ends_ms: NOW });
  const rules = [cat, oil, catInOil, later, ended];

  it.each([
    ['words however typed', 'q=%20Cat%20', { pins: cat.pins, hides: ['c'], banner: null, key: '1@v1' }],
    ['a category address', 'painting=oil&colours=red', { pins: oil.pins, hides: [], banner: oil.banner, key: '2@v2' }],
    ['both, merged in rule order: hidden wins over pinned, a slug pinned once', 'q=cat&painting=oil', {
      pins: [{ slug: 'a', position: 3 }, { slug: 'b', position: 1 }], hides: ['c', 'd'], banner: oil.banner, key: '1@v1,2@v2,3@v3',
    }],
  ])('matches %s', (_, qs, expected) => {
    expect(matchRules(definitionOf(qs), rules, NOW)).toEqual(expected);
  });

  it.each([
    ['other words', 'q=cats'],
    ['a wider category', 'product_category=painting'],
    ['two subcategories', 'painting=oil&painting=acrylic'],
    ["an artist's page", 'q=cat&artist=ada-lovelace'],
  ])('leaves alone %s', (_, qs) => {
    expect(matchRules(definitionOf(qs), rules, NOW)).toEqual(NO_LEVERS);
  });

  it('applies a rule from its start to just before its end', () => {
    expect(matchRules(definitionOf('q=cat'), [later], NOW + 1).hides).toEqual(['e']);
    expect(matchRules(definitionOf('q=cat'), [ended], NOW - 1).hides).toEqual(['f']);
  });
});
