import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { errorBody } from '@easel/shared/api-error-body';
import { clientAddress, createRateLimit, tooManyRequestsMessage } from '@easel/shared/rate-limit';
import { HotCache, toAnswer, type CachedAnswer } from './cache';
import type { CardStore } from './card-store';
import { RESULT_COUNT_HEADER, englishOf, parseGalleryParams, toQueryString, withoutShopperCountry, type GallerySearchDefinition } from './contract';
import type { SearchConfig } from './config';
import { AdaptiveLimit, type AdmissionOptions } from './admission';
import { EngineError, EngineTimeoutError, EngineUnavailableError, type Engine } from './engine';
import { RETRY_AFTER_SECONDS, invalidParameter, onError, overloaded } from './errors';
import { buildCountQuery, buildPriceBarPlan, buildSearchPlan, buildSuggestionsPlan } from './meili-request';
import { toPriceBars, toSearchResponseBody, toSuggestions } from './meili-response';
import { buildOpenApi } from './openapi';
import { matchRules, RuleBook, UNREAD_LEVERS, type SearchLevers } from './rules';
import { rulesIndexUid, type RuleDocument } from '@easel/indexer/rules-index';
import { gatherParams } from './query-string';
import { apiSecurityHeaders } from './security-headers';

export const BASE_PATH = '/api/v2/product/s';
/** SPEC section 9: gallery cache lifetime 1800 s, stale 21600 s. */
const GALLERY_CACHE_CONTROL = 'public, max-age=1800, stale-while-revalidate=21600';

/**
 * Searches at the engine at once: learnt from its latency between these bounds (admission.ts).
 * Sixteen at once keep the engine well inside the budget; below that the long tail's tenfold
 * spread of search costs alone would pull the limit down and refuse searches the engine had
 * room for.
 */
export const DEFAULT_ADMISSION: AdmissionOptions = { initial: 16, min: 16, max: 512 };

/** Rules read from the engine at most; staff keep far fewer. */
export const MAX_RULES = 1000;

export interface AppDeps {
  config: Pick<SearchConfig, 'SEARCH_INDEX' | 'SEARCH_CACHE_TTL_MS' | 'RATE_LIMIT_SEARCH_PER_MINUTE' | 'SEARCH_TRUSTED_PROXIES'>;
  meili: Engine;
  /** The product cards searches' pages are made from, over the same engine and index. */
  cards: CardStore;
  admission?: AdmissionOptions;
}

/**
 * The search-service's Hono app: the gallery search contract's four GET endpoints, the
 * OpenAPI description and /healthz; every answer with
 * the security headers, every search under the per-address rate limit (docs/SECURITY.md).
 * `meili` is the engine client; the caller owns (and closes) it.
 */
export function createApp({ config, meili, cards, admission = DEFAULT_ADMISSION }: AppDeps): Hono {
  const indexUid = config.SEARCH_INDEX;
  const admit = admitting(new AdaptiveLimit(admission));
  // The index's version is looked up four times a second, so an edit the sync has carried shows
  // in cached answers well within the 2 s an edit may take to become searchable.
  const cache = new HotCache({ ttlMs: config.SEARCH_CACHE_TTL_MS, getVersion: () => meili.getIndexUpdatedAt(indexUid), checkEveryMs: 250 });
  // Staff's search rules, looked up as often as the index's version, so an edited rule shows as an edit does.
  const rulesUid = rulesIndexUid(indexUid);
  const rules = new RuleBook({
    getVersion: () => meili.getIndexUpdatedAt(rulesUid).catch((error: unknown) => {
      if (error instanceof EngineError && error.status === 404) return null;
      throw error;
    }),
    read: () => meili.listDocuments<RuleDocument>(rulesUid, MAX_RULES),
  }, 250);
  rules.current();
  // Trailing slashes optional: the storefront's pages and API keep them, other clients may not.
  const app = new Hono({ strict: false });
  app.onError(onError);
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(apiSecurityHeaders(c.req.header('host')))) c.res.headers.set(name, value);
  });
  app.use(`${BASE_PATH}/*`, limitSearches(config));
  app.notFound((c) => c.json(errorBody('not_found', `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`), 404));

  /**
   * Answers a GET from the hot cache (or the engine, whose answer `compute` writes as JSON, its
   * UTF-8 bytes or a whole answer), with the gallery's cache headers. The search rules that match
   * are part of the key, so a rule's edit, start or end is never answered from an answer made
   * before it (and answers made before the rules were first read are kept apart).
   */
  const cachedGet = (
    kind: string,
    keyOf: (def: GallerySearchDefinition) => string,
    compute: (def: GallerySearchDefinition, levers: SearchLevers) => Promise<string | Uint8Array<ArrayBuffer> | CachedAnswer>,
  ) =>
    async (c: Context) => {
      const def = readDefinition(c);
      const held = rules.current();
      const levers = held ? matchRules(def, held, Date.now()) : UNREAD_LEVERS;
      // A hot answer needs no engine: only a miss waits for admission.
      const answer = await cache.get(`${kind}?${keyOf(def)}#${levers.key}`, async () => {
        const computed = await admit(() => compute(def, levers));
        return typeof computed === 'string' || computed instanceof Uint8Array ? toAnswer(computed) : computed;
      });
      return send(c, answer);
    };

  app.get(
    BASE_PATH,
    cachedGet('search', (def) => toQueryString(def), async (def, levers) => {
      const plan = buildSearchPlan(def, indexUid, levers);
      const results = await meili.multiSearch(plan.queries);
      return toAnswer(toSearchResponseBody(def, plan, await cards.complete(results, plan.cards), cards.cardJson, levers.banner), results[0]?.totalHits ?? 0);
    }),
  );

  // The count, the price bars and the suggestions depend on the shopper's country only through
  // free shipping without a ships-to: shoppers of every country share each answer otherwise.
  app.get(
    `${BASE_PATH}/_count`,
    cachedGet('count', (def) => toQueryString({ ...withoutShopperCountry(def), page: 1, paginate: undefined, limit: undefined, sort: undefined }), async (def, levers) => {
      const [result] = await meili.multiSearch([buildCountQuery(def, indexUid, levers)]);
      return JSON.stringify({ count: result?.totalHits ?? 0 });
    }),
  );

  app.get(
    `${BASE_PATH}/_prices`,
    cachedGet('prices', (def) => toQueryString({ ...withoutShopperCountry(def), page: 1, paginate: undefined, limit: undefined, sort: undefined, price_min: undefined, price_max: undefined }), async (def, levers) => {
      const plan = buildPriceBarPlan(def, indexUid, levers);
      return JSON.stringify({ currency: def.currency, results: toPriceBars(plan, await meili.multiSearch(plan.queries)) });
    }),
  );

  app.get(
    `${BASE_PATH}/_suggestions`,
    cachedGet('suggestions', (def) => toQueryString({ ...withoutShopperCountry(def), page: 1, paginate: undefined, limit: undefined, sort: undefined }), async (def, levers) => {
      const plan = buildSuggestionsPlan(def, indexUid, levers);
      return JSON.stringify(toSuggestions(plan, await meili.multiSearch(plan.queries)));
    }),
  );

  const openApi = toAnswer(JSON.stringify(buildOpenApi()));
  app.get(`${BASE_PATH}/openapi.json`, (c) => send(c, openApi));

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (await meili.isHealthy()) return c.json({ status: 'ok' });
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody('engine_unavailable', 'The search engine is unreachable.'), 503);
  });

  return app;
}

