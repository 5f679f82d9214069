import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../lib/account/account';
import { getTranslator } from '../lib/i18n/translate';
import type { UrlOverrides } from '../lib/settings/entity';
import { buildUserSettings, VISITOR_FACTS } from '../lib/settings/entity';
import { DEFAULT_SETTINGS } from '../lib/settings/defaults.fixture';
import type { UserSettings } from '../lib/settings/settings';
import { AccountProvider } from './account/account-provider';
import { QueryProvider } from './query-provider';
import { SettingsProvider } from './settings-provider';
import { SiteHeader } from './site-header';
import { ToastProvider } from './toasts';

// useRouter() reads the App Router's context; outside Next.js the test provides a router that does nothing.
const router = { refresh() {}, replace() {}, push() {}, back() {}, forward() {}, prefetch() {} } as unknown as AppRouterInstance;

/** The header as the server renders it inside the layout's providers. */
function renderHeader(saved: UserSettings, overrides: UrlOverrides = {}, user: AccountUser | null = null, artistSlug: string | null = null) {
  return renderToStaticMarkup(
    <AppRouterContext value={router}>
      <QueryProvider>
        <SettingsProvider saved={saved} overrides={overrides}>
          <ToastProvider>
            <AccountProvider user={user} artistSlug={artistSlug}>
              <SiteHeader t={getTranslator(saved.language)} />
            </AccountProvider>
          </ToastProvider>
        </SettingsProvider>
      </QueryProvider>
    </AppRouterContext>,
  );
}

interface Tag {
  name: string;
  attributes: Record<string, string>;
  /** The text right after the start tag, up to the next tag. */
  text: string;
}

/** Every start tag in server-rendered markup, its attributes by name (React writes each value double-quoted and escaped). */
function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*\/?>([^<]*)/g)].map(([, name, attributes, text]) => ({
    name: name!,
    attributes: Object.fromEntries([...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!])),
    text: text!,
  }));
}

/** The one element carrying `className` among its classes. */
function tagWithClass(html: string, className: string): Tag {
  const found = tagsOf(html).filter((tag) => tag.attributes.class?.split(' ').includes(className));
  expect(found, `elements with class ${className}`).toHaveLength(1);
  return found[0]!;
}

const american = buildUserSettings({ currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }, VISITOR_FACTS);

describe('the site header', () => {
  it('speaks British English by default: a basket, and the default settings summed up', () => {
    const html = renderHeader(DEFAULT_SETTINGS);
    expect(html).toContain('>Basket, 0 items<');
    expect(html).toContain('>Basket<');
    expect(html).toContain('£ GBP · cm · ships to United Kingdom');
  });

  it('speaks American English when chosen: a cart', () => {
    const html = renderHeader(american);
    expect(html).toContain('>Cart, 0 items<');
    expect(html).toContain('>Cart<');
    expect(html).not.toContain('Basket');
    expect(html).toContain('$ USD · in · ships to United States');
  });

  it('shows the URL\'s currency for a visitor', () => {
    expect(renderHeader(DEFAULT_SETTINGS, { currency: 'EUR' })).toContain('€ EUR · cm · ships to United Kingdom');
  });

  it('keeps the settings panel closed until asked', () => {
    const html = renderHeader(DEFAULT_SETTINGS);
    const toggle = tagWithClass(html, 'settings__toggle');
    const panel = tagWithClass(html, 'settings__panel');
    expect(toggle.name).toBe('button');
    expect(toggle.attributes).toMatchObject({ type: 'button', 'aria-expanded': 'false' });
    expect(panel.attributes).toMatchObject({ role: 'group', hidden: '' });
    const title = tagsOf(html).filter((tag) => tag.attributes.id === panel.attributes['aria-labelledby']);
    expect(title).toMatchObject([{ name: 'h2', text: 'Your settings' }]);
  });

  it('holds a closed "Shop art" menu whose panel is the navigation by medium', () => {
    const html = renderHeader(DEFAULT_SETTINGS);
    const toggle = tagWithClass(html, 'category-menu__toggle');
    expect(toggle).toMatchObject({ name: 'button', attributes: { type: 'button', 'aria-expanded': 'false' }, text: 'Shop art' });
    const panel = tagsOf(html).filter((tag) => tag.attributes.id === toggle.attributes['aria-controls']);
    expect(panel).toMatchObject([{ name: 'nav', attributes: { 'aria-label': 'Shop by medium', hidden: '' } }]);
    expect(tagWithClass(html, 'category-menu__all')).toMatchObject({ name: 'a', attributes: { href: '/shop/' }, text: 'All art' });
  });

  it('holds a search form that opens the gallery with q, without JavaScript', () => {
    const html = renderHeader(DEFAULT_SETTINGS);
    expect(tagWithClass(html, 'header-search')).toMatchObject({ name: 'form', attributes: { action: '/shop/', method: 'get' } });
    const input = tagWithClass(html, 'header-search__input');
    expect(input.attributes).toMatchObject({ name: 'q', role: 'combobox', 'aria-expanded': 'false', 'aria-autocomplete': 'list' });
    const listbox = tagsOf(html).filter((tag) => tag.attributes.id === input.attributes['aria-controls']);
    expect(listbox).toHaveLength(1);
    expect(listbox[0]!.attributes).toMatchObject({ role: 'listbox', 'aria-label': 'Search artworks and artists', hidden: '' });
  });

  it('offers a visitor "Log in", and a signed-in user their name and no dialog yet', () => {
    expect(tagWithClass(renderHeader(DEFAULT_SETTINGS), 'account-link')).toMatchObject({ name: 'button', attributes: { type: 'button' }, text: 'Log in' });
    const ada: AccountUser = { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', artist_id: null, about: null, guest: false, email_confirmed: true };
    const html = renderHeader(DEFAULT_SETTINGS, {}, ada);
    expect(tagWithClass(html, 'account-link')).toMatchObject({ name: 'summary', attributes: { 'aria-label': 'Your account (AL): Ada Lovelace' } });
    expect(tagWithClass(html, 'account-link__name').text).toBe('Ada Lovelace');
    expect(tagWithClass(html, 'account-link__initials').text).toBe('AL');
    expect(html).toContain('>Log out</button>');
    expect(html).not.toContain('Log in');
    expect(html).not.toContain('<dialog');
  });

  it('gives a signed-in artist their page, their works and their profile form in the account menu, and nobody else', () => {
    const artist: AccountUser = { id: 8, name: 'Mira Okafor', email: 'mira@example.com', role: 'provider', artist_id: 3, about: null, guest: false, email_confirmed: true };
    const links = (html: string) => tagsOf(html).filter((tag) => tag.attributes.class === 'account-menu__item' && tag.name === 'a').map((tag) => [tag.text, tag.attributes.href]);
    expect(links(renderHeader(DEFAULT_SETTINGS, {}, artist, 'mira-okafor')).slice(0, 3)).toEqual([
      ['Your artist page', '/artist/mira-okafor/'],
      ['Your works', '/artist/works/'],
      ['Edit your profile', '/artist/mira-okafor/edit/'],
    ]);
    const shopper = links(renderHeader(DEFAULT_SETTINGS, {}, { ...artist, role: 'user', artist_id: null })).map(([text]) => text);
    expect(shopper).not.toContain('Your artist page');
    expect(shopper).toContain('Your collections');
  });
});
