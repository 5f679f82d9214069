import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Gallery } from '../../../components/gallery/gallery';
import { getConfig } from '../../../lib/config';
import { getInitialGalleryResults } from '../../../lib/gallery/initial-results';
import { galleryUrl, parseGalleryQuery, parseLandingPath, type GalleryLocation } from '../../../lib/gallery/location';
import { getGalleryHead } from '../../../lib/gallery/seo';
import { alternateLanguages } from '../../../lib/i18n/alternates';
import { getShopperSettings } from '../../../lib/settings/server';
import { countryName, type UserSettings } from '../../../lib/settings/settings';
import { SHIPPING_COUNTRIES } from '@easel/shared/vocabulary';

type SearchParams = Record<string, string | string[] | undefined>;
interface ShopPageProps {
  params: Promise<{ path?: string[] }>;
  searchParams: Promise<SearchParams>;
}

/** The page's address -> the search it asks for and the shopper's settings; an unknown category is a 404. */
async function readPage({ params, searchParams }: ShopPageProps): Promise<{ location: GalleryLocation; settings: UserSettings; currencyInAddress: boolean }> {
  const [{ path = [] }, query] = await Promise.all([params, searchParams]);
  const landing = parseLandingPath(path);
  if (!landing) notFound();
  const settings = await getShopperSettings(query);
  // A signed-in user's own currency wins over the address's (SPEC §4), in the search's price filter too.
  const { currency: urlCurrency, ...otherParams } = query;
  const location = parseGalleryQuery(landing, settings.authenticated ? otherParams : query, settings.currency);
  const currencyInAddress = !settings.authenticated && urlCurrency !== undefined && !location.dropped.includes('currency');
  return { location, settings, currencyInAddress };
}

/**
 * Landing pages (the gallery, a category, a subcategory) are indexable under their own
 * address; any other search is `noindex` with its landing page as canonical.
 */
export async function generateMetadata(props: ShopPageProps): Promise<Metadata> {
  const { seo, canonicalPath, indexable } = getGalleryHead((await readPage(props)).location.definition);
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
  const { location, settings, currencyInAddress } = await readPage(props);
  const { definition, dropped } = location;
  const config = getConfig();
  const initialResults = await getInitialGalleryResults(definition, config.SEARCH_SERVICE_URL, config.SSR_BUDGET_MS);
  return (
    <Gallery
      key={settings.currency}
      serverUrl={galleryUrl(definition, currencyInAddress ? undefined : settings.currency)}
      currencyInAddress={currencyInAddress}
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
