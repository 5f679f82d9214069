import {
  DEFAULT_DEFINITION, parseGalleryParams, toQueryString, withoutShopperCountry, type GallerySearchDefinition, type ParamIssue,
} from '@easel/search-service/contract';
import { withParentCategories } from '../gallery/location';

/**
 * An alert's search: the gallery's canonical definition (the search contract's), kept as its
 * canonical query string, with what only arranges a page of results left out (order, page,
 * page size, facet values, featured works): two saved searches are the same alert exactly when
 * their strings are equal.
 */

/** The parameters an alert ignores: they order or page results and find no other works. */
const PAGE_ONLY: Partial<GallerySearchDefinition> = { sort: DEFAULT_DEFINITION.sort, page: 1, paginate: DEFAULT_DEFINITION.paginate, limit: DEFAULT_DEFINITION.limit, product_boost: undefined, multiple_product_boost: [] };

/** A definition as an alert keeps it: its results' order and paging back to the defaults, and not the shopper's country. */
export const alertDefinition = (def: GallerySearchDefinition): GallerySearchDefinition => withoutShopperCountry({ ...def, ...PAGE_ONLY });

/** The canonical query string an alert is stored as; the currency always written, since prices are matched in it. */
export function alertQuery(def: GallerySearchDefinition): string {
  const rest = toQueryString(alertDefinition(def));
  const currency = `currency=${def.currency}`;
  return rest.includes('currency=') ? rest : rest ? `${rest}&${currency}` : currency;
}

/**
 * A query string -> the alert's definition and its canonical string, or the first problem:
 * 'colours=blue&sort=newest' -> { definition: { colours: ['blue'], … }, query: 'colours=blue&currency=GBP' }.
 */
export function parseAlertQuery(query: string): { ok: true; definition: GallerySearchDefinition; query: string } | { ok: false; issue: ParamIssue } {
  // No prototype: a parameter named 'constructor' or '__proto__' is a name like any other.
  const raw: Record<string, string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)) (raw[name] ??= []).push(value);
  const parsed = parseGalleryParams(raw);
  if (!parsed.ok) return parsed;
  const definition = alertDefinition(withParentCategories(parsed.definition));
  return { ok: true, definition, query: alertQuery(definition) };
}
