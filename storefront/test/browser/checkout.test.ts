import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { inTransaction } from '@easel/data/db';
import { promoCustomer, spendPromoCode } from '@easel/data/queries/basket';
import { getMailTo } from '@easel/data/queries/outbox';
import { postToBasket } from './basket';
import { product } from './worker-product';
import { addSession, addUser, mailedToken } from '../../../data/test/fixtures';
import { screenshotPath, useChromium } from './chromium';
import { signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const searchUrl = product.searchUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** A shopper signed in by a session written straight to the database, in a browser context of their own. */
async function signedInShopper(width = 1280) {
  const context = await signedInContext(browser(), productDb(), 'user', width);
  return { context, page: await context.newPage() };
}

const searchSlugs = async (q: string) => {
  const body = (await (await fetch(`${searchUrl}/api/v2/product/s/?q=${encodeURIComponent(q)}&limit=60`)).json()) as { results: { slug: string }[] };
  return body.results.map((r) => r.slug);
};

describe('buying an original', () => {
  it('goes from basket to order, and the work is then sold to everyone and gone from the gallery', async () => {
    // An available original that ships to GB (the shopper's default country) and that the gallery finds by its title.
    const candidates = await productDb()
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
      .select(['w.slug', 'w.title'])
      .where('w.status', '=', 'available')
      .orderBy('w.popularity', 'desc')
      .limit(20)
      .execute();
    let work: { slug: string; title: string } | undefined;
    for (const c of candidates) if ((await searchSlugs(c.title)).includes(c.slug)) { work = c; break; }
    expect(work).toBeDefined();
    const { slug, title } = work!;

    const { context, page } = await signedInShopper();
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    expect(await page.title()).toBe('Your shopping basket | Easel');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await expect.poll(() => page.locator('[data-basket-count]').textContent()).toBe('Your basket is empty');
    expect(await page.locator('.reassurance__block').count()).toBe(3);
    // Nothing to check out yet: the checkout says so instead of asking for an address.
    await page.goto(`${base}/checkout/`, { waitUntil: 'networkidle' });
    expect(await page.locator('main .basket__greeting').textContent()).toBe('Your basket is empty');
    expect(await page.locator('input[name="line1"]').count()).toBe(0);

    await page.goto(`${base}/product/${slug}/`, { waitUntil: 'networkidle' });
    // The delivery estimate: the artist's dispatch time, then the days it should arrive.
    expect(await page.locator('[data-delivery]').textContent()).toMatch(/^Sent within [1-5] working days?, arrives \d{1,2}( [A-Z][a-z]{2})?\s–\s\d{1,2} [A-Z][a-z]{2}/);
    await page.locator(`.buy-box [data-add-to-basket="${slug}"]`).click();
    await expect.poll(() => page.locator('.basket-link__count').textContent()).toBe('1');
    await expect.poll(() => page.locator('.toast').last().textContent()).toContain('Added to your basket');
    // A mini-basket: the work, the basket's subtotal and the way to check out.
    expect(await page.locator('.toast').last().textContent()).toMatch(new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · basket subtotal £[\\d,]+ \\(1 item\\)`));
    expect(await page.locator('.toast').last().locator('a.toast__action').getAttribute('href')).toBe('/checkout/');
    // The original again: one of a kind, it is already there, and the page says so.
    await page.locator(`.buy-box [data-add-to-basket="${slug}"]`).click();
    await expect.poll(() => page.locator('.toast').last().textContent()).toContain('Already in your basket');
    expect(await page.locator('.basket-link__count').textContent()).toBe('1');
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[data-basket-count]').textContent()).toBe('1 item in your basket');
    expect(await page.locator('.basket-line__title').textContent()).toBe(title);
    expect(await page.locator('.basket-line [data-delivery]').textContent()).toMatch(/^Arrives \d/);
    expect(await page.locator('.basket-link__count').textContent()).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('basketEmpty'))).toBe('false');

    // A new shopper is told what they have to spend, by the code's field.
    expect(await page.locator('#promo-offer').textContent()).toBe('10% off your order with the code WELCOME10');
    expect(await page.locator('#promo-code').getAttribute('aria-describedby')).toBe('promo-offer');
    await page.fill('#promo-code', 'NOPE');
    await page.click('.promo button[type="submit"]');
    await expect.poll(() => page.locator('.promo__error').textContent()).toBe('There is no promo code NOPE.');
    await page.fill('#promo-code', 'welcome10');
    await page.click('.promo button[type="submit"]');
    await expect.poll(() => page.locator('.promo__applied').textContent()).toContain('WELCOME10 applied');
    expect(await page.locator('[data-discount]').count()).toBe(1);
    expect(await page.locator('#promo-offer').count()).toBe(0);
    // One code a basket: the field for another steps aside while this one takes something off, and
    // its "Remove code" takes the focus the field had.
    expect(await page.locator('#promo-code').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Remove code');
    await page.screenshot({ path: screenshotPath('basket-desktop'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('basket-phone'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
    await page.click('a.basket__checkout');
    await page.waitForURL(`${base}/checkout/`);
    await page.waitForLoadState('networkidle');
    // The page hydrates as the server rendered it (no React error #418).
    expect(pageErrors).toEqual([]);
    // Countries by name in the shopper's English, the country they ship to first.
    const countries = await page.locator('select[name="country"] option').allTextContents();
    expect(countries[0]).toBe('United Kingdom');
    expect(countries.slice(1)).toEqual([...countries.slice(1)].sort((a, b) => a.localeCompare(b, 'en-GB')));
    // The parcel is for the account holder unless they say otherwise, and what it holds is beside the address.
    const holder = await page.evaluate(async () => ((await (await fetch('/api/account/')).json()) as { user: { name: string } }).user.name);
    expect(await page.inputValue('input[name="name"]')).toBe(holder);
    await expect.poll(() => page.locator('.checkout__summary .checkout__line').allTextContents()).toEqual([expect.stringContaining(title)]);
    expect(await page.locator('.checkout__summary .totals').textContent()).toMatch(/Shipping to United Kingdom \(estimate\)/);
    // An address's postcode and region are named as its country names them.
    const labelOf = (name: string) => page.locator(`label:has(input[name="${name}"])`).evaluate((label) => label.firstChild?.textContent);
    expect([await labelOf('postcode'), await labelOf('region')]).toEqual(['Postcode', 'County, state or region (optional)']);
    await page.selectOption('select[name="country"]', 'US');
    expect([await labelOf('postcode'), await labelOf('region')]).toEqual(['ZIP code', 'State (optional)']);
    // The summary's shipping follows the address's country as it is chosen.
    await expect.poll(() => page.locator('.checkout__summary .totals').textContent()).toMatch(/Shipping to United States \(estimate\)/);
    await page.screenshot({ path: screenshotPath('checkout-address-us'), fullPage: true });
    await page.selectOption('select[name="country"]', 'GB');
    // Spaces pass the browser's own check of a required field, not the address step's: each
    // field says what it needs, the first takes the focus, and the step stays.
    for (const name of ['name', 'line1', 'city', 'postcode']) await page.fill(`input[name="${name}"]`, '   ');
    await page.click('main form button[type="submit"]');
    await expect.poll(() => page.locator('.checkout__field .checkout__error').allTextContents()).toEqual([
      'Enter the full name of the person the parcel is for.', 'Enter the first line of the address.', 'Enter the town or city.', 'Enter the postcode: addresses in this country have one.',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await page.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('input[name="card-number"]').count()).toBe(0);
    await page.fill('input[name="name"]', 'Ada Lovelace');
    await page.fill('input[name="line1"]', '12 St James’s Square');
    await page.fill('input[name="city"]', 'London');
    // A postcode is required in the United Kingdom, and not in Hong Kong.
    expect(await page.locator('input[name="postcode"]').getAttribute('required')).not.toBeNull();
    await page.selectOption('select[name="country"]', 'HK');
    expect(await page.locator('input[name="postcode"]').getAttribute('required')).toBeNull();
    await page.selectOption('select[name="country"]', 'GB');
    // Half a postcode is not one a courier can deliver to: it is refused beside its field.
    await page.fill('input[name="postcode"]', 'SW1Y');
    await page.click('main form button[type="submit"]');
    await expect.poll(() => page.locator('.checkout__field .checkout__error').allTextContents()).toEqual(['Check the postcode: it is not one of this country’s.']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('postcode');
    // The refusal under the postcode leaves the town's box beside it as it was.
    const heights = await Promise.all(['city', 'postcode'].map(async (name) => (await page.locator(`input[name="${name}"]`).boundingBox())!.height));
    expect(heights[0]).toBe(heights[1]);
    await page.fill('input[name="postcode"]', 'SW1Y 4JH');
    await page.click('main form button[type="submit"]');
    await page.waitForSelector('input[name="card-number"]');
    // The review starts at the top of the page, its heading focused, as a new page would.
    const atTopFocused = () => page.evaluate(() => ({ scrollY: window.scrollY, focused: document.activeElement?.textContent }));
    await expect.poll(atTopFocused).toEqual({ scrollY: 0, focused: 'Review and pay' });
    expect(await page.locator('.checkout__line').textContent()).toContain(title);
    expect(await page.locator('.checkout__line [data-delivery]').textContent()).toMatch(/^Arrives \d/);
    expect(await page.locator('.checkout__review .totals').textContent()).toContain('Shipping');
    await page.fill('input[name="card-number"]', '4000 0000 0000 0002');
    await page.fill('input[name="expiry"]', '12/30');
    await page.fill('input[name="cvc"]', '123');
    await page.screenshot({ path: screenshotPath('checkout-desktop'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('checkout-phone'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click('.checkout__review form button[type="submit"]');
    await expect.poll(() => page.locator('.checkout__error').textContent()).toBe('Your card was declined. Please try another card.');

    await page.fill('input[name="card-number"]', '4242 4242 4242 4242');
    // What the review itemised, and the amount on the button, are what the order says it charged.
    const reviewTotals = await page.locator('.checkout__review .totals').textContent();
    const paid = (await page.locator('.checkout__review form button[type="submit"]').textContent())!.replace(/^Pay /, '');
    expect(reviewTotals).toMatch(/^Subtotal£[\d,.]+(Discount−£[\d,.]+)?Shipping(Free|£[\d,.]+)Total£[\d,.]+$/);
    expect(reviewTotals!.endsWith(`Total${paid}`)).toBe(true);
    await page.click('.checkout__review form button[type="submit"]');
    await page.waitForSelector('[data-order]');
    expect(await page.locator('[data-order] .totals').textContent()).toBe(reviewTotals);
    expect(await page.locator('.notice__title').textContent()).toBe('Thank you: your order is placed');
    // The confirmation is a page of its own, seen from the top, its heading taking the focus from the vanished button.
    await expect.poll(atTopFocused).toEqual({ scrollY: 0, focused: 'Thank you: your order is placed' });
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
    expect(events).toEqual(expect.arrayContaining(['begin_checkout', 'purchase']));
    expect(await page.locator('.basket-link__count').textContent()).toBe('0');
    await page.screenshot({ path: screenshotPath('checkout-confirmed'), fullPage: true });
    // The confirmation has its own address: a reload shows the same order and amount again, and
    // counts no second purchase; to anyone else that address is the checkout as it stands.
    const orderId = (await page.locator('[data-order]').getAttribute('data-order'))!;
    const confirmed = await page.locator('[data-order]').textContent();
    expect(confirmed).toContain(`Order number ${orderId} · £`);
    await page.waitForURL(`${base}/checkout/?order=${orderId}`);
    await page.reload();
    expect(await page.locator(`[data-order="${orderId}"]`).textContent()).toBe(confirmed);
    expect(await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'purchase').length)).toBe(0);
    const stranger = await signedInShopper(1280);
    await stranger.page.goto(`${base}/checkout/?order=${orderId}`);
    expect(await stranger.page.locator('[data-order]').count()).toBe(0);
    expect(await stranger.page.locator('main').textContent()).toContain('Your basket is empty');
    await stranger.context.close();

    await page.click('text=See your orders');
    await page.waitForURL(`${base}/account/orders/`);
    const listed = page.locator(`.order[data-order="${orderId}"]`);
    expect(await listed.locator('.order__line a').first().textContent()).toBe(title);
    expect(await listed.locator('.totals').textContent()).toBe(reviewTotals);
    expect(await listed.textContent()).toContain('Shipping to: Ada Lovelace, 12 St James’s Square, London SW1Y 4JH, United Kingdom');
    expect(await listed.textContent()).toMatch(/Payment reference \S+/);
    await page.screenshot({ path: screenshotPath('orders-desktop'), fullPage: true });
    await context.close();

    // A second shopper: the work's page says sold and offers no basket, the basket refuses it, and it leaves the gallery.
    const second = await signedInShopper(375);
    await second.page.goto(`${base}/product/${slug}/`, { waitUntil: 'networkidle' });
    expect(await second.page.locator('.buy-box').getAttribute('data-status')).toBe('sold');
    expect(await second.page.locator('.buy-box .status-badge').textContent()).toBe('Sold');
    expect(await second.page.locator('.buy-box [data-add-to-basket]').count()).toBe(0);
    const refusal = await postToBasket(second.page, slug);
    expect(refusal).toEqual({ status: 409, body: { error: { code: 'sold', message: `“${title}” has just been sold.` } } });
    await expect.poll(() => searchSlugs(title), { timeout: 10_000, interval: 200 }).not.toContain(slug);
    await second.context.close();
  });
});

/** An available original that ships to GB, the newest first: not the popular ones other tests buy. */
const anAvailableWorkToGb = () =>
  productDb()
    .selectFrom('artworks as w')
    .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
    .select(['w.slug', 'w.title'])
    .where('w.status', '=', 'available')
    .orderBy('w.id', 'desc')
    .executeTakeFirstOrThrow();

describe('a visitor at checkout', () => {
  it('with nothing in the basket, is told so and led back to the gallery', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/checkout/`, { waitUntil: 'networkidle' });
    expect(await page.locator('main .basket__greeting').textContent()).toBe('Your basket is empty');
    expect(await page.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop/');
    expect(await page.locator('main form').count()).toBe(0);
    await context.close();
  });

  it('logs in or joins right there', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    expect((await postToBasket(page, (await anAvailableWorkToGb()).slug)).status).toBe(200);
    await page.goto(`${base}/checkout/`, { waitUntil: 'networkidle' });
    expect(await page.locator('.checkout__note').allTextContents()).toContain('Log in or join to check out; your basket will be kept.');
    await page.getByRole('button', { name: 'Join Easel' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Join Easel' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Log in' }).first().click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Log in to Easel' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('checkout-visitor') });
    await context.close();
  });

  it('brings WELCOME10 to a guest checkout under an email that spent it: the basket says so and takes nothing off', async () => {
    const email = `welcome-spent-${Date.now()}@example.com`;
    const earlier = await addUser(productDb(), undefined, email);
    await inTransaction(productDb(), async (trx) =>
      spendPromoCode(trx, 'WELCOME10', await promoCustomer(trx, earlier), randomUUID(), new Date().toISOString()));
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    expect((await postToBasket(page, (await anAvailableWorkToGb()).slug)).status).toBe(200);
    await page.reload({ waitUntil: 'networkidle' });
    await page.fill('#promo-code', 'welcome10');
    await page.click('.promo button[type="submit"]');
    await expect.poll(() => page.locator('.promo__applied').textContent()).toContain('WELCOME10 applied');
    expect(await page.locator('[data-discount]').count()).toBe(1);

    await page.goto(`${base}/checkout/`, { waitUntil: 'networkidle' });
    await page.fill('input[name="email"]', email.toUpperCase());
    await page.getByRole('button', { name: 'Continue as a guest' }).click();
    await page.waitForSelector('input[name="line1"]');
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.promo__applied').textContent())
      .toContain('WELCOME10 has been used on an earlier order of yours: it works once per customer');
    expect(await page.locator('[data-discount]').count()).toBe(0);
    await page.fill('#promo-code', 'WELCOME10');
    await page.click('.promo button[type="submit"]');
    await expect.poll(() => page.locator('.promo__error').textContent())
      .toBe('The code WELCOME10 works once per customer, and it has been used on an earlier order of yours.');
    await page.screenshot({ path: screenshotPath('basket-promo-used'), fullPage: true });
    await context.close();
  });

  it('checks out as a guest with an email, and keeps the account afterwards', async () => {
    const work = await anAvailableWorkToGb();
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    await page.locator(`.buy-box [data-add-to-basket="${work.slug}"]`).click();
    await expect.poll(() => page.locator('.basket-link__count').textContent()).toBe('1');

    await page.goto(`${base}/checkout/`, { waitUntil: 'networkidle' });
    const email = `guest-${Date.now()}@example.com`;
    await page.fill('input[name="email"]', email);
    await page.screenshot({ path: screenshotPath('checkout-guest') });
    await page.getByRole('button', { name: 'Continue as a guest' }).click();
    await page.waitForSelector('input[name="line1"]');
    await page.fill('input[name="name"]', 'Grace Hopper');
    await page.fill('input[name="line1"]', '1 Harbour Street');
    await page.fill('input[name="city"]', 'Bristol');
    await page.fill('input[name="postcode"]', 'BS1 4RN');
    await page.click('main form button[type="submit"]');
    await page.waitForSelector('input[name="card-number"]');
    expect(await page.locator('.checkout__line').textContent()).toContain(work.title);
    await page.fill('input[name="card-number"]', '4242 4242 4242 4242');
    await page.fill('input[name="expiry"]', '12/30');
    await page.fill('input[name="cvc"]', '123');
    await page.click('.checkout__review form button[type="submit"]');
    await page.waitForURL(/\/checkout\/\?order=\d+$/);
    expect(await page.locator('[data-order]').textContent()).toContain(`Your receipt goes to ${email}.`);

    await page.fill('input[name="new-password"]', 'a long enough password');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => page.locator('.checkout__kept').textContent()).toBe(`Your account is ready. Follow the link we have sent to ${email} to log in with it next time.`);
    await page.screenshot({ path: screenshotPath('checkout-guest-kept'), fullPage: true });
    // The mailed link confirms the email; from then on it logs in.
    const token = await mailedToken(productDb(), email);
    const again = await page.evaluate(async ({ token, ...credentials }) => {
      await fetch('/api/account/confirm/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, password: credentials.password }) });
      await fetch('/api/account/logout/', { method: 'POST' });
      const response = await fetch('/api/account/login/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials) });
      const orders = await fetch('/api/account/orders/');
      return { login: response.status, orders: ((await orders.json()) as { results: unknown[] }).results.length };
    }, { email, password: 'a long enough password', token });
    expect(again).toEqual({ login: 200, orders: 1 });
    // Next time, the address is in the shopper's book: one click fills the form.
    expect((await postToBasket(page, (await anAvailableWorkToGb()).slug)).status).toBe(200);
    await page.goto(`${base}/checkout/`, { waitUntil: 'networkidle' });
    await page.locator('.checkout__saved-address').first().click();
    expect(await page.locator('input[name="line1"]').inputValue()).toBe('1 Harbour Street');
    expect(await page.locator('input[name="postcode"]').inputValue()).toBe('BS1 4RN');
    await context.close();
  });
});

/** '$1,308' -> 130800. */
const minorOf = (shown: string) => Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);

describe('a work that does not ship to the shopper\'s country', () => {
  it('says so on its page and on its basket line instead of a delivery estimate, until the shopper takes the basket\'s offer of a country it ships to', async () => {
    const work = await productDb()
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as gb', (j) => j.onRef('gb.profile_id', '=', 'w.shipping_profile_id').on('gb.destination', '=', 'GB'))
      .leftJoin('shipping_rates as us', (j) => j.onRef('us.profile_id', '=', 'w.shipping_profile_id').on('us.destination', '=', 'US'))
      .select(['w.slug', 'w.title'])
      .where('w.status', '=', 'available')
      .where('us.profile_id', 'is', null)
      .orderBy('w.popularity')
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    // A visitor whose ships-to country is the United States.
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'af-shipping', value: 'US', url: base }]);
    const page = await context.newPage();

    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    expect(await page.locator('.summary__facts-problem').textContent()).toMatch(/^Does not ship to United States/);
    expect(await page.locator('[data-delivery]').count()).toBe(0);
    // It may still go in the basket (checkout asks for the address it goes to), and the line says where it cannot go.
    await page.locator(`.buy-box [data-add-to-basket="${work.slug}"]`).click();
    await expect.poll(() => page.locator('.basket-link__count').textContent()).toBe('1');
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.basket-line [data-delivery]').textContent()).toBe('Does not ship to United States');
    expect(await page.locator('.basket-line [data-delivery]').getAttribute('class')).toBe('basket-line__problem');
    expect(await page.locator('.totals dd[data-shipping]').count()).toBe(0);
    // The summary says once where shipping is worked out, and offers the country the shopper's pounds point to.
    const note = page.locator('.basket__summary .basket__note');
    const estimate = (country: string) => `Shipping is an estimate for ${country} until checkout, where it is worked out for your address.`;
    expect(await note.textContent()).toBe(`${estimate('United States')} Ship to United Kingdom instead`);
    expect(await page.locator('[data-offer]').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('basket-does-not-ship-390') });

    await note.getByRole('button', { name: 'Ship to United Kingdom instead' }).click();
    await expect.poll(() => page.locator('.basket-line [data-delivery]').textContent()).toMatch(/^Arrives \d/);
    expect(await page.locator('.totals dd[data-shipping]').count()).toBe(1);
    expect(await note.textContent()).toBe(estimate('United Kingdom'));
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.basket-line [data-delivery]').textContent()).toMatch(/^Arrives \d/);
    await context.close();
  });
});

