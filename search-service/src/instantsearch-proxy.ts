import { EQUALITY_FILTER_ATTRIBUTES, INDEX_SETTINGS, RANGE_FILTER_ATTRIBUTES, SORTABLE_ATTRIBUTES } from '@easel/indexer';
import { MAX_PAGE, MAX_PAGINATE, MAX_QUERY_LENGTH, type ParamIssue } from './contract';
import { CARD_ATTRIBUTES, type Filter } from './meili-request';

/**
 * The Meilisearch-compatible `POST …/meili/multi-search` that `@meilisearch/instant-meilisearch`
 * calls, restricted: a client's multi-search body -> a vetted one, or the first problem. Only the
 * configured index, filters re-written from a strict grammar over the indexer's allowlists,
 * facets and sorts from the allowlists, bounded pages, card fields only; everything else dropped.
 */

const EQUALITY: ReadonlySet<string> = new Set(EQUALITY_FILTER_ATTRIBUTES);
const RANGE: ReadonlySet<string> = new Set(RANGE_FILTER_ATTRIBUTES);
const SORTABLE: ReadonlySet<string> = new Set(SORTABLE_ATTRIBUTES);
const SEARCHABLE: ReadonlySet<string> = new Set(INDEX_SETTINGS.searchableAttributes);
const RETRIEVABLE: ReadonlySet<string> = new Set(CARD_ATTRIBUTES);

export const MAX_QUERIES = 20;
const MAX_CONDITIONS = 64;
const MAX_OFFSET = MAX_PAGE * MAX_PAGINATE;

export type VetResult = { ok: true; body: { queries: Record<string, unknown>[] } } | { ok: false; issue: ParamIssue };

class Refusal extends Error {
  constructor(readonly param: string, message: string) {
    super(message);
  }
}

/**
 * { queries: [{ indexUid: 'other', filter: [['"colours"="red"']], facets: ['colours'] }] }
 * -> { queries: [{ indexUid: <ours>, filter: [['colours = "red"']], facets: ['colours'], … }] };
 * a filter on `status`, a facet '*' or hitsPerPage 10000 -> an issue naming the field.
 */
export function vetMultiSearch(body: unknown, indexUid: string): VetResult {
  try {
    if (!isRecord(body) || !Array.isArray(body.queries)) throw new Refusal('queries', 'must be a list of search queries');
    if (body.queries.length < 1 || body.queries.length > MAX_QUERIES) {
      throw new Refusal('queries', `must hold between 1 and ${MAX_QUERIES} queries`);
    }
    return { ok: true, body: { queries: body.queries.map((q, i) => vetQuery(q, indexUid, `queries[${i}]`)) } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, issue: { param: error.param, message: error.message } };
    throw error;
  }
}

function vetQuery(raw: unknown, indexUid: string, at: string): Record<string, unknown> {
  if (!isRecord(raw)) throw new Refusal(at, 'must be an object');
  const out: Record<string, unknown> = { indexUid };
  if (raw.q !== undefined && raw.q !== null) {
    if (typeof raw.q !== 'string' || raw.q.length > MAX_QUERY_LENGTH) throw new Refusal(`${at}.q`, `must be text of at most ${MAX_QUERY_LENGTH} characters`);
    out.q = raw.q;
  }
  if (raw.filter !== undefined && raw.filter !== null) out.filter = vetFilter(raw.filter, `${at}.filter`);
  if (raw.facets !== undefined) out.facets = listFrom(raw.facets, `${at}.facets`, (f) => EQUALITY.has(f) || RANGE.has(f), 'filterable attributes');
  if (raw.sort !== undefined) {
    out.sort = listFrom(raw.sort, `${at}.sort`, (s) => /^[a-z_]+:(asc|desc)$/.test(s) && SORTABLE.has(s.split(':')[0]!), `sortable attributes (${[...SORTABLE].join(', ')}) with :asc or :desc`);
  }
  for (const [name, max] of [['page', MAX_PAGE], ['hitsPerPage', MAX_PAGINATE], ['limit', MAX_PAGINATE], ['offset', MAX_OFFSET]] as const) {
    const value = raw[name];
    if (value === undefined || value === null) continue;
    if (!Number.isInteger(value) || (value as number) < (name === 'page' ? 1 : 0) || (value as number) > max) {
      throw new Refusal(`${at}.${name}`, `must be a whole number from ${name === 'page' ? 1 : 0} to ${max}`);
    }
    out[name] = value;
  }
  // Without explicit paging the engine defaults to 20 hits; make the bound explicit anyway.
  if (out.page === undefined && out.hitsPerPage === undefined && out.limit === undefined) out.limit = 20;
  out.attributesToRetrieve = raw.attributesToRetrieve === undefined ? CARD_ATTRIBUTES : keepOnly(raw.attributesToRetrieve, RETRIEVABLE, CARD_ATTRIBUTES);
  if (raw.attributesToHighlight !== undefined) out.attributesToHighlight = keepOnly(raw.attributesToHighlight, SEARCHABLE, [...SEARCHABLE]);
  if (raw.attributesToSnippet !== undefined) out.attributesToSnippet = keepOnly(raw.attributesToSnippet, SEARCHABLE, []);
  for (const tag of ['highlightPreTag', 'highlightPostTag', 'cropMarker'] as const) {
    if (typeof raw[tag] === 'string' && (raw[tag] as string).length <= 64) out[tag] = raw[tag];
  }
  if (Number.isInteger(raw.cropLength) && (raw.cropLength as number) >= 1 && (raw.cropLength as number) <= 100) out.cropLength = raw.cropLength;
  if (raw.matchingStrategy === 'last' || raw.matchingStrategy === 'all' || raw.matchingStrategy === 'frequency') out.matchingStrategy = raw.matchingStrategy;
  return out;
}

