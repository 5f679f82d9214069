import { COUNTED_VALUES } from '@easel/shared/search-attributes';
import { CURRENCIES } from '@easel/shared/vocabulary';
import type { GallerySearchDefinition } from './contract';
import { FILTERS } from './filters';
import { combineFilters, groupFilters, priceAttribute, scopeFilter, type Filter } from './meili-request';

/**
 * Saved searches matched against single works, without asking the engine: the filter a
 * definition sends the engine (`definitionFilter`, made by meili-request.ts from the filter
 * table) read back and judged on a document as the engine judges it. There is no second list
 * of what a filter means: a new row of the table is matched here the moment it filters the
 * gallery. Words are left to the engine (the matcher asks it about the changed works only).
 */

/** A search document, or the part of one the filters read (ALERT_ATTRIBUTES). */
export type FilterableDocument = object;

/** What the filters of any definition read of a document: each row's attribute, every currency's price, the artist and the work. */
export const ALERT_ATTRIBUTES: readonly string[] = [
  ...new Set([
    ...FILTERS.filter((row) => row.kind !== 'range' || row.unit !== 'currency').map((row) => row.attribute),
    ...CURRENCIES.map(priceAttribute),
    'artist_slug', 'slug', 'id',
  ]),
];

/** The document cut to ALERT_ATTRIBUTES: what the matcher keeps of each work. */
export function filterableFields(document: FilterableDocument): Record<string, unknown> {
  const fields = document as Record<string, unknown>;
  return Object.fromEntries(ALERT_ATTRIBUTES.filter((a) => fields[a] !== undefined).map((a) => [a, fields[a]]));
}

/** The filter the engine gets for this definition's results, and no more: scope and every active filter group. */
export function definitionFilter(def: GallerySearchDefinition): Filter {
  return combineFilters(scopeFilter(def), groupFilters(def));
}

type Op = '=' | '!=' | '>=' | '<=' | '<';
interface Condition { attribute: string; op: Op; value: string | number | boolean }

const CONDITION = /^([a-z_]{1,40}) (=|!=|>=|<=|<) (?:"([^"]*)"|(true|false)|(-?\d+(?:\.\d+)?))$/;

/** One expression as meili-request.ts writes it: 'price_gbp <= 100000' -> { attribute: 'price_gbp', op: '<=', value: 100000 }. */
export function parseCondition(expression: string): Condition {
  const m = CONDITION.exec(expression);
  if (!m) throw new Error(`Not a filter expression the matcher reads: ${JSON.stringify(expression)}`);
  const [, attribute, op, text, bool, num] = m;
  const value = text !== undefined ? text : bool !== undefined ? bool === 'true' : Number(num);
  return { attribute: attribute!, op: op as Op, value };
}

/** One condition read once: a test of a stored value, comparing as the engine does (strings case-insensitively, booleans and numbers by value). */
function valueTest({ op, value }: Condition): (stored: unknown) => boolean {
  if (op === '=' || op === '!=') {
    const text = String(value).toLowerCase();
    const number = typeof value === 'number' ? value : Number(value);
    return (stored) => {
      if (typeof stored === 'string') return stored.toLowerCase() === text;
      if (typeof stored === 'number') return stored === number;
      if (typeof stored === 'boolean') return String(stored) === text;
      return false;
    };
  }
  if (typeof value !== 'number') return () => false;
  if (op === '>=') return (stored) => typeof stored === 'number' && stored >= value;
  if (op === '<=') return (stored) => typeof stored === 'number' && stored <= value;
  return (stored) => typeof stored === 'number' && stored < value;
}

/** A condition read once, to judge many documents: a list attribute satisfies it when any of its values does, and `!=` when none equals. */
function compileCondition(c: Condition): (document: FilterableDocument) => boolean {
  const test = valueTest(c);
  const holds = (stored: unknown) => (Array.isArray(stored) ? stored.some(test) : test(stored));
  return c.op === '!=' ? (document) => !holds((document as Record<string, unknown>)[c.attribute]) : (document) => holds((document as Record<string, unknown>)[c.attribute]);
}

/** A filter read once, to judge many documents: AND of items, each an OR of conditions. */
export type CompiledFilter = (document: FilterableDocument) => boolean;

