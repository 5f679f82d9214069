import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { REPO_ROOT } from '@easel/shared/env';
import { hydrated, useChromium } from './chromium';
import { signedInContext, useProductDatabase } from './product-database';

/**
 * docs/SECURITY.md, "Headers" and "Meilisearch": the pages work under their
 * Content-Security-Policy with not one violation, every kind of answer carries the headers,
 * and the engine's master key is in no page, no script the browser gets and no API answer.
 */

const base = product.storefrontUrl;
const shell = product.shellStorefrontUrl;
const browser = useChromium();
const database = useProductDatabase();

/** The product's Meilisearch folder sits beside its database (product-global-setup.ts). */
const masterKey = () => fs.readFileSync(path.join(path.dirname(product.databaseFile), 'meili', 'master-key'), 'utf8').trim();

const anyWork = async () =>
  (await database().selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('popularity', 'desc').limit(1).executeTakeFirstOrThrow()).slug;

/** Opens a page recording every CSP violation the browser reports, as events and as console errors. */
async function openWatched(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => violations.push(`script error: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  const reported = async () => [...violations, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
  return { page, response: response!, reported };
}

const newContext = () => browser().newContext({ viewport: { width: 1280, height: 900 } });

describe('pages under their Content-Security-Policy', () => {
  it('the homepage runs its scripts (the tracker fills the data layer) with no violation', async () => {
    const context = await newContext();
    const { page, response, reported } = await openWatched(context, `${base}/`);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) expect(policy).toContain(directive);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers()['permissions-policy']).toContain('camera=()');
    // Local development is never pinned to https.
    expect(response.headers()['strict-transport-security']).toBeUndefined();
    await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBeGreaterThan(0);
    expect(await reported()).toEqual([]);
    await context.close();
  });

  it('a fresh nonce for every page view', async () => {
    const policies = await Promise.all([1, 2].map(async () => (await fetch(`${base}/`)).headers.get('content-security-policy')));
    expect(policies[0]).not.toBe(policies[1]);
  });

  it('the gallery searches from the browser (a storefront that leaves search to it) with no violation', async () => {
    const context = await newContext();
    const { page, reported } = await openWatched(context, `${shell}/shop/painting/?q=sea`);
    await expect.poll(() => page.locator('.grid .card').count()).toBeGreaterThan(0);
    expect(await reported()).toEqual([]);
    await context.close();
  });

  it("a gallery page served from the page cache runs its scripts under its own answer's nonce with no violation", async () => {
    const address = `${base}/shop/sculpture/?price_min=${100 + Math.floor(Math.random() * 800)}`;
    // Kept once a visitor has had it.
    await expect.poll(async () => (await fetch(address)).headers.get('x-page-cache')).toBe('hit');
    const context = await newContext();
    const { page, response, reported } = await openWatched(context, address);
    expect(response.headers()['x-page-cache']).toBe('hit');
    // The gallery hydrates only if its scripts ran; then a sort, the script's work, changes the address.
    await hydrated(page.locator('#gallery-sort'));
    await page.locator('#gallery-sort').selectOption('price_desc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price_desc');
    expect(await reported()).toEqual([]);
    await context.close();
  });

  it('the product page keeps its JSON-LD and its interactive parts with no violation', async () => {
    const context = await newContext();
    const { page, reported } = await openWatched(context, `${base}/product/${await anyWork()}/`);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'VisualArtwork', offers: { priceCurrency: 'GBP' } });
    // Adding to the basket is a script's work: it only happens if the page's scripts run.
    await page.locator('.buy-box [data-add-to-basket]').click();
    await expect.poll(() => page.locator('.basket-link__count').textContent()).toBe('1');
    expect(await reported()).toEqual([]);
    await context.close();
  });

  it('an artist\'s page, the basket, a staff page and the not-found page load with no violation', async () => {
    const artist = (await database().selectFrom('artists').select('slug').orderBy('id').limit(1).executeTakeFirstOrThrow()).slug;
    const context = await signedInContext(browser(), database(), 'staff');
    for (const url of [`${base}/artist/${artist}/`, `${base}/basket/`, `${base}/staff/index/`, `${base}/product/no-such-work/`]) {
      const { reported } = await openWatched(context, url);
      expect(await reported(), url).toEqual([]);
    }
    await context.close();
  });
});

/** A request as sent, method, target and Host untouched by fetch (which refuses TRACE and normalises paths). */
async function raw(method: string, target: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    request({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    }).on('error', reject).end();
  });
}

describe('headers on every kind of answer', () => {
  it('JSON, build assets, pictures and refusals carry the policy that allows nothing', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const asset = html.match(/\/_next\/static\/[^"]+\.js/)![0];
    const picture = html.match(/\/media\/[^"\s]+/)![0];
    const answers = [
      await fetch(`${base}/api/v2/artists/?list=popular`),
      await fetch(`${base}/api/v2/product/s/?q=sea`),
      await fetch(`${base}${asset}`),
      await fetch(`${base}${picture}`),
      await fetch(`${base}/api/account/login/`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }),
      await fetch(`${product.searchUrl}/api/v2/product/s/?q=sea`),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
      expect(answer.headers.get('content-security-policy'), answer.url).toContain("default-src 'none'");
      expect(answer.headers.get('content-security-policy'), answer.url).toContain("frame-ancestors 'none'");
    }
  });

  it('a method the site does not take is 405, and a path that is not one 400, as JSON with the security headers', async () => {
    const cases = [['TRACE', '/shop/', 405], ['PROPFIND', '/', 405], ['GET', '/api/%ff/', 400], ['GET', '/product/%FF/', 400], ['GET', '/artist/%FF/', 400], ['GET', '/shop/%FF/', 400], ['POST', '/api/account/login/.', 400], ['GET', '/shop/%2e%2e/staff/index/', 400]] as const;
    for (const [method, target, status] of cases) {
      const answer = await raw(method, target);
      expect(answer.status, `${method} ${target}`).toBe(status);
      expect(answer.headers['content-type'], `${method} ${target}`).toContain('application/json');
      expect(JSON.parse(answer.body).error.message.length, `${method} ${target}`).toBeGreaterThan(0);
      expect(answer.headers['x-content-type-options'], `${method} ${target}`).toBe('nosniff');
      expect(answer.headers['content-security-policy'], `${method} ${target}`).toContain("default-src 'none'");
      if (status === 405) expect(answer.headers.allow).toContain('GET');
    }
  });

  it('an address under the API\'s paths that names nothing is 404 as JSON with the policy that allows nothing, not a page under it', async () => {
    for (const target of ['/api/nothing/', '/api/v2/nothing/', '/t/', '/editors-picks/', '/dashboard/', '/collections/api/nothing/', '/interest/nothing/']) {
      const answer = await raw('GET', target);
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type'], target).toContain('application/json');
      expect(JSON.parse(answer.body).error, target).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
      expect(answer.headers['content-security-policy'], target).toContain("default-src 'none'");
    }
  });

  it('a page names the configured site in its canonical and og:url, whatever Host the request sends', async () => {
    const work = await anyWork();
    const page = await raw('GET', `/product/${work}/`, { host: 'evil.example' });
    expect(page.status).toBe(200);
    const own = new URL(base).origin;
    const canonical = page.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical).toBe(`${own}/product/${work}/`);
    expect(page.body).not.toContain('evil.example');
  });

  it('HSTS for a real host name, whatever the answer', async () => {
    // Node's fetch will not send a Host of our choosing; a raw request does.
    const { request } = await import('node:http');
    const url = new URL(base);
    for (const p of ['/', '/api/v2/artists/?list=popular', '/api/v2/product/s/?q=sea']) {
      const hsts = await new Promise<string | undefined>((resolve, reject) => {
        request({ host: url.hostname, port: url.port, path: p, headers: { host: 'shop.example' } }, (res) => {
          res.resume();
          resolve(res.headers['strict-transport-security']);
        }).on('error', reject).end();
      });
      expect(hsts, p).toMatch(/max-age=\d{7,}/);
    }
  });
});

describe('pages are only read', () => {
  it('answer GET and HEAD, and refuse every other method with 405 and Allow', async () => {
    const work = await anyWork();
    for (const page of ['/', '/shop/', `/product/${work}/`, '/basket/', '/not-a-page/']) {
      expect((await fetch(`${base}${page}`, { method: 'HEAD' })).status).toBe(page === '/not-a-page/' ? 404 : 200);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const response = await fetch(`${base}${page}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, ...(method === 'OPTIONS' ? {} : { body: 'a=1' }) });
        expect(response.status, `${method} ${page}`).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD');
      }
    }
  });
});