/**
 * Every search counts against the client's address (@easel/shared/rate-limit); over the limit it is a
 * 429 with Retry-After. A trusted proxy's own requests, which name no one they forward for,
 * are the storefront rendering a page on the server and are not counted: the shopper's page
 * view is, at the storefront.
 */
function limitSearches(config: AppDeps['config']): MiddlewareHandler {
  const limit = createRateLimit(config.RATE_LIMIT_SEARCH_PER_MINUTE);
  const trusted = config.SEARCH_TRUSTED_PROXIES;
  return async (c, next) => {
    const peer = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;
    const forwardedFor = c.req.header('x-forwarded-for');
    const address = clientAddress(peer, forwardedFor, trusted);
    if (!forwardedFor && trusted.includes(address)) return next();
    const verdict = await limit.take(address);
    if (verdict.allowed) return next();
    c.header('Retry-After', String(verdict.retryAfterS));
    c.header('Cache-Control', 'no-store');
    return c.json(errorBody('rate_limited', tooManyRequestsMessage(verdict.retryAfterS)), 429);
  };
}

/**
 * Runs an engine call if the limit admits it, timing it for the limit; refused at once with a
 * 503 and Retry-After when the engine already has all it can take. A time-out or an unreachable
 * engine counts against the limit too.
 */
function admitting(limit: AdaptiveLimit) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const permit = limit.tryAcquire();
    if (!permit) throw overloaded();
    const started = performance.now();
    let failed = false;
    try {
      return await work();
    } catch (error) {
      failed = error instanceof EngineTimeoutError || error instanceof EngineUnavailableError;
      throw error;
    } finally {
      permit.release({ rttMs: performance.now() - started, overloaded: failed });
    }
  };
}

/** The request's query string -> a validated definition, or a 400 naming the parameter in the English `Accept-Language` asks for. */
function readDefinition(c: Context): GallerySearchDefinition {
  const url = c.req.url;
  const at = url.indexOf('?');
  const gathered = gatherParams(at === -1 ? '' : url.slice(at + 1));
  if (!gathered.ok) throw invalidParameter(gathered.issue.param, gathered.issue.message, englishOf(c.req.header('accept-language')));
  const parsed = parseGalleryParams(gathered.params);
  if (!parsed.ok) throw invalidParameter(parsed.issue.param, parsed.issue.message, englishOf(c.req.header('accept-language')));
  return parsed.definition;
}

/** 200 with ETag and the gallery's Cache-Control, or 304 when the client already has it. */
function send(c: Context, answer: CachedAnswer): Response {
  c.header('Cache-Control', GALLERY_CACHE_CONTROL);
  c.header('ETag', answer.etag);
  if (answer.resultCount !== undefined) c.header(RESULT_COUNT_HEADER, String(answer.resultCount));
  const match = c.req.header('If-None-Match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(answer.body, 200);
}