/**
 * Reads a filter (AND of items, an array item an OR) once: ['in_sale = true'] -> (document) => document.in_sale is true.
 * The comparisons of numbers (a price, a size) are judged first: cheap, and the likeliest to fail.
 */
export function compileFilter(filter: Filter): CompiledFilter {
  const items = filter
    .map((item) => (Array.isArray(item) ? item : [item]).map(parseCondition))
    .sort((a, b) => Number(a.some((c) => c.op === '=' || c.op === '!=')) - Number(b.some((c) => c.op === '=' || c.op === '!=')))
    .map((conditions) => conditions.map(compileCondition));
  return (document) => {
    for (const item of items) if (!item.some((holds) => holds(document))) return false;
    return true;
  };
}

/**
 * A definition's filters read once: the judge, and the attributes it reads (a change that moves
 * none of them cannot change its verdict).
 */
export interface CompiledDefinition { matches: CompiledFilter; reads: readonly string[] }

export function compileDefinition(def: GallerySearchDefinition): CompiledDefinition {
  const filter = definitionFilter(def);
  const reads = new Set(filter.flatMap((item) => (Array.isArray(item) ? item : [item]).map((e) => parseCondition(e).attribute)));
  return { matches: compileFilter(filter), reads: [...reads] };
}

/** Whether the engine's results for this definition's filters hold this document (its words aside). */
export function matches(def: GallerySearchDefinition, document: FilterableDocument): boolean {
  return compileFilter(definitionFilter(def))(document);
}

// ---------------------------------------------------------------------------------------------
// The reverse index: which alerts a changed work could match

/** The key every alert without a keyable filter is filed under: each change looks at them all. */
export const ANY_KEY = '*';

/**
 * Attributes that can file an alert: those a document holds few values of. A work ships to
 * most countries, so `ships_to` and `free_shipping_to` would file an alert under values nearly
 * every work has; they are left out.
 */
const DOMAIN_SIZE: Readonly<Record<string, number>> = {
  ...Object.fromEntries(Object.entries(COUNTED_VALUES).map(([attribute, values]) => [attribute, values.length])),
  ships_to: 1,
  free_shipping_to: 1,
  // An artist's works are a tiny share of the catalogue.
  artist_slug: 10_000,
};

const keyOf = (attribute: string, value: unknown) => `${attribute}=${String(value).toLowerCase()}`;

/** An item's keys when it is an equality or an OR of equalities: '(colours = "blue" OR colours = "red")' -> ['colours=blue', 'colours=red']. */
function itemKeys(item: string | string[]): { keys: string[]; share: number } | undefined {
  const conditions = (Array.isArray(item) ? item : [item]).map(parseCondition);
  if (conditions.some((c) => c.op !== '=')) return undefined;
  const share = conditions.reduce((sum, c) => sum + 1 / (DOMAIN_SIZE[c.attribute] ?? 1), 0);
  return { keys: conditions.map((c) => keyOf(c.attribute, c.value)), share };
}

/**
 * The keys an alert is filed under: the values of its most selective item (the smallest
 * estimated share of the catalogue), since a work matching the alert must hold one of them;
 * ANY_KEY when no item can file it (price only, words only).
 * { colours: ['blue'], painting: ['abstract'] } -> ['category_path=painting:abstract'].
 */
export function alertKeys(def: GallerySearchDefinition): string[] {
  let best: { keys: string[]; share: number } | undefined;
  for (const item of definitionFilter(def)) {
    const keyed = itemKeys(item);
    if (keyed && keyed.share < 1 && (!best || keyed.share < best.share)) best = keyed;
  }
  return best ? best.keys : [ANY_KEY];
}

/** The keys a document can be found under: every value of each keyable attribute, and ANY_KEY. */
export function documentKeys(document: FilterableDocument): string[] {
  const keys = [ANY_KEY];
  for (const [attribute, size] of Object.entries(DOMAIN_SIZE)) {
    if (size <= 1) continue;
    const stored = (document as Record<string, unknown>)[attribute];
    for (const v of Array.isArray(stored) ? stored : [stored]) if (v !== undefined && v !== null && v !== false) keys.push(keyOf(attribute, v));
  }
  return keys;
}
