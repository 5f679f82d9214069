import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import next from 'next';
import { errorBody } from '@easel/shared/api-error-body';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { apiSecurityHeaders } from '@easel/search-service/security-headers';
import { REPO_ROOT } from '@easel/shared/env';
import { stopGracefullyOnSignal } from '@easel/shared/graceful-stop';
import { answerError, type ApiEnv } from './lib/api/errors';
import { getConfig } from './lib/config';
import { gallerySearchOfRequest, withStartedSearch, type StartedSearch } from './lib/gallery/early-search';
import { GalleryPageCache, pageCacheKey } from './lib/gallery/page-cache';
import { isSearchApiRequest, searchForwardRoutes } from './lib/gallery/search-forward-api';
import { settleForwardedHeaders } from './lib/rate-limits';
import { fetchSearch } from './lib/search/fetch-search';
import { getSearchRecorder, recordPageSearch } from './lib/search-analytics/process-recorder';
import { judgeRequestLine, originForm } from './lib/request-target';

/**
 * The storefront's production server (`npm start` runs it): `next start` with five things added.
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
 * in Next.js (lib/gallery/search-forward-api.ts), with the security headers and the compression
 * Next.js and proxy.ts give every JSON answer: through Next.js a search cost the storefront twice
 * the processor time (docs/PERFORMANCE.md, "Pages").
 * A gallery page's own search is asked for as its request arrives, so the engine searches while
 * Next.js routes the request and renders the layout (lib/gallery/early-search.ts); for a visitor
 * without a session, a page rendered for the same address, settings and answer is served again,
 * with its own nonce and search id (lib/gallery/page-cache.ts).
 * SIGTERM stops it without failing a request: /api/healthz/ answers 503 for SHUTDOWN_DRAIN_MS,
 * then the requests under way finish (@easel/shared/graceful-stop).
 */
const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? 3000);
const hostname = values.hostname ?? '127.0.0.1';
const trusted = getConfig().TRUSTED_PROXIES;

// The storefront's folder, whether this file runs compiled (storefront/dist/) or not.
const app = next({ dev: false, dir: path.join(REPO_ROOT, 'storefront'), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
const searchApi = new Hono<ApiEnv>()
  .use(compress())
  .route('/', searchForwardRoutes({ searchServiceUrl: () => getConfig().SEARCH_SERVICE_URL, searchRecorder: getSearchRecorder }))
  .onError(answerError);
const forwardSearch = getRequestListener(searchApi.fetch);
const { GALLERY_PAGE_CACHE_MB } = getConfig();
const pageCache = GALLERY_PAGE_CACHE_MB > 0 ? new GalleryPageCache(GALLERY_PAGE_CACHE_MB * 1024 * 1024) : undefined;
// Records a killed process left are stored from the start, not at the first search.
getSearchRecorder();

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
  if (isSearchApiRequest(method, req.url)) {
    for (const [name, value] of Object.entries(apiSecurityHeaders(req.headers.host))) res.setHeader(name, value);
    void forwardSearch(req, res);
    return;
  }
  const { SEARCH_SERVICE_URL, SSR_BUDGET_MS } = getConfig();
  const query = SSR_BUDGET_MS > 0 ? gallerySearchOfRequest(method, req.url, req.headers) : undefined;
  if (query === undefined) {
    void handle(req, res);
    return;
  }
  // The page waits for it within its own budget, counted from when it asks; the storefront's
  // wait for the search service bounds the request itself.
  const startedAt = performance.now();
  const answer = fetchSearch('', query, { origin: SEARCH_SERVICE_URL, timeoutMs: SEARCH_WAITS_MS.storefront });
  // The page reports a search of its own that failed; one it did not take is not worth a line.
  answer.catch(() => {});
  const started: StartedSearch = { query, answer, startedAt };
  const render = () => withStartedSearch(started, () => handle(req, res));
  const key = pageCache && pageCacheKey(req.url, req.headers);
  if (!pageCache || key === undefined) {
    void render();
    return;
  }
  const renderAndKeep = () => {
    pageCache.keep(key, answer, res, () => started.searchId);
    return render();
  };
  if (!pageCache.has(key)) {
    void renderAndKeep();
    return;
  }
  // A kept page is served while the search answers as it did for the page; else it is rendered again.
  void answer
    .then((found) => {
      const traits = { session: undefined, address: String(req.headers['x-forwarded-for']), userAgent: req.headers['user-agent'] ?? '' };
      const record = () => recordPageSearch(traits, query, found.count, performance.now() - startedAt);
      return pageCache.serve(key, found, req.headers['accept-encoding'], res, record);
    })
    .catch(() => false)
    .then((served) => {
      if (!served) void renderAndKeep();
    });
});
server.listen(port, hostname, () => console.log(`Storefront listening on http://${hostname}:${port}`));
const stopping = stopGracefullyOnSignal(server, { drainMs: getConfig().SHUTDOWN_DRAIN_MS });
