import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { DEMO_PASSWORD } from '@easel/data';
import { getMailTo } from '@easel/data/queries/outbox';
import { addSession, addUser, mailedToken } from '../../../data/test/fixtures';
import { accountMenu, screenshotPath, useChromium } from './chromium';
import { useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const database = useProductDatabase();

/** A page in a fresh context (no cookies) that records the scripts it loads and any script error. */
async function openPage(path: string, options: { width?: number; visitorCookie?: string } = {}) {
  const context = await browser().newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.visitorCookie) await context.addCookies([{ name: 'sessionid', value: options.visitorCookie, url: base }]);
  const page = await context.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  return { page, context, scripts, errors, close: () => context.close() };
}

const header = (page: Page) => page.locator('.site-header');
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const openDialogs = (page: Page) => page.locator('dialog[open]').evaluateAll((dialogs) => dialogs.map((d) => d.querySelector('h2')?.textContent));
const sessionCookie = async (context: BrowserContext) => (await context.cookies(base)).find((c) => c.name === 'sessionid');
const focusIsIn = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.closest(s) !== null, selector);
const userTypes = (page: Page) => page.evaluate(() => (window.dataLayer ?? []).filter((e) => 'user_type' in e).map((e) => e.user_type));

async function openLogin(page: Page) {
  await header(page).getByRole('button', { name: 'Log in' }).click();
  await dialog(page, 'Log in to Easel').waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  const login = dialog(page, 'Log in to Easel');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
}

