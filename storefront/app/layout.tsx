import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AccountProvider } from '../components/account/account-provider';
import { BasketProvider } from '../components/basket-provider';
import { FavouritesProvider } from '../components/engagement/favourites-provider';
import { SettingsProvider } from '../components/settings-provider';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { SkipLink } from '../components/skip-link';
import { ToastProvider } from '../components/toasts';
import { PageTracker } from '../components/tracker';
import { QueryProvider } from '../components/query-provider';
import { alternateLanguages, declaresAlternateLanguages } from '../lib/i18n/alternates';
import { getRequestAccount, getRequestArtistSlug } from '../lib/account/server';
import { languageTag } from '../lib/i18n/languages';
import { getTranslator } from '../lib/i18n/translate';
import { getRequestUrl } from '../lib/request-url';
import { applyOverrides } from '../lib/settings/entity';
import { getSettingsSnapshot } from '../lib/settings/server';
import { viewportFor } from '../lib/viewport';
// The site-wide styles, in cascade order: later files may override earlier ones.
import './styles/base.css';
import './styles/header-footer.css';
import './styles/page-intro.css';
import './styles/artwork-grid.css';
import './styles/notices.css';
import './styles/buttons.css';
import './styles/gallery.css';
import './styles/filter-panel.css';
import './styles/price-filter.css';
import './styles/card-badges.css';
// The cards' hearts, here too so that the gallery's own chunk (next/dynamic) brings no
// stylesheet of its own: one would be fetched before the page's first paint, not written into it.
import '../components/engagement/engagement.css';
import './styles/pagination.css';
import './styles/header-tools.css';
import './styles/category-menu.css';
import './styles/settings-chooser.css';
import './styles/basket-link.css';
import './styles/toasts.css';
import './styles/loadable-section.css';

/**
 * Every page's links to its language variants (SPEC §2), made absolute on the address the
 * page was asked for. Artist pages have none; a page may replace them with its own canonical
 * address through `alternateLanguages` in its generateMetadata.
 */
export async function generateMetadata(): Promise<Metadata> {
  const url = await getRequestUrl();
  return {
    title: {
      template: '%s | Easel',
      default: 'Easel | Original art, straight from the artists',
    },
    description: 'Discover and buy original paintings, photography, drawings, prints and sculpture, straight from the artists who made them.',
    ...(url && { metadataBase: new URL(url.origin) }),
    ...(url && declaresAlternateLanguages(url.pathname) && { alternates: alternateLanguages(url.pathname) }),
  };
}

export async function generateViewport(): Promise<Viewport> {
  return viewportFor((await headers()).get('user-agent'));
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [{ saved, overrides }, user, artistSlug] = await Promise.all([getSettingsSnapshot(), getRequestAccount(), getRequestArtistSlug()]);
  const { language } = applyOverrides(saved, overrides);
  const t = getTranslator(language);
  return (
    <html lang={languageTag(language)}>
      <body>
        <QueryProvider>
          <SettingsProvider saved={saved} overrides={overrides}>
            <BasketProvider>
              <ToastProvider>
                <AccountProvider user={user} artistSlug={artistSlug}>
                  <FavouritesProvider>
                    <SkipLink label={t('shell.skip')} />
                    <SiteHeader t={t} />
                    <main id="main" tabIndex={-1}>{children}</main>
                    <SiteFooter t={t} />
                  </FavouritesProvider>
                  <PageTracker />
                </AccountProvider>
              </ToastProvider>
            </BasketProvider>
          </SettingsProvider>
        </QueryProvider>
      </body>
    </html>
  );
}
