/// <reference path="../test/provided-context.d.ts" />
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INDEX_SETTINGS, meiliClient, succeeded, type SearchDocument } from '@easel/indexer';
import type { CountedAttribute } from '@easel/shared/search-attributes';
import { CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES, ORIENTATIONS, SIZE_BUCKETS, STYLES, SUBJECTS } from '@easel/shared/vocabulary';
import { ANY_KEY, alertKeys, compileFilter, definitionFilter, documentKeys, matches, parseCondition } from './alert-match';
import { parseGalleryParams, type GallerySearchDefinition } from './contract';
import { FILTERS, paramsOfRow } from './filters';
import { priceAttribute } from './meili-request';

/**
 * The matcher's one promise: over random definitions and random documents, matches(definition,
 * document) is exactly "the engine returns this document for this definition's filters". The
 * documents are drawn over the vocabulary (a few countries and artists, so searches find some);
 * the definitions are drawn row by row from the filter table, so a new filter is covered the
 * day it is added.
 */

const meili = meiliClient(inject('meili'));
const indexUid = `test_alert_match_${randomBytes(5).toString('hex')}`;
const COUNTRIES = ['GB', 'US', 'FR', 'DE', 'JP'] as const;
const ARTISTS = ['ada-lovelace', 'bo-hansen', 'cy-twombly'] as const;
const PRICE_STEPS = [0, 50, 100, 250, 500, 999, 1000, 1001, 2500, 10_000];
const CM_STEPS = ['10', '30', '40', '60.5', '80', '120', '200'];
const subsetOf = <T>(values: readonly T[], max = 3) => fc.uniqueArray(fc.constantFrom(...values), { maxLength: max });

/** A document holds every counted attribute: a new one fails to compile here until it is drawn. */
const documentArbitrary = (id: number) =>
  fc.record({
    category: fc.constantFrom(...CATEGORY_VALUES),
    subject: fc.constantFrom(...SUBJECTS),
    style: fc.constantFrom(...STYLES),
    colours: subsetOf(COLOUR_VALUES, 4),
    orientation: fc.constantFrom(...ORIENTATIONS),
    size_bucket: fc.constantFrom(...SIZE_BUCKETS),
    width_cm: fc.constantFrom(10, 30, 40, 60.5, 61, 80, 120, 200),
    height_cm: fc.constantFrom(10, 30, 40, 60.5, 61, 80, 120, 200),
    prices: fc.array(fc.oneof(fc.constantFrom(...PRICE_STEPS).map((p) => p * 100), fc.integer({ min: 0, max: 1_200_000 })), { minLength: CURRENCIES.length, maxLength: CURRENCIES.length }),
    in_sale: fc.boolean(),
    framed_or_ready_to_hang: fc.boolean(),
    has_fine_art_prints: fc.boolean(),
    verified_advertising_safe: fc.boolean(),
    ships_from: fc.constantFrom(...COUNTRIES),
    ships_to: subsetOf(COUNTRIES, 5),
    free_share: fc.nat({ max: 5 }),
    artist_slug: fc.constantFrom(...ARTISTS),
    sub: fc.nat(),
  }).map(({ category, prices, free_share, sub, ...d }): Pick<SearchDocument, CountedAttribute | 'id' | 'slug' | 'title'> => {
    const subs = CATEGORIES[category];
    return {
      ...d,
      id,
      slug: `work-${id}`,
      title: `Work ${id}`,
      category_path: [category, `${category}:${subs[sub % subs.length]}`],
      free_shipping_to: d.ships_to.slice(0, free_share),
      ...Object.fromEntries(CURRENCIES.map((c, i) => [priceAttribute(c), prices[i]!])),
    };
  });

/** One row's parameters, with values of its kind. */
function rowArbitrary(row: (typeof FILTERS)[number]): fc.Arbitrary<[string, string[]][]> {
  switch (row.kind) {
    case 'list': return subsetOf(row.values as readonly string[], 3).map((values) => (values.length > 0 ? [[row.name, values]] : []));
    case 'country': return fc.constantFrom(...COUNTRIES).map((c) => [[row.name, [c]]]);
    case 'flag': return fc.constant([[row.name, [row.on]]]);
    case 'range': {
      const steps = row.unit === 'currency' ? PRICE_STEPS.map(String) : CM_STEPS;
      return fc.tuple(fc.option(fc.constantFrom(...steps), { nil: undefined }), fc.option(fc.constantFrom(...steps), { nil: undefined })).map(([a, b]) => {
        const [min, max] = paramsOfRow(row);
        const [lo, hi] = a !== undefined && b !== undefined && Number(a) > Number(b) ? [b, a] : [a, b];
        return [...(lo === undefined ? [] : [[min!, [lo]] as [string, string[]]]), ...(hi === undefined ? [] : [[max!, [hi]] as [string, string[]]])];
      });
    }
  }
}

