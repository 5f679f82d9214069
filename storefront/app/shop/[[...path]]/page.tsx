import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LazyGallery } from '../../../components/gallery/lazy-gallery';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { getConfig } from '../../../lib/config';
import { getDb } from '../../../lib/db';
import { startedSearch } from '../../../lib/gallery/early-search';
import { getInitialGalleryResults } from '../../../lib/gallery/initial-results';
import { galleryUrl, parseLandingPath, readGalleryPage, type GalleryLocation } from '../../../lib/gallery/location';
import { getGalleryHead } from '../../../lib/gallery/seo';
import { alternateLanguages } from '../../../lib/i18n/alternates';
import { getTranslator } from '../../../lib/i18n/translate';
import { pageSearchRecorder } from '../../../lib/search-analytics/page-search';
import { readUrlOverrides } from '../../../lib/settings/resolve';
import { getShopperSettings } from '../../../lib/settings/server';
import { countryName } from '../../../lib/settings/entity';
import type { UserSettings } from '../../../lib/settings/settings';
import { SHIPPING_COUNTRIES } from '@easel/shared/vocabulary';

type SearchParams = Record<string, string | string[] | undefined>;
interface ShopPageProps {
  params: Promise<{ path?: string[] }>;
  searchParams: Promise<SearchParams>;
}

/** The page's address -> the search it asks for and the shopper's settings; an unknown category is a 404. */
async function readPage({ params, searchParams }: ShopPageProps): Promise<{ location: GalleryLocation; settings: UserSettings; currencyInAddress: boolean; query: SearchParams }> {
  const [{ path = [] }, query] = await Promise.all([params, searchParams]);
  const landing = parseLandingPath(path);
  if (!landing) notFound();
  const settings = await getShopperSettings(query);
  return { ...readGalleryPage(landing, query, settings), settings, query };
}

/**
 * Landing pages (the gallery, a category, a subcategory) are indexable under their own
 * address; any other search is `noindex` with its landing page as canonical.
 */
export async function generateMetadata(props: ShopPageProps): Promise<Metadata> {
  const { location, settings } = await readPage(props);
  const { seo, canonicalPath, indexable } = getGalleryHead(location.definition, getTranslator(settings.language));
  return {
    title: seo.meta_page_title,
    description: seo.meta_page_description,
    alternates: alternateLanguages(canonicalPath),
    robots: { index: indexable, follow: true },
  };
}

/**
 * The gallery. The server searches within its budget so the HTML carries the first page of
 * artworks; past the budget it sends the page without them and the browser searches.
 */
export default async function ShopPage(props: ShopPageProps) {
  const { location, settings, currencyInAddress, query } = await readPage(props);
  const { definition, dropped } = location;
  const config = getConfig();
  const [initialResults, rates] = await Promise.all([
    pageSearchRecorder().then((record) => getInitialGalleryResults(definition, config.SEARCH_SERVICE_URL, config.SSR_BUDGET_MS, record, startedSearch())),
    getDb().then(getRateMatrix),
  ]);
  // One gallery for the page's life: a settings change re-renders it with the new settings, and
  // the gallery shows the same search in them (a new gallery would start from the server's
  // address, not the one the shopper's searches have written since).
  return (
    <LazyGallery
      serverUrl={galleryUrl(definition, currencyInAddress ? undefined : settings.currency)}
      currencyInAddress={currencyInAddress}
      languageInAddress={readUrlOverrides(query).language}
      rates={rates}
      initialResults={initialResults}
      definition={definition}
      settings={{
        currency: definition.currency,
        country: settings.country,
        display_units: settings.display_units,
        countryNames: Object.fromEntries([...SHIPPING_COUNTRIES, settings.country].map((c) => [c, countryName(c, settings.language)])),
      }}
      dropped={dropped}
    />
  );
}
