import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../lib/account/account';
import { getTranslator } from '../lib/i18n/translate';
import type { UrlOverrides } from '../lib/settings/resolve';
import { buildUserSettings, DEFAULT_SETTINGS, VISITOR_FACTS, type UserSettings } from '../lib/settings/settings';
import { AccountProvider } from './account/account-provider';
import { SettingsProvider } from './settings-provider';
import { SiteHeader } from './site-header';
import { ToastProvider } from './toasts';

// useRouter() reads the App Router's context; outside Next.js the test provides a router that does nothing.
const router = { refresh() {}, replace() {}, push() {}, back() {}, forward() {}, prefetch() {} } as unknown as AppRouterInstance;

/** The header as the server renders it inside the layout's providers. */
function renderHeader(saved: UserSettings, overrides: UrlOverrides = {}, user: AccountUser | null = null) {
  return renderToStaticMarkup(
    <AppRouterContext value={router}>
      <SettingsProvider saved={saved} overrides={overrides}>
        <ToastProvider>
          <AccountProvider user={user}>
            <SiteHeader t={getTranslator(saved.language)} />
          </AccountProvider>
        </ToastProvider>
      </SettingsProvider>
    </AppRouterContext>,
  );
}

const american = buildUserSettings({ currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }, VISITOR_FACTS);

describe('the site header', () => {
  it('speaks British English by default: a basket, and the default settings summed up', () => {
    const html = renderHeader(DEFAULT_SETTINGS);
    expect(html).toContain('aria-label="Basket, 0 items"');
    expect(html).toContain('>Basket<');
    expect(html).toContain('£ GBP · cm · ships to United Kingdom');
  });

  it('speaks American English when chosen: a cart', () => {
    const html = renderHeader(american);
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).toContain('>Cart<');
    expect(html).not.toContain('Basket');
    expect(html).toContain('$ USD · in · ships to United States');
  });

  it('shows the URL\'s currency for a visitor', () => {
    expect(renderHeader(DEFAULT_SETTINGS, { currency: 'EUR' })).toContain('€ EUR · cm · ships to United Kingdom');
  });

  it('keeps the settings panel closed until asked', () => {
    expect(renderHeader(DEFAULT_SETTINGS)).toMatch(/<button type="button" class="[^"]*\bsettings__toggle" aria-expanded="false"/);
    expect(renderHeader(DEFAULT_SETTINGS)).toMatch(/class="settings__panel" role="group" aria-labelledby="[^"]+" hidden=""/);
  });

  it('holds a search form that opens the gallery with q, without JavaScript', () => {
    const html = renderHeader(DEFAULT_SETTINGS);
    const form = html.match(/<form class="header-search"[^>]*>/)?.[0] ?? '';
    expect(form).toContain('action="/shop/"');
    expect(form).toContain('method="get"');
    const input = html.match(/<input class="header-search__input"[^>]*>/)?.[0] ?? '';
    for (const attribute of ['name="q"', 'role="combobox"', 'aria-expanded="false"', 'aria-autocomplete="list"']) expect(input).toContain(attribute);
    const controls = input.match(/aria-controls="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${controls}" role="listbox"`);
    expect(html).toMatch(/role="listbox" aria-label="Search artworks and artists" hidden=""/);
  });

  it('offers a visitor "Log in", and a signed-in user their name and no dialog yet', () => {
    expect(renderHeader(DEFAULT_SETTINGS)).toMatch(/<button type="button" class="account-link"[^>]*>Log in<\/button>/);
    const ada: AccountUser = { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', artist_id: null, about: null, guest: false, email_confirmed: true };
    const html = renderHeader(DEFAULT_SETTINGS, {}, ada);
    expect(html).toContain('>Ada Lovelace</summary>');
    expect(html).toContain('>Log out</button>');
    expect(html).not.toContain('Log in');
    expect(html).not.toContain('<dialog');
  });
});