/** Keeps allowed names; '*' means all of `all`: (['title', 'status'], {title}) -> ['title']. */
function keepOnly(raw: unknown, allowed: ReadonlySet<string>, all: readonly string[]): string[] {
  if (!Array.isArray(raw)) return [...all];
  if (raw.includes('*')) return [...all];
  return raw.filter((a): a is string => typeof a === 'string' && allowed.has(a));
}

function listFrom(raw: unknown, at: string, ok: (s: string) => boolean, what: string): string[] {
  if (!Array.isArray(raw) || raw.length > 40) throw new Refusal(at, 'must be a list');
  for (const item of raw) {
    if (typeof item !== 'string' || !ok(item)) throw new Refusal(at, `may only name ${what}; ${JSON.stringify(String(item)).slice(0, 60)} is not one`);
  }
  return raw as string[];
}

/** Values a vetted equality condition may compare with: the vocabulary's alphabet and slugs. */
const SAFE_VALUE = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,99}$/;
const NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;
const ATTRIBUTE = '"?([a-z_]{1,40})"?';
const EQUALITY_CONDITION = new RegExp(`^${ATTRIBUTE}\\s*(=|!=)\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([A-Za-z0-9:_.-]+))$`);
const COMPARISON_CONDITION = new RegExp(`^${ATTRIBUTE}\\s*(>=|<=|>|<)\\s*(\\S+)$`);
const RANGE_CONDITION = new RegExp(`^${ATTRIBUTE}\\s+(\\S+)\\s+TO\\s+(\\S+)$`);

/**
 * One condition in the forms instant-meilisearch writes -> its canonical, re-built form:
 * '"colours"="red"' -> 'colours = "red"'; '"price_gbp">=100' -> 'price_gbp >= 100';
 * '"width_cm" 10 TO 50' -> 'width_cm 10 TO 50'. Anything else (AND/OR inside, parentheses,
 * IN, EXISTS, _geo, attributes off the allowlists) is refused.
 */
export function vetCondition(text: string, at: string): string {
  const s = text.trim();
  let m = EQUALITY_CONDITION.exec(s);
  if (m) {
    const [, attribute, op, quoted, bare] = m as unknown as [string, string, string, string | undefined, string | undefined];
    if (!EQUALITY.has(attribute)) throw new Refusal(at, `cannot filter by value on ${JSON.stringify(attribute)}`);
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!;
    if (value === 'true' || value === 'false') return `${attribute} ${op} ${value}`;
    if (!SAFE_VALUE.test(value)) throw new Refusal(at, `has a value outside the catalogue's vocabulary`);
    return `${attribute} ${op} "${value}"`;
  }
  m = COMPARISON_CONDITION.exec(s);
  if (m) {
    const [, attribute, op, n] = m as unknown as [string, string, string, string];
    if (!RANGE.has(attribute)) throw new Refusal(at, `cannot compare on ${JSON.stringify(attribute)}`);
    if (!NUMBER.test(n)) throw new Refusal(at, 'must compare with a number');
    return `${attribute} ${op} ${Number(n)}`;
  }
  m = RANGE_CONDITION.exec(s);
  if (m) {
    const [, attribute, lo, hi] = m as unknown as [string, string, string, string];
    if (!RANGE.has(attribute)) throw new Refusal(at, `cannot compare on ${JSON.stringify(attribute)}`);
    if (!NUMBER.test(lo) || !NUMBER.test(hi)) throw new Refusal(at, 'must give a range of two numbers');
    return `${attribute} ${Number(lo)} TO ${Number(hi)}`;
  }
  throw new Refusal(at, 'must be a single condition such as "colours"="red" or "price_gbp">=100 on an allowed attribute');
}

/** A filter as a string (one condition), or an AND-list whose items are conditions or OR-lists. */
export function vetFilter(raw: unknown, at: string): Filter {
  let conditions = 0;
  const one = (item: unknown, where: string): string => {
    if (typeof item !== 'string' || item.length > 200) throw new Refusal(where, 'must be a filter condition of at most 200 characters');
    if (++conditions > MAX_CONDITIONS) throw new Refusal(at, `may hold at most ${MAX_CONDITIONS} conditions`);
    return vetCondition(item, where);
  };
  if (typeof raw === 'string') return raw.trim() === '' ? [] : [one(raw, at)];
  if (!Array.isArray(raw)) throw new Refusal(at, 'must be a condition or a list of conditions');
  return raw
    .map((item, i) => (Array.isArray(item) ? item.map((inner, j) => one(inner, `${at}[${i}][${j}]`)) : one(item, `${at}[${i}]`)))
    .filter((item) => item.length > 0);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
