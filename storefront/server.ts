import cluster from 'node:cluster';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { constants as zlibConstants } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import compression from 'compression';
import next from 'next';
import sirv from 'sirv';
import { newestCatalogueChange } from '@easel/data/queries/change-log';
import { errorBody } from '@easel/shared/api-error-body';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { apiSecurityHeaders } from '@easel/search-service/security-headers';
import { REPO_ROOT } from '@easel/shared/env';
import { stopGracefullyOnSignal } from '@easel/shared/graceful-stop';
import { answerError, type ApiEnv } from './lib/api/errors';
import { getConfig } from './lib/config';
import { getDb } from './lib/db';
import { keptPageKind, namesSession, pageCacheKey, PageCache, type KeptPageRequest } from './lib/page-cache';
import { gallerySearchOfRequest, withStartedSearch, type StartedSearch } from './lib/gallery/early-search';
import { isSearchApiRequest, searchForwardRoutes } from './lib/gallery/search-forward-api';
import { settleForwardedHeaders } from './lib/rate-limits';
import { revalidateSearch, type SearchOptions, type TaggedAnswer } from './lib/search/fetch-search';
import { getSearchRecorder, recordPageSearch } from './lib/search-analytics/process-recorder';
import { pagesShowSession } from './lib/session';
import { BUILD_ASSETS, judgeRequestLine, originForm } from './lib/request-target';
import { stopWhenTold, superviseWorkers } from './lib/workers';

/**
 * The storefront's production server (`npm start` runs it): `next start` with these things added.
 * A request line with an absolute URI is read as its path (lib/request-target.ts originForm), so
 * Next.js never redirects to the host it names.
 * Its path is read once, as the router reads it (lib/request-target.ts judgeRequestLine), and
 * handed on in that canonical form, so the proxy's guards and limits and the routes see one
 * path; a path whose escapes would name something else is 400, and a method the site does not
 * take (TRACE) is 405, both as JSON with the security headers.
 * Next.js tells route handlers the client's address only through X-Forwarded-For, and fills it
 * from the socket only when the request has none (`??=` in next/dist/server/base-server.js), so
 * behind no proxy a client could name any address it liked and dodge the rate limits. So the
 * header is replaced, before Next.js sees the request, by the one address the limits count
 * (lib/rate-limits.ts settleForwardedHeaders).
 * The gallery's searches from the browser (GET /api/v2/product/s/…, every filter applied, sort
 * and page turned) are forwarded to the search service here, by the same routes the API mounts
 * in Next.js (lib/gallery/search-forward-api.ts), with the security headers proxy.ts gives every
 * JSON answer: through Next.js a search cost the storefront twice the processor time
 * (docs/PERFORMANCE.md, "Pages").
 * A gallery page's own search is asked for as its request arrives, so the engine searches while
 * Next.js routes the request and renders the layout (lib/gallery/early-search.ts).
 * A visitor without a session is served the gallery, homepage and product pages rendered for the
 * same address and settings while what they show is unchanged, each answer with its own nonce
 * (lib/page-cache.ts); so is a session the homepage and product pages show nothing of.
 * What Next.js, the page cache and the search forward answer is compressed here (`compression`;
 * Next.js's own is off): Brotli (`BROTLI_PARAMS`) for browsers that take it, else gzip. The
 * build's scripts and stylesheets are sent from its folder (`sirv`), compressed when it was built.
 * SIGTERM stops it without failing a request: /api/healthz/ answers 503 for SHUTDOWN_DRAIN_MS,
 * then the requests under way finish (@easel/shared/graceful-stop).
 * With STOREFRONT_WORKERS above 1 (one a processor by default), this process is the primary of
 * that many workers on the same port, each of which is all of the above (lib/workers.ts).
 */
const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? 3000);
const hostname = values.hostname ?? '127.0.0.1';
const trusted = getConfig().TRUSTED_PROXIES;

