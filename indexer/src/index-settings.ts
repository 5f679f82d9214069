import { createHash } from 'node:crypto';
import type { Settings } from 'meilisearch';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { COUNTED_ATTRIBUTES, COUNTED_VALUES } from '@easel/shared/search-attributes';
import { CARD_FIELDS, DOCUMENT_VERSION, type SearchDocument } from './documents';
import { priceBandAttribute } from './price-bars';

/** The live index's name; rebuilds write `<uid>__build_<time>_<random>` and swap it in. */
export const DEFAULT_INDEX_UID = 'artworks';

const equalityOnly = { facetSearch: false, filter: { equality: true, comparison: false } };
const rangeOnly = { facetSearch: false, filter: { equality: false, comparison: true } };

/**
 * Attributes shoppers filter on by value: each gallery filter's counted attribute, the artist
 * page (`artist_slug`) and the boosted works (`slug`); and the price bars' bands, counted for
 * the price histogram (`_prices`).
 * The category section filters on `category_path` alone (it holds the bare category too), so
 * `category` itself is not filterable. `facet_values` is there to be counted, never filtered on
 * (an attribute must be filterable to have a facet distribution).
 */
export const EQUALITY_FILTER_ATTRIBUTES = [...COUNTED_ATTRIBUTES, 'artist_slug', 'slug', 'facet_values', ...CURRENCIES.map(priceBandAttribute)] as const;

/** Attributes filtered by range: the price in each currency and the dimensions. */
export const RANGE_FILTER_ATTRIBUTES = [
  'price_gbp', 'price_usd', 'price_eur', 'price_cad', 'price_aud', 'width_cm', 'height_cm',
] as const;

/** What a search hit can carry: the fields a product card is made from and their version, nothing else. */
export const DISPLAYED_ATTRIBUTES = [...CARD_FIELDS, 'card_version'] as const;

/** A product card's fields as the engine returns them. */
export type SearchHit = Pick<SearchDocument, (typeof CARD_FIELDS)[number]>;

export const SORTABLE_ATTRIBUTES = ['created_ts', 'popularity', 'price_gbp'] as const;

/**
 * The most values the engine lists per facet: as many as `facet_values` can hold (every counted
 * attribute's values), so every count is listed. The price's facet is asked for its lowest and
 * highest values only, but the engine lists its values too, up to this many: at a million works,
 * listing a thousand prices took 30 ms of a 40 ms search, and listing none takes under 1 ms.
 */
export const MAX_VALUES_PER_FACET = Object.values(COUNTED_VALUES).reduce((n, values) => n + values.length, 0);

/**
 * The index settings, applied to a fresh index before any document is loaded. Filter features
 * are granted per attribute (no facet search, comparison only on ranges) to keep indexing lean.
 */
export const INDEX_SETTINGS = {
  // Descriptions stay out of the index: they repeat these fields and double the indexing time.
  searchableAttributes: ['title', 'artist_name', 'subject', 'style', 'subcategory', 'category', 'medium', 'colours'],
  displayedAttributes: [...DISPLAYED_ATTRIBUTES],
  filterableAttributes: [
    { attributePatterns: [...EQUALITY_FILTER_ATTRIBUTES], features: equalityOnly },
    { attributePatterns: [...RANGE_FILTER_ATTRIBUTES], features: rangeOnly },
  ],
  sortableAttributes: [...SORTABLE_ATTRIBUTES],
  // A chosen sort comes straight after the search words: every work that matches as many of
  // them is in one order (by price, say), whether a word matched its title, subject or colour,
  // and however closely. Best match (no sort) ranks by relevance and ends on popularity, so
  // equally relevant works show the most loved first.
  rankingRules: ['words', 'sort', 'typo', 'proximity', 'attribute', 'exactness', 'popularity:desc'],
  // Proximity within an attribute only: much cheaper to index, and titles are short anyway.
  proximityPrecision: 'byAttribute',
  typoTolerance: {
    enabled: true,
    // Artist names are often short and foreign: one typo from 4 letters, two from 8.
    minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 },
    disableOnNumbers: true,
    // Colour names are short and close to other words (red, bed); category names are words
    // shoppers type and misspell (pantings, sculptre), and the gallery's "did you mean" offers
    // the category the engine matched.
    disableOnAttributes: ['colours'],
  },
  faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET },
  // No attribute's facet values are searched (see the filter features above). Off for the whole
  // index as well, the engine no longer builds facet-search structures on every write: 140 to
  // 210 ms of each batch of edits at a million works.
  facetSearch: false,
  // Counts must be exact for a catalogue of up to a million works.
  pagination: { maxTotalHits: 1_000_000 },
  // Well inside the 1000 ms search budget, so one heavy query cannot hold the engine.
  searchCutoffMs: 500,
} satisfies Settings;

/**
 * Changes whenever the settings or the document shape change, so an index built by an older
 * version of this code counts as stale.
 */
export const INDEX_DEFINITION_HASH = createHash('sha256')
  .update(JSON.stringify({ settings: INDEX_SETTINGS, documents: DOCUMENT_VERSION }))
  .digest('hex')
  .slice(0, 12);
