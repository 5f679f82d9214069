import { CATEGORIES, CATEGORY_VALUES, CURRENCIES, type Category, type Currency } from '@easel/shared/vocabulary';
import { convertMinor, type RateMatrix } from '@easel/shared/currency';
import {
  parseGalleryParams, printable, toQueryString, type GallerySearchDefinition,
} from '@easel/search-service/contract';

/**
 * Gallery addresses: `/shop/` plus an optional category and subcategory in the path, the rest
 * of the search definition in the query string. Parsing is forgiving (a hand-edited address
 * still gives a gallery: what does not parse is dropped and named), building is canonical.
 */

export const GALLERY_PATH = '/shop/';

/** The category landing page an address's path names: /shop/painting/oil/ -> { category: 'painting', subcategory: 'oil' }. */
export interface Landing {
  category?: Category;
  subcategory?: string;
}

export interface GalleryLocation {
  definition: GallerySearchDefinition;
  landing: Landing;
  /** Query parameters left out because they were unknown or invalid, by name. */
  dropped: string[];
}

type RawQuery = Record<string, string | string[] | undefined>;

/** Path segments after /shop/ -> the landing page they name, or null when they name none. */
export function parseLandingPath(segments: readonly string[]): Landing | null {
  if (segments.length === 0) return {};
  const [category, subcategory, ...rest] = segments;
  if (rest.length > 0 || !isCategory(category)) return null;
  if (subcategory === undefined) return { category };
  return (CATEGORIES[category] as readonly string[]).includes(subcategory) ? { category, subcategory } : null;
}

const isCategory = (value: string | undefined): value is Category => CATEGORY_VALUES.includes(value as Category);

/**
 * A landing page and query -> the search definition it asks for, dropping whatever does not
 * parse: ({ category: 'painting' }, { colours: 'blue', page: 'x' }) -> painting, blue, page 1,
 * dropped ['page']. `currency` is the shopper's; a currency in the query wins. `country` is the
 * shopper's ships-to country, which the address never names: free shipping is judged against it.
 */
export function parseGalleryQuery(landing: Landing, query: RawQuery, { currency, country }: { currency: Currency; country: string }): GalleryLocation {
  const raw: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    raw[name] = Array.isArray(value) ? value : [value];
  }
  const dropped: string[] = [];
  if (raw.currency && (raw.currency.length !== 1 || !CURRENCIES.includes(raw.currency[0] as Currency))) dropped.push('currency');
  if (dropped.length > 0 || !raw.currency) raw.currency = [currency];
  raw.country = [country];
  // The path's category joins whatever categories the query names.
  if (landing.category) {
    const key = landing.subcategory ? landing.category : 'product_category';
    const value = landing.subcategory ?? landing.category;
    raw[key] = [...new Set([...(raw[key] ?? []).filter((v) => v !== value), value])];
  }
  for (const name of SHELL_PARAMS) delete raw[name];
  for (const name of NOT_GALLERY_PARAMS) {
    if (raw[name] === undefined) continue;
    dropped.push(name);
    delete raw[name];
  }
  const parsed = parseDroppingInvalid(raw);
  return { definition: parsed.definition, landing, dropped: [...dropped, ...parsed.dropped] };
}

/**
 * A gallery address's query and the shopper's settings -> the search the page shows. A
 * signed-in user's own currency wins over the address's (SPEC §4), in the search's price filter
 * too; a visitor's address keeps the currency it names when that parses.
 */
export function readGalleryPage(
  landing: Landing,
  query: RawQuery,
  settings: { currency: Currency; country: string; authenticated: boolean },
): { location: GalleryLocation; currencyInAddress: boolean } {
  const { currency: urlCurrency, ...otherParams } = query;
  const location = parseGalleryQuery(landing, settings.authenticated ? otherParams : query, settings);
  const currencyInAddress = !settings.authenticated && urlCurrency !== undefined && !location.dropped.includes('currency');
  return { location, currencyInAddress };
}

/**
 * Parameters the page shell reads, not the search (SPEC section 1: the language comes from a
 * cookie or the query string): neither searched nor reported as left out.
 */
const SHELL_PARAMS = ['language'];

/**
 * Contract parameters the gallery's panel has no place for, so keeping one would hide a filter
 * the shopper cannot see or remove: `artist` scopes the artist page's works, not the gallery.
 */
const NOT_GALLERY_PARAMS = ['artist'];

