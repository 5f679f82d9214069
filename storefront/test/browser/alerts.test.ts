import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getMailTo } from '@easel/data/queries/outbox';
import { product } from './worker-product';
import { screenshotPath, useChromium } from './chromium';
import { signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function open(path: string, width = 1280) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  return { page, errors, context, close: () => context.close() };
}

/** A blue abstract painting on sale at over £1,000 and not reduced: the work the staff edit brings into the alert's range. */
async function blueAbstractPaintingOverAThousand() {
  return productDb()
    .selectFrom('artworks as w')
    .innerJoin('artwork_colours as c', 'c.artwork_id', 'w.id')
    .select(['w.id', 'w.slug', 'w.title'])
    .where('w.status', '=', 'available').where('w.category', '=', 'painting').where('w.style', '=', 'abstract')
    .where('c.colour', '=', 'blue').where('w.sale_price_minor', 'is', null).where('w.price_minor', '>', 100_000)
    .orderBy('w.id')
    .executeTakeFirstOrThrow();
}

describe('alerts, as a new shopper meets them', () => {
  it('a visitor saves "blue abstract paintings under £1,000" by joining; a price edit brings one in; the bell shows 1, the mail holds the work and an unsubscribe link that works without logging in', async () => {
    const email = `collector-${randomUUID().slice(0, 8)}@example.com`;
    const shopper = await open('/shop/painting/?colours=blue&style=abstract&price_max=1000');
    const { page } = shopper;
    await page.getByRole('button', { name: 'Create alert' }).click();
    // A visitor joins first; the alert is saved afterwards.
    await dialog(page, 'Log in to Easel').getByRole('button', { name: 'Join Easel' }).click();
    const join = dialog(page, 'Join Easel');
    await join.getByLabel('Your name').fill('Cleo Collector');
    await join.getByLabel('Email').fill(email);
    await join.getByLabel('Password').fill('a-long-enough-password');
    await join.getByRole('button', { name: 'Join Easel' }).click();
    await expect.poll(() => page.locator('.toast').allTextContents()).toContainEqual(expect.stringContaining('We will tell you when a new work matches “Blue abstract paintings under £1,000”.'));
    await dialog(page, 'New work, first').getByRole('button', { name: 'No thanks' }).click();
    const user = await productDb().selectFrom('users').select('id').where('unconfirmed_email', '=', email).executeTakeFirstOrThrow();
    const [alert] = await productDb().selectFrom('alerts').select(['id', 'query', 'name', 'unsubscribe_token']).where('user_id', '=', user.id).execute();
    expect(alert).toMatchObject({ query: 'price_max=1000&product_category=painting&style=abstract&colours=blue&currency=GBP', name: 'Blue abstract paintings under £1,000' });
    const bell = page.locator('.notification-bell');
    expect(await bell.getAttribute('data-unread')).toBe('0');

    // Staff bring a blue abstract painting under £1,000 on its edit page.
    const work = await blueAbstractPaintingOverAThousand();
    const staffContext = await signedInContext(browser(), productDb(), 'staff');
    const staff = await staffContext.newPage();
    await staff.goto(`${base}/product/${work.slug}/edit/`, { waitUntil: 'networkidle' });
    await staff.locator('#edit-price').fill('950');
    await staff.locator('.artwork-edit button[type="submit"]').click();
    await expect.poll(() => staff.locator('.artwork-edit__status').textContent()).toContain('Saved');
    await staffContext.close();

    // Within a minute: the bell shows 1 (the page rendered afresh), and the outbox holds the mail.
    await expect.poll(async () => {
      await page.reload({ waitUntil: 'networkidle' });
      return bell.getAttribute('data-unread');
    }, { timeout: 60_000, interval: 2000 }).toBe('1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await page.screenshot({ path: screenshotPath('alerts-bell') });
    const mail = (await getMailTo(productDb(), email)).find((m) => m.subject.startsWith('A new work for'))!;
    expect(mail.subject).toBe('A new work for “Blue abstract paintings under £1,000”');
    expect(mail.body).toContain(`${work.title} by `);
    expect(mail.body).toContain(`/product/${work.slug}/`);
    const unsubscribe = /https?:\/\/\S+\/alerts\/unsubscribe\/\S+\//.exec(mail.body)![0];
    expect(unsubscribe).toContain(alert!.unsubscribe_token);

    // The bell leads to the work; seeing it marks it read.
    await bell.click();
    await page.waitForURL(`${base}/account/notifications/`);
    expect(await page.locator(`.card[data-slug="${work.slug}"]`).count()).toBe(1);
    expect(await page.locator('.notifications__title').textContent()).toBe('For “Blue abstract paintings under £1,000”');
    await page.screenshot({ path: screenshotPath('alerts-notifications'), fullPage: true });
    await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');

    // The unsubscribe link works in a browser that has never logged in: opening it changes
    // nothing (mail scanners open links), its one button stops the emails.
    const stranger = await open(new URL(unsubscribe).pathname);
    expect(await stranger.page.locator('.notice__text').first().textContent()).toContain('no more emails come for “Blue abstract paintings under £1,000”');
    expect((await productDb().selectFrom('alerts').select('paused').where('id', '=', alert!.id).executeTakeFirstOrThrow()).paused).toBe(0);
    await stranger.page.getByRole('button', { name: 'Stop these emails' }).click();
    await expect.poll(() => stranger.page.locator('.notice [role="status"]').textContent()).toBe('You will get no more emails for “Blue abstract paintings under £1,000”: the alert is paused. Resume it from your alerts whenever you like.');
    expect((await productDb().selectFrom('alerts').select('paused').where('id', '=', alert!.id).executeTakeFirstOrThrow()).paused).toBe(1);
    await stranger.page.reload({ waitUntil: 'networkidle' });
    expect(await stranger.page.locator('.notice [role="status"]').textContent()).toContain('the alert is paused');
    expect(stranger.errors).toEqual([]);
    await stranger.close();
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('manages alerts: from a work\'s page, then renamed, made a daily digest, paused, resumed, opened and deleted', async () => {
    const context = await signedInContext(browser(), productDb(), 'user', 390);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const work = await productDb().selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id').select(['w.slug', 'a.name', 'a.slug as artist_slug'])
      .where('w.status', '=', 'available').orderBy('w.id').executeTakeFirstOrThrow();
    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Alert me to new works by this artist' }).click();
    await expect.poll(() => page.locator('.toast').allTextContents()).toContainEqual(expect.stringContaining(`Works by ${work.name}`));
    await page.getByRole('button', { name: 'Alert me to new works like this' }).click();
    await expect.poll(() => page.locator('.toast').count()).toBeGreaterThan(1);

    await page.goto(`${base}/account/alerts/`, { waitUntil: 'networkidle' });
    const items = page.locator('.alert-item');
    expect(await items.count()).toBe(2);
    await page.screenshot({ path: screenshotPath('alerts-list-phone'), fullPage: true });
    const artistAlert = await items.filter({ hasText: `Works by ${work.name}` }).getAttribute('data-alert');
    const byArtist = page.locator(`.alert-item[data-alert="${artistAlert}"]`);
    await byArtist.getByRole('button', { name: 'Rename' }).click();
    await byArtist.getByLabel('Name').fill('Everything new by them');
    await byArtist.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => byArtist.locator('.alert-item__name').textContent()).toBe('Everything new by them');
    await byArtist.getByLabel('Email me').selectOption('daily');
    await byArtist.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => byArtist.getAttribute('data-paused')).toBe('true');
    await page.reload({ waitUntil: 'networkidle' });
    const renamed = byArtist;
    expect(await renamed.locator('.alert-item__name').textContent()).toContain('Everything new by them');
    expect(await renamed.getByLabel('Email me').inputValue()).toBe('daily');
    await renamed.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => renamed.getAttribute('data-paused')).toBe('false');

    const other = page.locator(`.alert-item:not([data-alert="${artistAlert}"])`);
    await other.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => items.count()).toBe(1);
    await renamed.getByRole('link', { name: 'Open in the gallery' }).click();
    await page.waitForURL(`${base}/artist/${work.artist_slug}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
