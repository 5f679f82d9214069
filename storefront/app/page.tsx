import type { ReactNode } from 'react';
import { ArtistsView, BannerView, EditorsPicksView, FeaturedArtView } from '../components/home/home-views';
import { DeferredSection, type SectionQuery } from '../components/home/deferred-section';
import { loadArtists, loadBanner, loadEditorsPicks, loadFeaturedArt } from '../lib/catalogue/home';
import { artistPlace } from '../lib/artist-place';
import { getConfig } from '../lib/config';
import { getDb } from '../lib/db';
import { getTranslator } from '../lib/i18n/translate';
import type { RawQuery } from '../lib/settings/resolve';
import { getShopperSettings } from '../lib/settings/server';
import { ssrBudget, type SsrOutcome } from '../lib/ssr-budget';
import './home.css';

/** Artists per homepage list: a rail's worth. */
const ARTISTS_PER_LIST = 10;

/**
 * The homepage (SPEC §1): hero banner, editors' picks, featured art, popular and newly
 * discovered artists, the shopper's recently viewed works and recommendations. The sections
 * every visitor sees alike are loaded at once against the 300 ms server budget; one that misses
 * it or fails is sent as a placeholder that loads in the browser, so the page is never held up
 * or blanked by one part. The shopper's own sections always load in the browser: the page is
 * then the same for every visitor with the same settings, and the page cache serves it to
 * returning visitors too (lib/page-cache.ts).
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<RawQuery> }) {
  const settings = await getShopperSettings(await searchParams);
  const t = getTranslator(settings.language);
  const { currency, display_units: units, country: shipsTo } = settings;
  const display = { currency, units, language: settings.language };

  const within = ssrBudget(getConfig().SSR_BUDGET_MS);
  const [banner, picks, featured, popular, discovered] = await Promise.all([
    within('homepage banner', async () => loadBanner(await getDb())),
    within('editors\' picks', async () => loadEditorsPicks(await getDb(), shipsTo)),
    within('featured art', async () => loadFeaturedArt(await getDb(), shipsTo)),
    within('popular artists', async () => loadArtists(await getDb(), 'popular', ARTISTS_PER_LIST)),
    within('discovered artists', async () => loadArtists(await getDb(), 'discovered', ARTISTS_PER_LIST)),
  ]);

  /** The section the server rendered, or its placeholder that loads it from its endpoint in the browser. */
  const section = <T,>(query: SectionQuery, outcome: SsrOutcome<T>, title: string, view: (data: T) => ReactNode) =>
    outcome.ok ? view(outcome.data) : <DeferredSection section={query} title={title} ssrError={outcome.error} display={display} />;
  const place = (artist: Parameters<typeof artistPlace>[0]) => artistPlace(artist, settings.language);
  const artistList = (kind: 'popular-artists' | 'discovered-artists', outcome: typeof popular, title: string) =>
    section({ kind, query: { list: kind === 'popular-artists' ? 'popular' : 'discovered', limit: String(ARTISTS_PER_LIST) } }, outcome, title, (data) => (
      <ArtistsView id={kind} title={title} artists={data.results} t={t} place={place} />
    ));
  const props = { display, t };

  return (
    <div className="container home">
      {section({ kind: 'banner' }, banner, '', (data) => <BannerView data={data} {...props} />)}
      {section({ kind: 'editors-picks', query: { ships_to: shipsTo } }, picks, t('home.editorsPicks'), (data) => <EditorsPicksView data={data} {...props} />)}
      {section({ kind: 'featured-art', query: { ships_to: shipsTo } }, featured, t('home.featured'), (data) => <FeaturedArtView data={data} {...props} />)}
      {artistList('popular-artists', popular, t('home.popularArtists'))}
      <DeferredSection section={{ kind: 'recently-viewed', query: { ships_to: shipsTo } }} title={t('home.recentlyViewed')} display={display} />
      <DeferredSection section={{ kind: 'recommendations', query: { currency, units, language: settings.language } }} title={t('home.recommendations')} display={display} />
      {artistList('discovered-artists', discovered, t('home.discoveredArtists'))}
      <p className="home__more">
        <a className="button button--secondary" href="/shop/">{t('home.browseAll')}</a>
      </p>
    </div>
  );
}
