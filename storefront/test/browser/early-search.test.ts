import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort, terminate } from '@easel/shared/process';
import { waitForHttp, type Service } from '../../../scripts/processes';
import { startStorefront } from '../../../scripts/product';
import { product } from './worker-product';
import { useProductDatabase } from './product-database';
import { addSession, addUser } from '../../../data/test/fixtures';

/**
 * The gallery page's search, asked for as its request arrives (storefront/server.ts,
 * lib/gallery/early-search.ts). A storefront of the product's build, started as `npm start`
 * starts it, reaches the product's search service through a proxy here that records each search
 * it is asked: a page that took the search started for it asks none of its own.
 */
const productDb = useProductDatabase();

let dataDir: string;
let base: string;
let proxy: http.Server;
let storefront: Service;
const searches: URLSearchParams[] = [];
/** How long the proxy holds each search before passing it on. */
let searchDelayMs = 0;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-early-search-'));
  const target = new URL(product.searchUrl);
  proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', product.searchUrl);
    const isSearch = url.pathname === '/api/v2/product/s/';
    if (isSearch) searches.push(url.searchParams);
    setTimeout(() => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    }, isSearch ? searchDelayMs : 0);
  });
  const [proxyPort, storefrontPort] = await Promise.all([getFreePort(), getFreePort()]);
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  const { MEILI_URL: _url, MEILI_MASTER_KEY: _key, ...inherited } = process.env;
  storefront = startStorefront('early-search-storefront', { host: '127.0.0.1', port: storefrontPort }, {
    ...inherited, DATABASE_FILE: product.databaseFile, SEARCH_SERVICE_URL: `http://127.0.0.1:${proxyPort}`,
    MEDIA_CACHE_DIR: path.join(dataDir, 'media'), SSR_BUDGET_MS: '5000', RATE_LIMIT_SEARCH_PER_MINUTE: '0',
  });
  base = `http://127.0.0.1:${storefrontPort}`;
  await waitForHttp(storefront, `${base}/`, 60_000);
});

afterAll(async () => {
  if (storefront) await terminate(storefront.child);
  proxy?.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

/** The gallery page at `pathAndQuery` with `cookie`, and the searches the storefront asked for it. */
async function pageAndSearches(pathAndQuery: string, cookie: string) {
  searches.length = 0;
  const response = await fetch(`${base}${pathAndQuery}`, { headers: { cookie } });
  const html = await response.text();
  expect(response.status).toBe(200);
  return { html, searches: [...searches] };
}

/** The cards' prices as the page shows them: ['€565', '€395', …]. */
const cardPrices = (html: string) => [...html.matchAll(/class="card__now">([^<]*)</g)].map((match) => match[1]!);

describe("the gallery page's server search", () => {
  it('is asked once: the search started as the request arrived is the one the page shows', async () => {
    const { html, searches: asked } = await pageAndSearches('/shop/painting/?colours=red', 'af-currency=EUR');
    expect(cardPrices(html).length).toBeGreaterThan(0);
    for (const price of cardPrices(html)) expect(price).toMatch(/^€\d/);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.get('product_category')).toBe('painting');
    expect(asked[0]!.getAll('colours')).toEqual(['red']);
    expect(asked[0]!.get('currency')).toBe('EUR');
  });

  it("waits the page's whole budget (5 s here) for a search slower than the storefront's usual 900 ms wait", async () => {
    searchDelayMs = 1500;
    try {
      const { html, searches: asked } = await pageAndSearches('/shop/painting/?colours=blue', 'af-currency=EUR');
      expect(cardPrices(html).length).toBeGreaterThan(0);
      expect(asked).toHaveLength(1);
    } finally {
      searchDelayMs = 0;
    }
  });

  it("for a signed-in shopper whose own currency is not the cookies', searches again in the shopper's currency", async () => {
    const db = productDb();
    const session = randomUUID();
    await addSession(db, session, await addUser(db, { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }, `early-${session}@example.com`));
    const { html, searches: asked } = await pageAndSearches('/shop/', `af-currency=EUR; sessionid=${session}`);
    expect(cardPrices(html).length).toBeGreaterThan(0);
    for (const price of cardPrices(html)) expect(price).toMatch(/^\$\d/);
    expect(asked.map((params) => params.get('currency'))).toEqual(['EUR', 'USD']);
  });
});