describe('the /login/ address', () => {
  it('opens the login dialog at once and, once signed in, leads to the homepage; signed in, it goes straight there', async () => {
    const { page, errors, close } = await openPage('/login/');
    await dialog(page, 'Log in to Easel').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Log in to Easel');
    await logIn(page, 'shopper@easel.test', DEMO_PASSWORD);
    await page.waitForURL(`${base}/`);
    await expect.poll(() => header(page).textContent()).toContain('Sam Shopper');
    await page.goto(`${base}/login/`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${base}/`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('joining through the overlays', () => {
  it('loads the overlays only once one opens, then walks login -> join -> newsletter -> welcome -> yourself -> thanks', async () => {
    const { page, context, scripts, errors, close } = await openPage('/', { visitorCookie: 'a-visitor-before-joining' });
    expect(await page.locator('dialog').count()).toBe(0);
    // The overlays' own markup is in no script the page loaded with.
    const initial = [...scripts];
    const bodies = await Promise.all(initial.map(async (url) => (await fetch(url)).text()));
    expect(bodies.some((body) => body.includes('overlay-form__field'))).toBe(false);
    expect(await userTypes(page)).toEqual(['anonymous']);

    await openLogin(page);
    expect(scripts.length).toBeGreaterThan(initial.length);
    const later = await Promise.all(scripts.slice(initial.length).map(async (url) => (await fetch(url)).text()));
    expect(later.some((body) => body.includes('overlay-form__field'))).toBe(true);
    expect(await dialog(page, 'Log in to Easel').getAttribute('aria-modal')).toBe('true');
    expect(await focusIsIn(page, 'dialog')).toBe(true);

    // Join closes login and opens join.
    await page.getByRole('button', { name: 'Join Easel' }).click();
    const join = dialog(page, 'Join Easel');
    await join.waitFor();
    expect(await openDialogs(page)).toEqual(['Join Easel']);

    // Bad input: each a clear message, the dialog stays.
    await join.getByLabel('Your name').fill('Ada');
    await join.getByLabel('Email').fill('ada-at-example');
    await join.getByLabel('Password').fill('analytical-engine');
    await join.getByRole('button', { name: 'Join Easel' }).click();
    await expect.poll(() => join.getByRole('alert').textContent()).toMatch(/email must be an email address/);
    await join.getByLabel('Email').fill('ada@example.com');
    await join.getByLabel('Password').fill('short');
    await join.getByRole('button', { name: 'Join Easel' }).click();
    await expect.poll(() => join.getByRole('alert').textContent()).toMatch(/password must be at least 10 characters/);

    // Registration success closes join, opens the newsletter and the welcome alert.
    await join.getByLabel('Password').fill('analytical-engine');
    await join.getByRole('button', { name: 'Join Easel' }).click();
    const newsletter = dialog(page, 'New work, first');
    await newsletter.waitFor();
    expect(await openDialogs(page)).toEqual(['New work, first']);
    expect(await page.locator('.welcome-alert').textContent()).toContain('Welcome to Easel, Ada. We have sent a link to ada@example.com');
    await expect.poll(() => header(page).textContent()).toContain('Ada');
    const cookie = (await sessionCookie(context))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).not.toBe('a-visitor-before-joining');
    await expect.poll(() => userTypes(page)).toContain('registered');

    // The newsletter: a bad email is refused; a good one subscribes and dismisses it, opening welcome.
    expect(await newsletter.getByLabel('Email').inputValue()).toBe('ada@example.com');
    await newsletter.getByLabel('Email').fill('nope');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => newsletter.getByRole('alert').textContent()).toMatch(/email must be an email address/);
    await newsletter.getByLabel('Email').fill('ada@example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    const welcome = dialog(page, 'Welcome, Ada');
    await welcome.waitFor();
    expect(await openDialogs(page)).toEqual(['Welcome, Ada']);
    // Subscribing mails a link; the newsletter starts once it is followed (below).
    expect((await getMailTo(database(), 'ada@example.com')).at(-1)!.subject).toBe('Confirm the Easel newsletter');

    // Tell us about yourself: the update closes it and join-thanks shows the updated name.
    await welcome.getByRole('button', { name: 'Tell us about yourself' }).click();
    const yourself = dialog(page, 'Tell us about yourself');
    await yourself.waitFor();
    await yourself.getByLabel('Your name').fill('Ada Lovelace');
    await yourself.getByLabel('What art do you love?').fill('Seascapes and quiet abstraction.');
    await yourself.getByRole('button', { name: 'Save' }).click();
    const thanks = dialog(page, 'Thank you, Ada Lovelace');
    await thanks.waitFor();
    expect(await openDialogs(page)).toEqual(['Thank you, Ada Lovelace']);
    await expect.poll(() => header(page).textContent()).toContain('Ada Lovelace');

    // Escape closes it, and focus comes back to the header.
    await page.keyboard.press('Escape');
    await expect.poll(() => openDialogs(page)).toEqual([]);
    expect(await focusIsIn(page, '.site-header')).toBe(true);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await header(page).textContent()).toContain('Ada Lovelace');
    expect(errors).toEqual([]);
    await close();

    // The mailed link, opened in another browser: confirming takes the password chosen there and
    // signs no one in; the shopper then logs in with it.
    const token = await mailedToken(database(), 'ada@example.com');
    const elsewhere = await openPage(`/account/confirm/?token=${token}`, { width: 375 });
    expect(await header(elsewhere.page).textContent()).toContain('Log in');
    await elsewhere.page.screenshot({ path: screenshotPath('accounts-confirm-375') });
    await elsewhere.page.locator('main').getByLabel('Password').fill('analytical-engine-2');
    await elsewhere.page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect.poll(() => elsewhere.page.locator('main .notice__text').textContent()).toBe('Thank you: ada@example.com is confirmed. Log in with it and the password you have just chosen.');
    expect(await header(elsewhere.page).textContent()).toContain('Log in');
    await elsewhere.page.locator('main').getByRole('button', { name: 'Log in' }).click();
    await logIn(elsewhere.page, 'ada@example.com', 'analytical-engine-2');
    await expect.poll(() => header(elsewhere.page).textContent()).toContain('Ada Lovelace');
    await expect.poll(() => elsewhere.page.locator('main').getByRole('link', { name: 'Start looking' }).count()).toBe(1);
    await elsewhere.page.screenshot({ path: screenshotPath('accounts-confirmed-375') });
    // The newsletter's link, followed: the button starts it.
    await elsewhere.page.goto(`${base}/newsletter/confirm/?token=${await mailedToken(database(), 'ada@example.com', 'newsletter')}`, { waitUntil: 'networkidle' });
    await elsewhere.page.getByRole('button', { name: 'Start the newsletter' }).click();
    await expect.poll(() => elsewhere.page.locator('.notice[role="status"]').textContent()).toBe('Thank you: the newsletter will come to ada@example.com.');
    expect((await database().selectFrom('newsletter_subscriptions').select('confirmed_at').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow()).confirmed_at).not.toBeNull();
    expect(elsewhere.errors).toEqual([]);
    await elsewhere.close();
  });

  it('joining with an email that has an account looks exactly as with a new one, and only its owner hears of it', async () => {
    const { page, errors, close } = await openPage('/');
    await openLogin(page);
    await dialog(page, 'Log in to Easel').getByRole('button', { name: 'Join Easel' }).click();
    const join = dialog(page, 'Join Easel');
    await join.getByLabel('Your name').fill('Not the shopper');
    await join.getByLabel('Email').fill('shopper@easel.test');
    await join.getByLabel('Password').fill('someone-elses-password');
    await join.getByRole('button', { name: 'Join Easel' }).click();
    await dialog(page, 'New work, first').waitFor();
    expect(await page.locator('.welcome-alert').textContent()).toContain('Welcome to Easel, Not the shopper. We have sent a link to shopper@easel.test');
    expect((await getMailTo(database(), 'shopper@easel.test')).at(-1)!.subject).toBe('Someone tried to join Easel with your email');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('logging in and out', () => {
  it('says so for a wrong password, rotates the session at log-in, switches the currency, and logs out', async () => {
    const { page, context, errors, close } = await openPage('/?currency=EUR', { visitorCookie: 'a-visitor-before-login' });
    const settingsSummary = () => page.locator('.settings__toggle').textContent();
    expect(await settingsSummary()).toContain('€ EUR');

    await openLogin(page);
    await logIn(page, 'shopper@easel.test', 'not-the-password');
    const login = dialog(page, 'Log in to Easel');
    await expect.poll(() => login.getByRole('alert').textContent()).toBe('The email or password is not right.');
    expect((await sessionCookie(context))!.value).toBe('a-visitor-before-login');

    await logIn(page, 'Shopper@Easel.test', DEMO_PASSWORD);
    await expect.poll(() => openDialogs(page)).toEqual([]);
    await expect.poll(() => header(page).textContent()).toContain('Sam Shopper');
    expect(await page.locator('.notification-slider').textContent()).toContain('Welcome back, Sam Shopper.');
    const cookie = (await sessionCookie(context))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie.value).not.toBe('a-visitor-before-login');
    // Signed in, the user's own currency (pounds) wins over the address's (SPEC §4)...
    await expect.poll(settingsSummary).toContain('£ GBP');
    await expect.poll(() => userTypes(page)).toEqual(['anonymous', 'registered']);
    // ...in the gallery's prices too.
    const gallery = await context.newPage();
    await gallery.goto(`${base}/shop/?currency=EUR`, { waitUntil: 'networkidle' });
    expect(await gallery.locator('.grid .card .card__now').first().textContent()).toMatch(/^£/);
    await gallery.close();
    // The slider goes by itself after its close event.
    await expect.poll(() => page.locator('.notification-slider').count(), { timeout: 10_000 }).toBe(0);

    await accountMenu(page, 'Sam Shopper').click();
    await header(page).getByRole('button', { name: 'Log out' }).click();
    const confirmation = dialog(page, 'You have logged out. See you soon.');
    await confirmation.waitFor();
    await expect.poll(async () => (await sessionCookie(context))?.value ?? null).toBeNull();
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => header(page).getByRole('button', { name: 'Log in' }).count()).toBe(1);
    // Signed out, the address's currency is back.
    await expect.poll(settingsSummary).toContain('€ EUR');
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses a state-changing API call from another site', async () => {
    const body = JSON.stringify({ email: 'shopper@easel.test', password: DEMO_PASSWORD });
    const headers = { 'Content-Type': 'application/json' };
    const crossSite = await fetch(`${base}/api/account/login/`, { method: 'POST', body, headers: { ...headers, Origin: 'https://elsewhere.test' } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await fetch(`${base}/api/account/login/`, { method: 'POST', body, headers })).status).toBe(403);
    const sameSite = await fetch(`${base}/api/account/login/`, { method: 'POST', body, headers: { ...headers, Origin: base } });
    expect(sameSite.status).toBe(200);
  });
});

/** The token of the last "Forgot password?" link mailed to an address. */
const mailedResetToken = async (email: string) =>
  (await getMailTo(database(), email)).at(-1)?.body.match(/\/account\/reset-password\/\?token=([\w-]{43})\n/)?.[1];
/** Who the API says a session cookie signs in: a name, or null. */
const signedInAs = async (cookie: string) =>
  ((await (await fetch(`${base}/api/account/`, { headers: { Cookie: `sessionid=${cookie}` } })).json()) as { user: { name: string } | null }).user?.name ?? null;

describe('a forgotten password', () => {
  it.each([1366, 390])('is set anew through the mailed link at %i px, ending every other session', async (width) => {
    const email = `forgetful-${width}@example.com`;
    const userId = await addUser(database(), undefined, email);
    await database().updateTable('users').set({ name: `Forgetful ${width}` }).where('id', '=', userId).execute();
    await addSession(database(), `forgetful-phone-${width}`, userId);

    // The log-in dialog greets new and returning visitors alike, and offers "Forgot password?".
    const { page, errors, close } = await openPage('/', { width });
    await openLogin(page);
    expect(await dialog(page, 'Log in to Easel').textContent()).not.toContain('Welcome back');
    // What was typed in the log-in dialog comes along.
    await dialog(page, 'Log in to Easel').getByLabel('Email').fill('half-remembered@example');
    await dialog(page, 'Log in to Easel').getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page, 'Set a new password');
    await forgot.waitFor();
    expect(await forgot.getByLabel('Email').inputValue()).toBe('half-remembered@example');
    expect(await openDialogs(page)).toEqual(['Set a new password']);
    expect(await focusIsIn(page, 'dialog')).toBe(true);
    await forgot.getByLabel('Email').fill('not an address');
    await forgot.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => forgot.getByRole('alert').textContent()).toMatch(/email must be an email address/);
    await forgot.getByLabel('Email').fill(email.toUpperCase());
    await forgot.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => forgot.getByRole('status').textContent()).toBe(`If an account uses ${email}, a link to set a new password is on its way there. It works once, within an hour.`);
    const box = await forgot.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(`accounts-forgot-${width}`) });
    await forgot.getByRole('button', { name: 'Back to log in' }).click();
    await dialog(page, 'Log in to Easel').waitFor();
    expect(await openDialogs(page)).toEqual(['Log in to Easel']);
    expect(errors).toEqual([]);
    await close();

    // The link, opened in another browser: a short password is refused, a good one signs in.
    const token = await mailedResetToken(email);
    expect(token).toBeDefined();
    const elsewhere = await openPage(`/account/reset-password/?token=${token}`, { width });
    expect(await elsewhere.page.title()).toBe('Choose a new password | Easel');
    expect(await header(elsewhere.page).textContent()).toContain('Log in');
    const password = elsewhere.page.getByLabel('New password');
    await password.fill('short');
    await elsewhere.page.getByRole('button', { name: 'Set my new password' }).click();
    await expect.poll(() => elsewhere.page.locator('.overlay-form--page [role="alert"]').textContent()).toMatch(/password must be at least 10 characters/);
    await elsewhere.page.screenshot({ path: screenshotPath(`accounts-reset-form-${width}`) });
    // A password too short is the shopper's to fix: no new link is offered for it.
    expect(await elsewhere.page.getByRole('button', { name: 'Ask for a new link' }).count()).toBe(0);
    await password.fill('a-fresh-long-password');
    await elsewhere.page.getByRole('button', { name: 'Set my new password' }).click();
    await expect.poll(() => elsewhere.page.locator('.notice[role="status"]').textContent()).toContain('Your new password is set, and you are logged in.');
    await expect.poll(() => header(elsewhere.page).textContent()).toContain(`Forgetful ${width}`);
    expect(await elsewhere.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await elsewhere.page.screenshot({ path: screenshotPath(`accounts-reset-${width}`) });
    // The phone's session has ended; this browser's is the account's one session.
    expect(await signedInAs(`forgetful-phone-${width}`)).toBeNull();
    expect(await signedInAs((await sessionCookie(elsewhere.context))!.value)).toBe(`Forgetful ${width}`);

    // The link works once: followed again, it says so and offers a new one.
    await elsewhere.page.reload({ waitUntil: 'networkidle' });
    await elsewhere.page.getByLabel('New password').fill('yet-another-password');
    await elsewhere.page.getByRole('button', { name: 'Set my new password' }).click();
    await expect.poll(() => elsewhere.page.locator('.overlay-form--page [role="alert"]').textContent()).toContain('has been used already');
    await elsewhere.page.getByRole('button', { name: 'Ask for a new link' }).click();
    await dialog(elsewhere.page, 'Set a new password').waitFor();
    expect(elsewhere.errors).toEqual([]);
    await elsewhere.close();

    // The new password logs in.
    const again = await openPage('/', { width });
    await openLogin(again.page);
    await logIn(again.page, email, 'a-fresh-long-password');
    await expect.poll(() => header(again.page).textContent()).toContain(`Forgetful ${width}`);
    await again.close();
  });
});

describe('an artist\'s account menu', () => {
  it.each([1366, 390])('links their page, their works and their profile form at %i px', async (width) => {
    const artist = await database().selectFrom('artists').select(['id', 'slug', 'name']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const userId = await addUser(database(), undefined, `artist-${width}@example.com`);
    await database().updateTable('users').set({ role: 'provider', artist_id: artist.id, name: 'Ines' }).where('id', '=', userId).execute();
    await addSession(database(), `artist-menu-${width}`, userId);
    const { page, errors, close } = await openPage('/', { width, visitorCookie: `artist-menu-${width}` });
    await accountMenu(page, 'Ines').click();
    const menu = header(page).locator('.account-menu__panel');
    await menu.getByRole('link', { name: 'Your artist page' }).waitFor();
    const links = await menu.getByRole('link').evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links.slice(0, 3)).toEqual([
      ['Your artist page', `/artist/${artist.slug}/`],
      ['Your works', '/artist/works/'],
      ['Edit your profile', `/artist/${artist.slug}/edit/`],
    ]);
    const panel = await menu.boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(`accounts-artist-menu-${width}`) });

    await menu.getByRole('link', { name: 'Your works' }).click();
    await page.waitForURL(`${base}/artist/works/`);
    expect(await page.locator('h1').textContent()).toBe('Your works');
    await accountMenu(page, 'Ines').click();
    await header(page).getByRole('link', { name: 'Edit your profile' }).click();
    await page.waitForURL(`${base}/artist/${artist.slug}/edit/`);
    expect(await page.locator('h1').textContent()).toContain(artist.name);
    expect(errors).toEqual([]);
    await close();
  });

  it('is not offered to a shopper', async () => {
    const userId = await addUser(database(), undefined, 'not-an-artist@example.com');
    await addSession(database(), 'not-an-artist', userId);
    const { page, close } = await openPage('/', { visitorCookie: 'not-an-artist' });
    await accountMenu(page, 'not-an-artist').click();
    await header(page).getByRole('link', { name: 'Your collections' }).waitFor();
    expect(await header(page).getByRole('link', { name: 'Your artist page' }).count()).toBe(0);
    await close();
  });
});

describe('the dialogs at a glance', () => {
  it.each([1280, 375])('shows the login and join dialogs at %i px', async (width) => {
    const { page, close } = await openPage('/', { width });
    await openLogin(page);
    const box = await dialog(page, 'Log in to Easel').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(`accounts-login-${width}`) });
    await page.getByRole('button', { name: 'Join Easel' }).click();
    await dialog(page, 'Join Easel').waitFor();
    await page.screenshot({ path: screenshotPath(`accounts-join-${width}`) });
    await close();
  });
});
