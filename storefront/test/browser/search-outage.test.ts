import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { REPO_ROOT } from '@easel/shared/env';
import { meiliClient, rebuildIndex, startEmbeddedMeili, type RunningMeili } from '@easel/indexer';
import { getFreePort, terminate } from '@easel/shared/process';
import { startService, waitForHttp, type Service } from '../../../scripts/processes';
import { hydrated, screenshotPath, useChromium } from './chromium';
import { useProductDatabase } from './product-database';

/**
 * The storefront while its search engine is stopped or paused. The product the other browser
 * tests share keeps its engine: this file runs a Meilisearch of its own (indexed from the
 * product's database under an index of its own), a search-service on it without the hot-answer
 * cache (so every search needs the engine), and a second `next start` of the same build in
 * front, with the product's database for everything else.
 */
const browser = useChromium();
const productDb = useProductDatabase();
const INDEX = 'outage_artworks';

let dataDir: string;
let meiliPort: number;
let meili: RunningMeili;
let base: string;
const services: Service[] = [];

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-search-outage-'));
  meiliPort = await getFreePort();
  meili = await startEmbeddedMeili({ dataDir: path.join(dataDir, 'meili'), port: meiliPort });
  await rebuildIndex({ db: productDb(), meili: meiliClient(meili), indexUid: INDEX });

  const [searchPort, storefrontPort] = await Promise.all([getFreePort(), getFreePort()]);
  const { MEILI_URL: _url, MEILI_MASTER_KEY: _key, ...inherited } = process.env;
  const search = startService('outage-search', process.execPath, ['--import', 'tsx', 'search-service/src/server.ts'], {
    ...inherited, SEARCH_PORT: String(searchPort), SEARCH_HOST: '127.0.0.1', MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey,
    SEARCH_INDEX: INDEX, SEARCH_CACHE_TTL_MS: '0',
  }, REPO_ROOT);
  services.push(search);
  await waitForHttp(search, `http://127.0.0.1:${searchPort}/healthz`, 60_000);
  const storefront = startService('outage-storefront', process.execPath, [path.join(REPO_ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(storefrontPort), '-H', '127.0.0.1'], {
    ...inherited, DATABASE_FILE: product.databaseFile, SEARCH_SERVICE_URL: `http://127.0.0.1:${searchPort}`, SEARCH_INDEX: INDEX,
    MEDIA_CACHE_DIR: path.join(dataDir, 'media'), SSR_BUDGET_MS: '3000',
  }, path.join(REPO_ROOT, 'storefront'));
  services.push(storefront);
  base = `http://127.0.0.1:${storefrontPort}`;
  await waitForHttp(storefront, `${base}/`, 60_000);
});