describe('paying in dollars', () => {
  it('from a phone: ships-to follows the currency, the buy bar and the mini-basket stay, the card is formatted as typed, and the button is the charge', async () => {
    // A little-viewed work that ships to the UK and, at a price, to the United States.
    const work = await productDb()
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as us', (j) => j.onRef('us.profile_id', '=', 'w.shipping_profile_id').on('us.destination', '=', 'US'))
      .innerJoin('shipping_rates as gb', (j) => j.onRef('gb.profile_id', '=', 'w.shipping_profile_id').on('gb.destination', '=', 'GB'))
      .select(['w.slug', 'w.title'])
      .where('w.status', '=', 'available')
      .where('us.cost_minor', '>', 0)
      .orderBy('w.popularity')
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    // A shopper who pays in dollars but whose ships-to is still the United Kingdom.
    const email = `dollars-${randomUUID()}@example.com`;
    const userId = await addUser(productDb(), { currency: 'USD', country: 'GB', display_units: 'in', language: 'en-gb' }, email);
    const session = randomUUID();
    await addSession(productDb(), session, userId);
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'sessionid', value: session, url: base }]);
    const page = await context.newPage();

    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    // The pictures come first on a phone: while the buy box's buttons are not wholly on screen,
    // the bar carries the price and the button; it steps aside while they are.
    const buttonsBelowFold = await page.locator('.buy-box__actions').evaluate((row) => row.getBoundingClientRect().bottom > window.innerHeight);
    await expect.poll(() => page.locator('.buy-bar').getAttribute('data-shown')).toBe(buttonsBelowFold ? 'true' : null);
    await page.locator('.buy-box__actions').evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await expect.poll(() => page.locator('.buy-bar').getAttribute('data-shown')).toBe(null);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.locator('.buy-bar').getAttribute('data-shown')).toBe('true');
    // Once it has slid in, it sits on the foot of the screen.
    await expect.poll(async () => {
      const bar = await page.locator('.buy-bar').boundingBox();
      return Math.round(bar!.y + bar!.height);
    }).toBe(844);
    expect(await page.locator('.buy-bar__price').textContent()).toBe(await page.locator('.buy-box__price').textContent());
    expect(await page.locator('.buy-bar__price').textContent()).toMatch(/^\$[\d,]+$/);
    await page.screenshot({ path: screenshotPath('product-phone-buy-bar') });

    // Paying in dollars points to the United States: the page offers to ship there.
    expect(await page.locator('.summary__facts').textContent()).toContain('Shipping is worked out for United Kingdom.');
    await page.getByRole('button', { name: 'Ship to United States instead' }).click();
    await expect.poll(() => page.locator('.summary__facts').textContent()).toMatch(/Shipping to United States: \$[\d,]+/);
    expect(await page.locator('.ships-to-offer').count()).toBe(0);

    // Further down the page, the bar's button adds the work; the mini-basket stays until the shopper acts on it or closes it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.locator('.buy-bar').getAttribute('data-shown')).toBe('true');
    await page.locator(`.buy-bar [data-add-to-basket="${work.slug}"]`).click();
    await expect.poll(() => page.locator('.toast').last().textContent()).toContain('Added to your basket');
    await page.waitForTimeout(5000);
    expect(await page.locator('.toast').count()).toBe(1);
    expect(await page.locator('.toast a.toast__action').getAttribute('href')).toBe('/checkout/');
    await page.screenshot({ path: screenshotPath('product-phone-added') });
    await page.locator('.toast__close').click();
    await expect.poll(() => page.locator('.toast').count()).toBe(0);

    // The basket's total includes shipping to the United States, as an estimate.
    await page.goto(`${base}/basket/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.totals').textContent()).toContain('Shipping to United States (estimate)');
    const figures = await page.locator('.totals dd').allTextContents();
    expect(await page.locator('.totals dt').last().textContent()).toBe('Total (estimate)');
    const estimate = figures.at(-1)!;
    expect(figures.slice(0, -1).reduce((sum, f) => sum + minorOf(f), 0)).toBe(minorOf(estimate));
    await page.screenshot({ path: screenshotPath('basket-phone-estimate'), fullPage: true });

    await page.click('a.basket__checkout');
    await page.waitForURL(`${base}/checkout/`);
    await page.waitForSelector('input[name="line1"]');
    expect(await page.locator('select[name="country"]').inputValue()).toBe('US');
    await page.fill('input[name="name"]', 'Grace Hopper');
    await page.fill('input[name="line1"]', '1 Battery Park');
    await page.fill('input[name="city"]', 'New York');
    await page.fill('input[name="region"]', 'NY');
    await page.fill('input[name="postcode"]', '10004');
    await page.click('main form button[type="submit"]');
    await page.waitForSelector('input[name="card-number"]');

    // The card is written as it is printed, whatever is typed.
    await page.locator('input[name="card-number"]').pressSequentially('4242424242424242');
    expect(await page.locator('input[name="card-number"]').inputValue()).toBe('4242 4242 4242 4242');
    await page.locator('input[name="expiry"]').pressSequentially('1330');
    expect(await page.locator('input[name="expiry"]').inputValue()).toBe('13/30');
    await page.fill('input[name="cvc"]', '123');
    const button = page.locator('.checkout__review form button[type="submit"]');
    const shownTotal = (await page.locator('.checkout__review .totals dd.totals__total').textContent())!;
    expect(shownTotal).toBe(estimate);
    expect(await button.textContent()).toBe(`Pay ${shownTotal}`);
    await button.click();
    await expect.poll(() => page.locator('.checkout__error').textContent()).toBe('Enter the expiry as MM/YY, as it is printed on the card.');
    await page.locator('input[name="expiry"]').fill('');
    await page.locator('input[name="expiry"]').pressSequentially('1230');
    expect(await page.locator('input[name="expiry"]').inputValue()).toBe('12/30');
    // The refusal was about what was typed, and goes with it.
    expect(await page.locator('.checkout__error').count()).toBe(0);

    // Every figure of the review adds up to the total on the button.
    const review = await page.locator('.checkout__review .totals dd').allTextContents();
    const lines = await page.locator('.checkout__line > span:last-child').allTextContents();
    expect(lines.reduce((sum, line) => sum + minorOf(line), 0)).toBe(minorOf(review[0]!));
    expect(review.slice(0, -1).reduce((sum, f) => sum + minorOf(f), 0)).toBe(minorOf(shownTotal));
    await page.screenshot({ path: screenshotPath('checkout-phone-dollars'), fullPage: true });
    const onButton = (await button.textContent())!.replace(/^Pay /, '');
    await button.click();
    await page.waitForURL(/\/checkout\/\?order=\d+$/);
    expect(await page.locator('[data-order]').textContent()).toContain(`Your receipt goes to ${email}.`);

    // The stored order and the provider's ledger hold exactly the amount on the button.
    const order = await productDb().selectFrom('orders').select(['id', 'currency', 'total_minor', 'idempotency_key']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ currency: 'USD', total_minor: minorOf(onButton) });
    const ledger = await openPaymentLedger(path.join(path.dirname(product.databaseFile), 'payments.db'));
    try {
      expect(await ledger.find(order.idempotency_key)).toMatchObject({ amount_minor: minorOf(onButton), currency: 'USD', outcome: 'charged' });
    } finally {
      await ledger.close();
    }
    // One receipt, with the order number and the total charged.
    const mail = await getMailTo(productDb(), email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(`Order number ${order.id}`);
    expect(mail[0]!.body).toContain(`Total charged to your card: ${onButton}`);
    await context.close();
  });
});
