import { normaliseSearchWords } from '@easel/shared/search-words';
import { FILTERS } from '@easel/search-service/filters';
import { parseGalleryParams, toQueryString, withoutShopperCountry, type GallerySearchDefinition } from '@easel/search-service/contract';

/** What a search record keeps of a search's definition (docs/SEARCH-ANALYTICS.md). */
export interface RecordedDefinition {
  /** The normalised words: 'cat asleep'; '' for none. */
  query: string;
  /** The canonical query string of the words and filters, without page, sort, boosts or the shopper's country, and the currency only with a price range. */
  definition: string;
  /** Each filter value used: [['colours', 'red'], ['price', '100–500 GBP']]. */
  filters: [string, string][];
  page: number;
}

/**
 * A search's query string, as the gallery sent it -> what its record keeps; undefined for a
 * search that is not a shopper's search (an artist page's works, which name the artist) or
 * that the contract refuses:
 * 'q=Cat%20ASLEEP&colours=red&sort=price_asc&page=2&currency=USD&price_min=100'
 * -> { query: 'cat asleep', definition: 'q=cat+asleep&currency=USD&price_min=100&colours=red', filters: [['price', '100– USD'], ['colours', 'red']], page: 2 }.
 */
export function recordedDefinition(queryString: string): RecordedDefinition | undefined {
  const params: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(queryString)) (params[name] ??= []).push(value);
  const parsed = parseGalleryParams(params);
  if (!parsed.ok || parsed.definition.artist !== undefined) return undefined;
  const def = parsed.definition;
  const query = normaliseSearchWords(def.q ?? '');
  // The currency only says what a price range is in.
  const priced = def.price_min !== undefined || def.price_max !== undefined;
  const searched: Partial<GallerySearchDefinition> = {
    ...withoutShopperCountry(def), q: query || undefined, page: undefined, sort: undefined, paginate: undefined, limit: undefined, currency: priced ? def.currency : undefined, product_boost: undefined, multiple_product_boost: undefined,
  };
  return { query, definition: toQueryString(searched), filters: filterValues(def), page: def.page };
}

/** Every filter value of a definition, in the filter table's order; a range as its bounds and unit. */
function filterValues(def: GallerySearchDefinition): [string, string][] {
  const values: [string, string][] = [];
  const fields = def as unknown as Record<string, unknown>;
  for (const row of FILTERS) {
    if (row.kind === 'range') {
      const min = fields[`${row.name}_min`];
      const max = fields[`${row.name}_max`];
      if (min === undefined && max === undefined) continue;
      values.push([row.name, `${min ?? ''}–${max ?? ''} ${row.unit === 'currency' ? def.currency : 'cm'}`]);
      continue;
    }
    const value = fields[row.name];
    if (Array.isArray(value)) for (const v of value) values.push([row.name, String(v)]);
    else if (value === true) values.push([row.name, 'yes']);
    else if (typeof value === 'string') values.push([row.name, value]);
  }
  return values;
}
