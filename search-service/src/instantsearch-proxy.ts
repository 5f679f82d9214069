import { z } from 'zod';
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

/** A refused filter condition; the filter schema turns it into an issue at the condition's path. */
class Refusal extends Error {
  constructor(message: string, readonly path: (string | number)[] = []) {
    super(message);
  }
}

/** A whole number in range, or absent (instant-meilisearch sends null for "not set"). */
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).nullish();
};

/** A list of attribute names, each passing `ok`; the issue names the list. */
const nameList = (ok: (name: string) => boolean, what: string) =>
  z
    .array(z.string({ error: `may only name ${what}` }), { error: 'must be a list' })
    .max(40, { error: 'must be a list of at most 40 names' })
    .superRefine((names, ctx) => {
      const bad = names.find((name) => !ok(name));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `may only name ${what}; ${JSON.stringify(bad).slice(0, 60)} is not one` });
    });

/** A filter as a string (one condition), or an AND-list whose items are conditions or OR-lists. */
const filterSchema = z.unknown().transform((raw, ctx): Filter | undefined => {
  try {
    return raw === null ? undefined : vetFilter(raw);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message, path: error.path });
    return z.NEVER;
  }
});

const QUERY_TEXT = `must be text of at most ${MAX_QUERY_LENGTH} characters`;

/**
 * A lone UTF-16 surrogate: JSON.parse accepts one written as "\ud800", but it has no UTF-8 form
 * and the engine refuses the whole body as malformed (a 502 for what is the client's mistake).
 */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** Text that is kept when it is short and dropped otherwise, like the engine's own tags. */
const optionalTag = z.string().max(64).refine(wellFormed).optional().catch(undefined);

/** One instant-meilisearch query; keys not named here (federation, hybrid, vector, …) are dropped. */
const querySchema = z.object(
  {
    q: z.string({ error: QUERY_TEXT }).max(MAX_QUERY_LENGTH, { error: QUERY_TEXT }).refine(wellFormed, { error: 'must be valid Unicode text' }).nullish(),
    filter: filterSchema.optional(),
    facets: nameList((f) => EQUALITY.has(f) || RANGE.has(f), 'filterable attributes').optional(),
    sort: nameList(
      (s) => /^[a-z_]+:(asc|desc)$/.test(s) && SORTABLE.has(s.split(':')[0]!),
      `sortable attributes (${[...SORTABLE].join(', ')}) with :asc or :desc`,
    ).optional(),
    page: wholeNumber(1, MAX_PAGE),
    hitsPerPage: wholeNumber(0, MAX_PAGINATE),
    limit: wholeNumber(0, MAX_PAGINATE),
    offset: wholeNumber(0, MAX_OFFSET),
    attributesToRetrieve: z.unknown().optional().transform((raw) => (raw === undefined ? CARD_ATTRIBUTES : keepOnly(raw, RETRIEVABLE, CARD_ATTRIBUTES))),
    attributesToHighlight: z.unknown().optional().transform((raw) => (raw === undefined ? undefined : keepOnly(raw, SEARCHABLE, [...SEARCHABLE]))),
    attributesToSnippet: z.unknown().optional().transform((raw) => (raw === undefined ? undefined : keepOnly(raw, SEARCHABLE, []))),
    highlightPreTag: optionalTag,
    highlightPostTag: optionalTag,
    cropMarker: optionalTag,
    cropLength: z.number().int().min(1).max(100).optional().catch(undefined),
    matchingStrategy: z.enum(['last', 'all', 'frequency']).optional().catch(undefined),
  },
  { error: 'must be an object' },
);

const multiSearchSchema = z.object(
  {
    queries: z
      .array(querySchema, { error: 'must be a list of search queries' })
      .min(1, { error: `must hold between 1 and ${MAX_QUERIES} queries` })
      .max(MAX_QUERIES, { error: `must hold between 1 and ${MAX_QUERIES} queries` }),
  },
  { error: 'must be a JSON object with a list of queries' },
);

/**
 * { queries: [{ indexUid: 'other', filter: [['"colours"="red"']], facets: ['colours'] }] }
 * -> { queries: [{ indexUid: <ours>, filter: [['colours = "red"']], facets: ['colours'], … }] };
 * a filter on `status`, a facet '*' or hitsPerPage 10000 -> an issue naming the field.
 */