afterAll(async () => {
  if (meili?.pid) {
    try {
      process.kill(meili.pid, 'SIGCONT');
    } catch {
      // already gone
    }
  }
  await Promise.all(services.map((s) => terminate(s.child)));
  await meili?.stop();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

async function open(url: string, width = 1280, waitUntil: 'domcontentloaded' | 'networkidle' = 'domcontentloaded') {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${base}${url}`, { waitUntil });
  return { page, errors, status: response?.status(), close: () => context.close() };
}

const notice = (page: Page) => page.locator('.gallery [role="alert"]');
const cards = (page: Page) => page.locator('.grid .card');
/** The count a gallery shows for a search, as the search service answers it now. */
const countText = async (search: string) => {
  const { count } = (await (await fetch(`${base}/api/v2/product/s/${search}`)).json()) as { count: number };
  return `${count.toLocaleString('en-GB')} artworks`;
};

describe('the gallery without its search engine', () => {
  it('says search is unavailable while the header, basket and product pages work, and shows the artworks again by itself when the engine is back', async () => {
    await meili.stop();
    const gallery = await open('/shop/');
    const phone = await open('/shop/', 375);
    try {
      expect(gallery.status).toBe(200);
      await expect.poll(() => notice(gallery.page).textContent()).toContain('Search is unavailable right now');
      expect(await notice(gallery.page).textContent()).toContain('as soon as search is back');
      expect(await cards(gallery.page).count()).toBe(0);
      // The count above the results does not pretend to be searching.
      expect(await gallery.page.locator('#gallery-count').textContent()).toBe('');
      expect(await gallery.page.locator('.site-header .basket-link').isVisible()).toBe(true);
      await gallery.page.screenshot({ path: screenshotPath('search-outage-desktop'), fullPage: false });
      await expect.poll(() => notice(phone.page).isVisible()).toBe(true);
      await phone.page.screenshot({ path: screenshotPath('search-outage-phone'), fullPage: false });

      // The rest of the site reads SQLite, not search: a product page renders and its work goes in the basket.
      const work = await productDb().selectFrom('artworks').select(['slug', 'title']).where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
      const product = await open(`/product/${work.slug}/`, 1280, 'networkidle');
      try {
        expect(product.status).toBe(200);
        expect((await product.page.locator('h1').first().textContent())?.trim()).toBe(work.title);
        await product.page.locator(`.buy-box [data-add-to-basket="${work.slug}"]`).click();
        await expect.poll(() => product.page.locator('.basket-link__count').textContent()).toBe('1');
        expect(product.errors).toEqual([]);
      } finally {
        await product.close();
      }

      // Started again on its data and port; nobody touches the gallery page.
      meili = await startEmbeddedMeili({ dataDir: path.join(dataDir, 'meili'), port: meiliPort });
      await expect.poll(() => cards(gallery.page).count(), { timeout: 20_000 }).toBe(60);
      expect(await notice(gallery.page).count()).toBe(0);
      expect(gallery.errors).toEqual([]);
    } finally {
      await gallery.close();
      await phone.close();
    }
  });

  it('says so when the engine is paused past the search budget, and recovers by itself when it resumes', async () => {
    process.kill(meili.pid!, 'SIGSTOP');
    const resume = () => process.kill(meili.pid!, 'SIGCONT');
    const gallery = await open('/shop/?colours=blue').catch((error: unknown) => {
      resume();
      throw error;
    });
    try {
      expect(gallery.status).toBe(200);
      await expect.poll(() => notice(gallery.page).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await cards(gallery.page).count()).toBe(0);
      resume();
      await expect.poll(() => cards(gallery.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await notice(gallery.page).count()).toBe(0);
      expect(gallery.errors).toEqual([]);
    } finally {
      resume();
      await gallery.close();
    }
  });

  it('keeps a filter applied while search is paused: its address and chips, and its results once search is back', async () => {
    const gallery = await open('/shop/', 1280, 'networkidle');
    const { page } = gallery;
    const resume = () => process.kill(meili.pid!, 'SIGCONT');
    const colours = () => new URL(page.url()).searchParams.getAll('colours').sort();
    const chips = async () => (await page.locator('.chips .chip').allTextContents()).map((chip) => chip.replace(/×.*/, '')).sort();
    const apply = async (id: string) => {
      await page.locator(`label[for="${id}"]`).click();
      await page.locator('.filters__apply-button').click();
    };
    try {
      await hydrated(page.locator('#gallery-q'));
      // A search answered in the browser first: the one InstantSearch would go back to.
      await apply('colours-red');
      await expect.poll(colours).toEqual(['red']);
      await expect.poll(() => page.locator('#gallery-count').textContent()).toBe(await countText('?colours=red'));

      process.kill(meili.pid!, 'SIGSTOP');
      await apply('colours-blue');
      await expect.poll(() => notice(page).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(colours()).toEqual(['blue', 'red']);
      expect(await chips()).toEqual(['Blue', 'Red']);
      // Through the next retry (every 3 s), the page never shows the results of the search before.
      for (const until = Date.now() + 4000; Date.now() < until; await page.waitForTimeout(100)) {
        expect({ notice: await notice(page).isVisible(), cards: await cards(page).count() }).toEqual({ notice: true, cards: 0 });
      }

      resume();
      const both = await countText('?colours=blue&colours=red');
      await expect.poll(() => page.locator('#gallery-count').textContent(), { timeout: 20_000 }).toBe(both);
      expect(await cards(page).count()).toBeGreaterThan(0);
      expect(colours()).toEqual(['blue', 'red']);
      expect(await chips()).toEqual(['Blue', 'Red']);
      // One entry for each search applied: Back is the search before.
      await page.goBack();
      await expect.poll(colours).toEqual(['red']);
      await expect.poll(chips).toEqual(['Red']);
      expect(gallery.errors).toEqual([]);
    } finally {
      resume();
      await gallery.close();
    }
  });
});
