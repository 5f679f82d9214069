import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { useChromium } from './chromium';
import { useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** What the product stored for one browser, told apart by its session cookie's hash. */
const eventsOf = async (viewer: string) =>
  (await productDb().selectFrom('tracking_events').select(['kind', 'payload']).orderBy('id').execute())
    .map((row) => ({ kind: row.kind, ...(JSON.parse(row.payload) as { viewer: string | null; path: string; slug?: string }) }))
    .filter((event) => event.viewer === viewer);
const kinds = async (viewer: string) => (await eventsOf(viewer)).map((e) => e.kind);

describe('tracking in the browser', () => {
  it('records a visit, page views, the cards in view and a card clicked, once each', async () => {
    const session = randomUUID();
    const viewer = createHash('sha256').update(session).digest('hex');
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'sessionid', value: session, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/shop/`, { waitUntil: 'networkidle' });

    await expect.poll(() => kinds(viewer), { timeout: 15_000 }).toEqual(expect.arrayContaining(['visit', 'page_view', 'impression']));
    const seen = (await eventsOf(viewer)).filter((e) => e.kind === 'impression').map((e) => e.slug);
    expect(new Set(seen).size).toBe(seen.length);
    const visible = await page.locator('.grid .card').evaluateAll((cards) =>
      cards.filter((c) => c.getBoundingClientRect().top < innerHeight).map((c) => c.getAttribute('data-slug')));
    expect(seen.length).toBeGreaterThan(0);
    for (const slug of seen) expect(visible).toContain(slug);

    const slug = (await page.locator('.grid .card').first().getAttribute('data-slug'))!;
    await page.locator('.grid .card a').first().click();
    await page.waitForURL(`${base}/product/${slug}/`);
    await expect.poll(async () => (await eventsOf(viewer)).filter((e) => e.kind === 'click').map((e) => [e.slug, e.path]), { timeout: 15_000 })
      .toEqual([[slug, '/shop/']]);
    await expect.poll(async () => (await eventsOf(viewer)).filter((e) => e.kind === 'page_view').map((e) => e.path), { timeout: 15_000 })
      .toEqual(['/shop/', `/product/${slug}/`]);
    expect((await kinds(viewer)).filter((k) => k === 'visit')).toHaveLength(1);
    await context.close();
  });
});