describe('a request line with an absolute URI', () => {
  /** Sends one raw request line (fetch cannot) and returns the status and Location. */
  async function rawGet(base: string, target: string) {
    const { connect } = await import('node:net');
    const url = new URL(base);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    const [statusLine = '', ...headers] = text.split('\r\n\r\n')[0]!.split('\r\n');
    return { status: Number(statusLine.split(' ')[1]), location: headers.find((h) => /^location:/i.test(h))?.slice('location:'.length).trim() };
  }

  it('is read as its path on this site, never redirected to the host it names', async () => {
    const work = await anyWork();
    for (const [target, status, location] of [
      ['http://evil.example/shop', 308, '/shop/'],
      ['http://evil.example/shop/', 200, undefined],
      [`https://evil.example/product/${work}`, 308, `/product/${work}/`],
      // server.ts reads the doubled slash as one: a path on this site, which Next.js treats as a file's.
      ['http://evil.example//evil2.example/', 308, '/evil2.example'],
    ] as const) {
      expect(await rawGet(base, target), target).toEqual({ status, location });
    }
    const search = await rawGet(product.searchUrl, 'http://evil.example/api/v2/product/s/?q=sea');
    expect(search).toEqual({ status: 200, location: undefined });
  });
});

describe('the Meilisearch master key', () => {
  it('is in no script or file the browser can load (the build\'s static output), nor named there', () => {
    const key = masterKey();
    expect(key.length).toBeGreaterThanOrEqual(16);
    const root = path.join(REPO_ROOT, 'storefront/.next/static');
    const files = fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = fs.readFileSync(path.join(file.parentPath, file.name), 'latin1');
      expect(text.includes(key), file.name).toBe(false);
      expect(text.includes('MEILI_MASTER_KEY'), file.name).toBe(false);
    }
  });

  it('is in no page nor API answer, a staff member\'s included', async () => {
    const key = masterKey();
    const slug = await anyWork();
    const context = await signedInContext(browser(), database(), 'staff');
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await context.close();
    const paths = [
      '/', '/shop/', `/product/${slug}/`, '/staff/index/', '/api/staff/index/', `/api/product/?slug=${slug}`, '/api/v2/search/?q=sea',
      '/api/v2/product/s/?q=sea', '/api/v2/product/s/openapi.json', '/api/account/', '/api/v2/artists/?list=popular',
    ];
    for (const p of paths) {
      const answer = await fetch(`${base}${p}`, { headers: { cookie } });
      expect(answer.status, p).toBeLessThan(400);
      expect((await answer.text()).includes(key), p).toBe(false);
    }
  });
});