/**
 * Gathered parameters -> a definition, leaving out each one that does not parse:
 * { sort: ['newest'], page: ['x'] } -> { definition: { sort: 'newest', page: 1, … }, dropped: ['page'] }.
 * The parameters the caller set itself must parse; a problem in one of those throws.
 */
export function parseDroppingInvalid(raw: Record<string, string[]>): { definition: GallerySearchDefinition; dropped: string[] } {
  const rest = { ...raw };
  const dropped: string[] = [];
  // Each failed parse names one parameter: drop it and parse the rest again.
  for (;;) {
    const parsed = parseGalleryParams(rest);
    if (parsed.ok) return { definition: withParentCategories(parsed.definition), dropped };
    const name = Object.keys(rest).find((n) => n === parsed.issue.param || printable(n) === parsed.issue.param);
    if (name === undefined) throw new Error(`Search address problem with no parameter: ${parsed.issue.message}`);
    dropped.push(parsed.issue.param);
    delete rest[name];
  }
}

/**
 * A chosen subcategory names its category too, as the panel's tree shows it (the category
 * ticked, the subcategory under it), so a search has one form whichever way it was reached:
 * { painting: ['oil'] } -> { product_category: ['painting'], painting: ['oil'] }. It searches the
 * same: a category with subcategories chosen means just those.
 */
export function withParentCategories(def: GallerySearchDefinition): GallerySearchDefinition {
  const parents = CATEGORY_VALUES.filter((c) => def[c].length > 0 && !def.product_category.includes(c));
  return parents.length === 0 ? def : { ...def, product_category: [...def.product_category, ...parents] };
}

/** The landing page a definition belongs to: one category, or one subcategory of it, and nothing else. */
export function landingOf(def: GallerySearchDefinition): Landing {
  const withSubs = CATEGORY_VALUES.filter((c) => def[c].length > 0);
  const named = new Set([...def.product_category, ...withSubs]);
  if (named.size !== 1) return {};
  const [category] = named as Set<Category>;
  const subs = def[category!];
  if (subs.length === 0) return { category };
  return subs.length === 1 ? { category, subcategory: subs[0] } : { category };
}

/** The landing page's own address: { category: 'painting', subcategory: 'oil' } -> '/shop/painting/oil/'. */
export function landingPath(landing: Landing): string {
  return `${GALLERY_PATH}${landing.category ? `${landing.category}/` : ''}${landing.subcategory ? `${landing.subcategory}/` : ''}`;
}

/**
 * A definition -> its canonical address, the category in the path where one landing page fits:
 * { painting: ['oil'], colours: ['blue'] } -> '/shop/painting/oil/?colours=blue'.
 * The currency is written only when it is not the shopper's own, or always when no shopper's
 * currency is given (an address that came with a currency keeps it); the shopper's country never.
 */
export function galleryUrl(def: GallerySearchDefinition, shopperCurrency?: Currency): string {
  const landing = landingOf(def);
  const rest: GallerySearchDefinition = {
    ...def,
    product_category: def.product_category.filter((c) => c !== landing.category),
    ...(landing.category ? { [landing.category]: def[landing.category].filter((s) => s !== landing.subcategory) } : {}),
  };
  const query = toQueryString({ ...rest, currency: def.currency === shopperCurrency ? undefined : def.currency, country: undefined });
  return `${landingPath(landing)}${query ? `?${query}` : ''}`;
}

/**
 * Search engines index the landing pages only: the unfiltered gallery, each category and each
 * subcategory, first page, default order. Every other combination is `noindex` and names its
 * landing page as canonical, so filters never multiply the pages crawlers see.
 */
export function isIndexable(def: GallerySearchDefinition): boolean {
  const landing = landingOf(def);
  return galleryUrl({ ...def, currency: 'GBP' }, 'GBP') === landingPath(landing);
}

/**
 * A search shown in another currency: the price range converted at the rates the prices are
 * converted at, to whole units as the price fields take them, and page 1:
 * ({ price_max: 1000, currency: 'GBP' }, 'USD') -> { price_max: 1390, currency: 'USD' }.
 */
export function inCurrency(def: GallerySearchDefinition, currency: Currency, rates: RateMatrix): GallerySearchDefinition {
  const { price_min: min, price_max: max, ...rest } = def;
  const convert = (amount: number) => Math.round(convertMinor(amount * 100, def.currency, currency, rates) / 100);
  return {
    ...rest,
    currency,
    page: 1,
    ...(min === undefined ? {} : { price_min: convert(min) }),
    ...(max === undefined ? {} : { price_max: convert(max) }),
  };
}