/**
 * How pages and JSON are compressed with Brotli: quality 3 in a 256 kB window
 * (2^18 bytes, about a gallery page). Served from the page cache on this machine, a page so
 * compressed cost 4.0 ms of the storefront's processor time an answer and came to 30 kB, against
 * 5.7 to 6.8 ms and 38 kB with gzip at its default level, which Next.js used; 6 ms in Brotli's
 * default 4 MB window. Quality 1 cost 2.5 ms, but a rendered page, written in pieces each
 * flushed to the browser as it comes, came to 43 kB, as each flush ends its blocks.
 */
const BROTLI_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 };

const { STOREFRONT_WORKERS } = getConfig();
if (cluster.isPrimary && STOREFRONT_WORKERS > 1) superviseWorkers(STOREFRONT_WORKERS);
else await serve();

/** The storefront itself: the only process, or one of the workers. */
async function serve(): Promise<void> {
  // The storefront's folder, whether this file runs compiled (storefront/dist/) or not.
  const app = next({ dev: false, dir: path.join(REPO_ROOT, 'storefront'), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const searchApi = new Hono<ApiEnv>()
    .route('/', searchForwardRoutes({ searchServiceUrl: () => getConfig().SEARCH_SERVICE_URL, searchRecorder: getSearchRecorder }))
    .onError(answerError);
  const forwardSearch = getRequestListener(searchApi.fetch);
  // Typed for Express, it takes Node's own request and response.
  const compressed = compression({ brotli: { params: BROTLI_PARAMS } }) as unknown as
    (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  // The build's scripts and stylesheets, each sent as the build compressed it with Brotli to a
  // browser that takes it (scripts/storefront-build.ts), else as it is, for `compressed` to gzip.
  const buildAssets = sirv(path.join(REPO_ROOT, 'storefront/.next/static'), { brotli: true, extensions: [], maxAge: 31_536_000, immutable: true });
  const { PAGE_CACHE_MB } = getConfig();
  const pageCache = PAGE_CACHE_MB > 0 ? new PageCache(PAGE_CACHE_MB * 1024 * 1024) : undefined;
  // Records a killed process left are stored from the start, not at the first search.
  getSearchRecorder();

  /** A page, a picture or anything else Next.js answers: from the page cache or Next.js. */
  const answerPage = (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const { SEARCH_SERVICE_URL, SSR_BUDGET_MS } = getConfig();
    const url = req.url ?? '/';
    const query = SSR_BUDGET_MS > 0 ? gallerySearchOfRequest(method, url, req.headers) : undefined;
    const kind = pageCache && keptPageKind(url);
    const key = kind && pageCacheKey(method, url, req.headers);
    // The page waits for it within its own budget, counted from when it asks.
    const started: StartedSearch | undefined = query === undefined ? undefined : startSearch(query, SEARCH_SERVICE_URL, SSR_BUDGET_MS, key && pageCache?.keptValidator(key));
    const render = () => (started ? withStartedSearch(started, () => handle(req, res)) : handle(req, res));
    const kept = kind && key !== undefined ? keptPageRequest(kind, key, req.headers, started) : undefined;
    if (!pageCache || !kept) {
      void render();
      return;
    }
    void pageCache.answer(kept, res, render);
  };

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const line = judgeRequestLine(method, originForm(req.url ?? '/'));
    if (line.refusal) {
      res.writeHead(line.refusal.status, { ...apiSecurityHeaders(req.headers.host), ...line.refusal.headers }).end(line.refusal.body);
      return;
    }
    req.url = line.target;
    if (stopping.draining() && req.url === '/api/healthz/') {
      // The load balancer takes a stopping replica out of its rotation; what it sends meanwhile is served.
      res.writeHead(503, { ...apiSecurityHeaders(req.headers.host), 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(errorBody('unavailable', 'The storefront is stopping.')));
      return;
    }
    settleForwardedHeaders(req.headers, req.socket.remoteAddress, trusted);
    compressed(req, res, () => {
      const search = isSearchApiRequest(method, line.target);
      const asset = !search && line.target.startsWith(BUILD_ASSETS);
      if (!search && !asset) return answerPage(req, res);
      for (const [name, value] of Object.entries(apiSecurityHeaders(req.headers.host))) res.setHeader(name, value);
      if (search) return void forwardSearch(req, res);
      // The build's own file, addressed within its folder; one it does not have is Next.js's to answer.
      req.url = line.target.slice(BUILD_ASSETS.length - 1);
      buildAssets(req, res, () => {
        req.url = line.target;
        answerPage(req, res);
      });
    });
  });
  // A port it cannot take ends it (Next.js would log the error and carry on serving nothing).
  server.once('error', (error) => {
    console.error(`Storefront could not listen on ${hostname}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, hostname, () => console.log(`Storefront listening on http://${hostname}:${port}`));
  const stopping = stopGracefullyOnSignal(server, { drainMs: getConfig().SHUTDOWN_DRAIN_MS });
  stopWhenTold(stopping.stop);
}

/**
 * Asks for a gallery page's search as its request arrives, with the ETag of the page the page
 * cache keeps for the request, if any. It is given the storefront's wait for the search service,
 * or the page's budget where that is longer, so a page set to wait longer than 900 ms
 * (`SSR_BUDGET_MS`) is not left without the results it would have waited for.
 */
function startSearch(query: string, searchServiceUrl: string, pageBudgetMs: number, keptEtag: string | undefined): StartedSearch {
  const startedAt = performance.now();
  const options = { origin: searchServiceUrl, timeoutMs: Math.max(SEARCH_WAITS_MS.storefront, pageBudgetMs) };
  const asked = revalidateSearch(query, keptEtag, options);
  const etag = asked.then((found) => (found === 'unchanged' ? keptEtag : found.etag));
  let taken: Promise<TaggedAnswer> | undefined;
  // The page reports a search of its own that failed; one it did not take is not worth a line,
  // nor is the ETag of a failed search that nothing asked for.
  asked.catch(() => {});
  etag.catch(() => {});
  return {
    query,
    startedAt,
    etag,
    taken: () => {
      taken ??= asked.then((found) => (found === 'unchanged' ? askedWhole(query, options) : found));
      taken.catch(() => {});
      return taken;
    },
  };
}

/** A search's whole answer and its ETag, asked without an ETag (so never answered unchanged). */
async function askedWhole(query: string, options: SearchOptions): Promise<TaggedAnswer> {
  const found = await revalidateSearch(query, undefined, options);
  if (found === 'unchanged') throw new Error('The search answered 304 to a request without an ETag.');
  return found;
}

/** A gallery page's validator: its search answer's ETag, which a page whose answer came without one cannot be kept by. */
function validatorOf(etag: string | undefined): string {
  if (etag === undefined) throw new Error('The search answered without an ETag.');
  return etag;
}

/**
 * The page cache's view of a request for a page of `kind` kept under `key`: the page's
 * validator, and for a homepage or product page asked with a session whether the page shows
 * anything of it. A gallery page is kept only when its search was started here, whose ETag is its
 * validator: the one it answered first, compared with the kept page's, and that of the answer
 * a render showed, kept with it (a page whose answer came without one is not kept).
 */
function keptPageRequest(kind: 'home' | 'product' | 'gallery', key: string, headers: IncomingHttpHeaders, started: StartedSearch | undefined): KeptPageRequest | undefined {
  if (kind !== 'gallery') {
    const validator = async () => String(await newestCatalogueChange(await getDb()));
    return namesSession(headers) ? { key, validator, showsSession: () => pagesShowSession(headers.cookie ?? '', getDb) } : { key, validator };
  }
  if (!started) return undefined;
  const traits = { session: undefined, address: String(headers['x-forwarded-for']), userAgent: headers['user-agent'] ?? '' };
  return {
    key,
    validator: async () => validatorOf(await started.etag),
    search: {
      renderedId: () => started.searchId,
      shown: async () => {
        const { answer, etag } = await started.taken();
        return { count: answer.count, validator: validatorOf(etag) };
      },
      record: async (count) => recordPageSearch(traits, started.query, count, performance.now() - started.startedAt),
    },
  };
}