export function vetMultiSearch(body: unknown, indexUid: string): VetResult {
  const parsed = multiSearchSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, issue: { param: issue.path.length > 0 ? paramName(issue.path) : 'body', message: issue.message } };
  }
  return { ok: true, body: { queries: parsed.data.queries.map((q) => toEngineQuery(q, indexUid)) } };
}

/** A vetted query -> what the engine gets: our index, explicit paging, no unset fields. */
function toEngineQuery(query: z.output<typeof querySchema>, indexUid: string): Record<string, unknown> {
  const out: Record<string, unknown> = { indexUid };
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) out[name] = value;
  // Without explicit paging the engine defaults to 20 hits; make the bound explicit anyway.
  if (out.page === undefined && out.hitsPerPage === undefined && out.limit === undefined) out.limit = 20;
  return out;
}

/** A zod issue path -> the parameter name: ['queries', 0, 'filter', 1] -> 'queries[0].filter[1]'. */
function paramName(path: PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** Keeps allowed names; '*' means all of `all`: (['title', 'status'], {title}) -> ['title']. */
function keepOnly(raw: unknown, allowed: ReadonlySet<string>, all: readonly string[]): string[] {
  if (!Array.isArray(raw)) return [...all];
  if (raw.includes('*')) return [...all];
  return raw.filter((a): a is string => typeof a === 'string' && allowed.has(a));
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
export function vetCondition(text: string): string {
  const s = text.trim();
  let m = EQUALITY_CONDITION.exec(s);
  if (m) {
    const [, attribute, op, quoted, bare] = m as unknown as [string, string, string, string | undefined, string | undefined];
    if (!EQUALITY.has(attribute)) throw new Refusal(`cannot filter by value on ${JSON.stringify(attribute)}`);
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!;
    if (value === 'true' || value === 'false') return `${attribute} ${op} ${value}`;
    if (!SAFE_VALUE.test(value)) throw new Refusal(`has a value outside the catalogue's vocabulary`);
    return `${attribute} ${op} "${value}"`;
  }
  m = COMPARISON_CONDITION.exec(s);
  if (m) {
    const [, attribute, op, n] = m as unknown as [string, string, string, string];
    if (!RANGE.has(attribute)) throw new Refusal(`cannot compare on ${JSON.stringify(attribute)}`);
    if (!NUMBER.test(n)) throw new Refusal('must compare with a number');
    return `${attribute} ${op} ${Number(n)}`;
  }
  m = RANGE_CONDITION.exec(s);
  if (m) {
    const [, attribute, lo, hi] = m as unknown as [string, string, string, string];
    if (!RANGE.has(attribute)) throw new Refusal(`cannot compare on ${JSON.stringify(attribute)}`);
    if (!NUMBER.test(lo) || !NUMBER.test(hi)) throw new Refusal('must give a range of two numbers');
    return `${attribute} ${Number(lo)} TO ${Number(hi)}`;
  }
  throw new Refusal('must be a single condition such as "colours"="red" or "price_gbp">=100 on an allowed attribute');
}

/** The filter's conditions re-built, or a Refusal at the first bad one's path (relative to the filter). */
function vetFilter(raw: unknown): Filter {
  let conditions = 0;
  const one = (item: unknown, path: number[]): string => {
    if (typeof item !== 'string' || item.length > 200) throw new Refusal('must be a filter condition of at most 200 characters', path);
    if (++conditions > MAX_CONDITIONS) throw new Refusal(`may hold at most ${MAX_CONDITIONS} conditions`);
    try {
      return vetCondition(item);
    } catch (error) {
      if (error instanceof Refusal) throw new Refusal(error.message, path);
      throw error;
    }
  };
  if (typeof raw === 'string') return raw.trim() === '' ? [] : [one(raw, [])];
  if (!Array.isArray(raw)) throw new Refusal('must be a condition or a list of conditions');
  return raw
    .map((item, i) => (Array.isArray(item) ? item.map((inner, j) => one(inner, [i, j])) : one(item, [i])))
    .filter((item) => item.length > 0);
}