/** A definition drawn from the filter table: each row set or not, with values of its kind. */
const definitionArbitrary: fc.Arbitrary<GallerySearchDefinition> = fc
  .record({
    // Each row set now and then, so a definition holds a few filters and finds some works.
    rows: fc.tuple(...FILTERS.map((row) => fc.oneof({ arbitrary: fc.constant([]), weight: 6 }, { arbitrary: rowArbitrary(row), weight: 1 }))),
    currency: fc.constantFrom(...CURRENCIES),
    artist: fc.option(fc.constantFrom(...ARTISTS), { nil: undefined }),
  })
  .map(({ rows, currency, artist }) => {
    const raw = Object.fromEntries([...rows.flat(), ['currency', [currency]], ...(artist ? [['artist', [artist]]] : [])]);
    const parsed = parseGalleryParams(raw);
    if (!parsed.ok) throw new Error(`${parsed.issue.param} ${parsed.issue.message}`);
    return parsed.definition;
  });

const documents = Array.from({ length: 800 }, (_, i) => fc.sample(documentArbitrary(i + 1), { numRuns: 1, seed: 1000 + i })[0]!);

beforeAll(async () => {
  await succeeded(meili.createIndex(indexUid, { primaryKey: 'id' }));
  await succeeded(meili.index(indexUid).updateSettings(INDEX_SETTINGS));
  await succeeded(meili.index(indexUid).addDocuments(documents));
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
});

/** The ids the engine returns for the definition's filters, as the gallery asks it (no words). */
async function engineIds(def: GallerySearchDefinition): Promise<number[]> {
  const filter = definitionFilter(def);
  const { hits } = await meili.index(indexUid).search(null, { ...(filter.length > 0 ? { filter } : {}), attributesToRetrieve: ['id'], limit: documents.length });
  return hits.map((h) => Number(h.id)).sort((a, b) => a - b);
}

describe('matches(definition, document)', () => {
  it('agrees with the engine on every document, over random definitions', async () => {
    let found = 0;
    await fc.assert(
      fc.asyncProperty(definitionArbitrary, async (def) => {
        const expected = await engineIds(def);
        const matched = documents.filter((d) => matches(def, d)).map((d) => d.id);
        found += matched.length;
        expect(matched).toEqual(expected);
      }),
      { numRuns: 300, seed: 51 },
    );
    // The definitions are not all too narrow to find anything.
    expect(found).toBeGreaterThan(3000);
  });

  it('finds every match under the keys the reverse index files its alert under', () => {
    fc.assert(
      fc.property(definitionArbitrary, (def) => {
        const keys = new Set(alertKeys(def));
        for (const d of documents) {
          if (matches(def, d)) expect(documentKeys(d).some((k) => keys.has(k))).toBe(true);
        }
      }),
      { numRuns: 300, seed: 52 },
    );
  });

  it('files a selective alert under its values, and one without a keyable filter under the key every work has', () => {
    const parse = (raw: Record<string, string[]>) => {
      const r = parseGalleryParams(raw);
      if (!r.ok) throw new Error(r.issue.message);
      return r.definition;
    };
    expect(alertKeys(parse({ colours: ['blue'], painting: ['oil'], product_category: ['painting'] }))).toEqual(['category_path=painting:oil']);
    expect(alertKeys(parse({ artist: ['ada-lovelace'], colours: ['blue'] }))).toEqual(['artist_slug=ada-lovelace']);
    expect(alertKeys(parse({ price_max: ['1000'], ships_to: ['US'] }))).toEqual([ANY_KEY]);
  });

  it('reads the engine request back as the engine would: lists, negations, numbers and flags', () => {
    expect(parseCondition('price_usd <= 139000')).toEqual({ attribute: 'price_usd', op: '<=', value: 139000 });
    expect(parseCondition('slug != "a-b"')).toEqual({ attribute: 'slug', op: '!=', value: 'a-b' });
    expect(compileFilter([['colours = "red"', 'colours = "blue"'], 'in_sale = true'])({ colours: ['green', 'blue'], in_sale: true })).toBe(true);
    expect(compileFilter(['slug != "x"'])({ slug: 'X' })).toBe(false);
    expect(compileFilter(['width_cm >= 40'])({})).toBe(false);
    expect(() => compileFilter(['colours IN [red]'])).toThrow(/Not a filter expression/);
  });
});
