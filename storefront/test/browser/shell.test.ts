import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { postToBasket } from './basket';
import { product } from './worker-product';
import { useChromium } from './chromium';

const base = product.storefrontUrl;
const browser = useChromium();

async function newPage(options: { userAgent?: string } = {}) {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The scripts a page loads to its first view, each as the browser received it. */
async function scriptsOf(path: string): Promise<string[]> {
  const { page, close } = await newPage();
  const loading: Promise<string>[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === 'script') loading.push(r.text());
  };
  page.on('response', onResponse);
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // A script that comes later is not the first view's, and its body would outlive the page.
  page.off('response', onResponse);
  const scripts = await Promise.all(loading);
  await close();
  return scripts;
}

const ALTERNATES = ['en', 'en-US', 'en-GB', 'en-IE', 'en-CA', 'en-AU', 'en-NZ', 'en-ZA', 'x-default'];

describe('the page shell', () => {
  it('switches language at once and keeps it: basket becomes cart, <html lang> follows', async () => {
    const { page, close } = await newPage();
    await page.goto(`${base}/shop/`, { waitUntil: 'networkidle' });
    expect(await page.locator('html').getAttribute('lang')).toBe('en-GB');
    await expect.poll(() => page.locator('.site-header').textContent()).toContain('Basket');
    await page.locator('.settings__toggle').click();
    // The choices load when the chooser first opens; the radio is there once they have.
    const american = page.locator('.settings-form input[type="radio"][value="en-us"]');
    await american.waitFor();
    await expect.poll(() => american.isEnabled()).toBe(true);
    await american.click();
    await expect.poll(() => page.locator('.site-header').textContent()).toContain('Cart');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.locator('.site-header').textContent()).toContain('Cart');
    await close();
  });

  it('takes the language from the query string too', async () => {
    const html = await (await fetch(`${base}/shop/?language=en-us`)).text();
    expect(html).toContain('<html lang="en-US"');
  });

  it('switches currency at once: gallery prices change symbol, and a reload keeps it', async () => {
    const { page, close } = await newPage();
    await page.goto(`${base}/shop/`, { waitUntil: 'networkidle' });
    const firstPrice = () => page.locator('.grid .card .card__now').first().textContent();
    expect(await firstPrice()).toMatch(/^£/);
    await page.locator('.settings__toggle').click();
    const currency = page.getByLabel('Currency');
    await expect.poll(() => currency.isEnabled()).toBe(true);
    await currency.selectOption('USD');
    await expect.poll(firstPrice).toMatch(/^\$/);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await firstPrice()).toMatch(/^\$/);
    await close();
  });

  it('switches currency at once on the basket page: its total changes symbol', async () => {
    const { page, close } = await newPage();
    const { results } = (await (await fetch(`${base}/api/v2/product/s/?paginate=1&page=9`)).json()) as { results: { slug: string }[] };
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    expect((await postToBasket(page, results[0]!.slug)).status).toBe(200);
    await page.reload({ waitUntil: 'networkidle' });
    const total = () => page.locator('dd.totals__total').textContent();
    await expect.poll(total).toMatch(/^£/);
    await page.locator('.settings__toggle').click();
    const currency = page.getByLabel('Currency');
    await expect.poll(() => currency.isEnabled()).toBe(true);
    await currency.selectOption('EUR');
    await expect.poll(total).toMatch(/^€/);
    await close();
  });

  it('lets a currency in the address win for a visitor', async () => {
    const html = await (await fetch(`${base}/shop/?currency=EUR`)).text();
    expect(html).toMatch(/class="card__now[^"]*">€/);
  });

  const productPath = async () => {
    const { results } = (await (await fetch(`${base}/api/v2/product/s/?paginate=1`)).json()) as { results: { url: string }[] };
    return results[0]!.url;
  };

  it.each(['/', '/shop/', '/shop/painting/', '/basket/', 'a product page'])('emits the alternate-language links on %s', async (page) => {
    const path = page === 'a product page' ? await productPath() : page;
    const html = await (await fetch(`${base}${path}`)).text();
    for (const lang of ALTERNATES) {
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="http://[^"]+${path.replace(/\//g, '\\/')}"`));
    }
  });

  it('emits no alternate-language links on artist pages', async () => {
    const { results } = (await (await fetch(`${base}/api/v2/artists/?list=popular&limit=1`)).json()) as { results: { url: string }[] };
    const response = await fetch(`${base}${results[0]!.url}`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('hrefLang=');
  });

  it.each([
    ['an iPhone on iOS 16', 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', true],
    ['an iPhone on iOS 15', 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1', true],
    ['an iPhone on iOS 17', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1', false],
    ['an iPad on iOS 16', 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', false],
  ])('locks the zoom only for iPhones on iOS 15 and 16: %s', async (_name, userAgent, locked) => {
    const { page, close } = await newPage({ userAgent });
    await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport?.includes('user-scalable=no')).toBe(locked);
    await close();
  });

  it('keeps the full zod off the home, product and gallery pages; the gallery reads its address with zod/mini', async () => {
    // The names the full zod and zod/mini register their string schemas under, which minifying keeps.
    const has = (name: string) => (scripts: string[]) => scripts.some((script) => script.includes(`"${name}"`));
    const fullZod = has('ZodString');
    const { results } = (await (await fetch(`${base}/api/v2/product/s/?paginate=1`)).json()) as { results: { url: string }[] };
    expect(fullZod(await scriptsOf('/'))).toBe(false);
    expect(fullZod(await scriptsOf(results[0]!.url))).toBe(false);
    // The gallery reads its whole state from the address with the search contract's schema.
    const gallery = await scriptsOf('/shop/');
    expect(fullZod(gallery)).toBe(false);
    expect(has('ZodMiniString')(gallery)).toBe(true);
  });

  it("loads only the wording of the page's own components: the gallery's, not the staff's, selling's or checkout's", async () => {
    // Each message's key is a quoted string in the scripts that define or use it.
    const areasIn = (scripts: string[]) => new Set(scripts.flatMap((script) => [...script.matchAll(/"([a-zA-Z]+)\.[\w.-]+"/g)].map(([, area]) => area)));
    const gallery = areasIn(await scriptsOf('/shop/'));
    expect([...gallery]).toEqual(expect.arrayContaining(['gallery', 'basket', 'settings', 'vocabulary']));
    for (const area of ['staff', 'selling', 'listing', 'checkout', 'edit', 'api']) expect(gallery.has(area), area).toBe(false);
    expect(areasIn(await scriptsOf('/basket/')).has('gallery')).toBe(false);
  });

  it("sends the page's scripts in the Brotli the build made, gzip to a client without it, the same script either way, and takes nothing sent to them", async () => {
    const { page, close } = await newPage();
    const scripts: Promise<{ url: string; encoding: string | undefined }>[] = [];
    page.on('response', (r) => void (r.request().resourceType() === 'script' && scripts.push(r.allHeaders().then((headers) => ({ url: r.url(), encoding: headers['content-encoding'] })))));
    await page.goto(`${base}/shop/`, { waitUntil: 'networkidle' });
    const received = await Promise.all(scripts);
    await close();
    expect(received.length).toBeGreaterThan(3);
    for (const { url, encoding } of received) expect(encoding, url).toBe('br');

    const address = received[0]!.url;
    // Undici's request leaves the body as sent, so its sizes are the ones on the wire.
    const sent = async (acceptEncoding: string) => {
      const answer = await request(address, { headers: { 'accept-encoding': acceptEncoding } });
      const body = Buffer.from(await answer.body.arrayBuffer());
      const encoding = answer.headers['content-encoding'];
      const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
      return { encoding, bytes: body.byteLength, text, cacheControl: answer.headers['cache-control'], nosniff: answer.headers['x-content-type-options'] };
    };
    const [brotli, gzip, plain] = [await sent('gzip, deflate, br, zstd'), await sent('gzip, deflate'), await sent('identity')];
    expect([brotli.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined]);
    expect(brotli.text).toBe(plain.text);
    expect(gzip.text).toBe(plain.text);
    expect(brotli.bytes).toBeLessThan(gzip.bytes);
    expect(brotli).toMatchObject({ cacheControl: expect.stringContaining('immutable'), nosniff: 'nosniff' });

    const written = await fetch(address, { method: 'POST', body: 'x' });
    expect(written.status).toBe(405);
    expect(written.headers.get('allow')).toBe('GET, HEAD');
    expect(((await written.json()) as { error: { code: string } }).error.code).toBe('read_only');
  });

  it('treats /home as /', async () => {
    const response = await fetch(`${base}/home/`, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(new URL(response.headers.get('location')!, base).pathname).toBe('/');
  });

  it("sends a browser's /favicon.ico to the site's icon", async () => {
    const response = await fetch(`${base}/favicon.ico`, { redirect: 'manual' });
    expect(response.status).toBe(308);
    const icon = await fetch(new URL(response.headers.get('location')!, base));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg/);
  });
});
