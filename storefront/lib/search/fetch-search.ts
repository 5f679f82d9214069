import * as z from 'zod/mini';
import { apiErrorBodySchema, type ApiErrorCode } from '@easel/shared/api-error-body';
import {
  countResponseSchema, pricesResponseSchema, productCardSchema, searchResponseSchema, suggestionsResponseSchema,
  type CountResponse, type PricesResponse, type ProductCard, type SearchResponse, type SuggestionsResponse,
} from '@easel/search-service/responses';

/**
 * The storefront's one way to ask the search API (`GET /api/v2/product/s/…`, the search
 * contract): the page's server search, the InstantSearch client, the header's suggestions, the
 * artist page and the gallery's hooks all ask through `fetchSearch`, which checks each answer
 * against the contract's schema and fails with a `SearchError` saying why. In `zod/mini`, as it
 * runs in the browser too.
 */

/** The search API's address, on the search service or on the storefront's own origin. */
export const SEARCH_API_PATH = '/api/v2/product/s/';

/** A search's results are checked card by card: a card that breaks the contract is left out, not the page. */
const searchAnswerSchema = z.extend(searchResponseSchema, { results: z.array(z.unknown()) });

/** Each endpoint of the search API ('' is the search itself) and its answer. */
interface SearchAnswers {
  '': SearchResponse;
  _count: CountResponse;
  _prices: PricesResponse;
  _suggestions: SuggestionsResponse;
}
export type SearchEndpoint = keyof SearchAnswers;
export type SearchAnswer<E extends SearchEndpoint> = SearchAnswers[E];

/**
 * Why a search failed: `refused` (a 4xx: the search asked is wrong, `code` and `param` say
 * how), `unavailable` (the search API did not answer, or answered 5xx), `timeout` (no answer
 * within the wait) or `bad_response` (an answer the contract does not describe).
 */
export type SearchFailure = 'refused' | 'unavailable' | 'timeout' | 'bad_response';

/** A search that failed: why, with the API's status, error code and message when it answered. */
export class SearchError extends Error {
  override name = 'SearchError';
  constructor(
    readonly reason: SearchFailure,
    message: string,
    readonly status?: number,
    readonly code?: ApiErrorCode,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** `json` as `schema` describes it, or a SearchError('bad_response') naming the first field at fault. */
function check<T>(schema: z.core.$ZodType<T>, json: unknown): T {
  const parsed = z.safeParse(schema, json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new SearchError('bad_response', `The search answered with ${issue?.path.join('.') || 'a body'} that ${issue?.message ?? 'breaks the contract'}.`);
}

/** The cards of a search's answer that fit the contract; the others are logged and left out. */
function contractCards(results: unknown[]): ProductCard[] {
  const cards: ProductCard[] = [];
  for (const raw of results) {
    const card = productCardSchema.safeParse(raw);
    if (card.success) cards.push(card.data);
    else console.warn('search: leaving out a result that does not match the contract:', card.error.issues[0]);
  }
  return cards;
}

const READERS: { [E in SearchEndpoint]: (json: unknown) => SearchAnswer<E> } = {
  '': (json) => {
    const answer = check(searchAnswerSchema, json);
    return { ...answer, results: contractCards(answer.results) };
  },
  _count: (json) => check(countResponseSchema, json),
  _prices: (json) => check(pricesResponseSchema, json),
  _suggestions: (json) => check(suggestionsResponseSchema, json),
};

/**
 * An endpoint's answer, checked against the contract: typed, or a SearchError('bad_response').
 * A search's cards are checked one by one, and those that break the contract left out:
 * ('', { results: [card, { id: 'x' }], count: 2, … }) -> { results: [card], count: 2, … }.
 */
export function readSearchAnswer<E extends SearchEndpoint>(endpoint: E, json: unknown): SearchAnswer<E> {
  return READERS[endpoint](json);
}

export interface SearchOptions {
  /** Where the search API is: the search service's URL on the server, '' (the page's origin) in the browser. */
  origin?: string;
  /** The longest to wait for the answer (SEARCH_WAITS_MS). */
  timeoutMs: number;
  /** The caller's own cancel: an abort it asks for is passed on as fetch's AbortError, not a SearchError. */
  signal?: AbortSignal;
}

/** A request to the search API under way: its response, and what a failure while reading it means. */
interface Asked {
  response: Response;
  /** The caller's own cancel as it came, or the wait run out; undefined for any other failure. */
  interruption: (error: unknown) => unknown;
}

/** Asks the search API for `endpoint`'s answer to `query`; any failure to get a response is a SearchError. */
async function ask(endpoint: SearchEndpoint, query: string, options: SearchOptions, headers: Record<string, string> = {}): Promise<Asked> {
  const { origin = '', timeoutMs, signal } = options;
  const url = `${origin}${SEARCH_API_PATH}${endpoint ? `${endpoint}/` : ''}${query ? `?${query}` : ''}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  const interruption = (error: unknown) =>
    signal?.aborted ? error : timeout.aborted ? new SearchError('timeout', `The search took longer than ${timeoutMs} ms.`) : undefined;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return { response, interruption };
  } catch (error) {
    throw interruption(error) ?? new SearchError('unavailable', `The search could not be reached: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

/** A response's body as `endpoint`'s answer, checked against the contract; an error status is a SearchError. */
async function read<E extends SearchEndpoint>(endpoint: E, { response, interruption }: Asked): Promise<SearchAnswer<E>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    // A body that is not JSON is judged by the status below.
    const interrupted = interruption(error);
    if (interrupted) throw interrupted;
  }
  if (!response.ok) {
    const body = apiErrorBodySchema.safeParse(json);
    const reason = response.status >= 500 ? 'unavailable' : 'refused';
    if (!body.success) throw new SearchError(reason, `The search answered ${response.status}.`, response.status);
    const { message, code, param } = body.data.error;
    throw new SearchError(reason, message, response.status, code, param);
  }
  return readSearchAnswer(endpoint, json);
}

/**
 * An endpoint's answer for a definition's query string (`toQueryString`), checked against the
 * contract: ('', 'colours=red', { origin: '', timeoutMs: 1000 }) -> the search's answer;
 * ('_prices', 'q=sea', …) -> its price bars. Any failure is a SearchError.
 */
export async function fetchSearch<E extends SearchEndpoint>(endpoint: E, query: string, options: SearchOptions): Promise<SearchAnswer<E>> {
  return read(endpoint, await ask(endpoint, query, options));
}

/** A search's answer with its ETag, the search API's hash of its bytes. */
export interface TaggedAnswer {
  answer: SearchResponse;
  etag: string | undefined;
}

/**
 * A search asked again of an answer the caller keeps, by that answer's ETag (the search API's
 * hash of its bytes): 'unchanged' when the search API answers 304 Not Modified, which sends no
 * body to read or check; else the answer, checked, with its own ETag.
 * ('colours=red', '"abc"', …) -> 'unchanged', or { answer, etag: '"def"' }.
 */
export async function revalidateSearch(query: string, etag: string | undefined, options: SearchOptions): Promise<'unchanged' | TaggedAnswer> {
  const asked = await ask('', query, options, etag === undefined ? {} : { 'if-none-match': etag });
  if (asked.response.status === 304) return 'unchanged';
  return { answer: await read('', asked), etag: asked.response.headers.get('etag') ?? undefined };
}
