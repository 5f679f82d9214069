import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AlertButton } from '../../../components/alerts/alert-button';
import { ProductArtist, ProductMain } from '../../../components/product/product-main';
import { productAlertQueries } from '../../../lib/alerts/product-alerts';
import { ProductView } from '../../../components/product/product-view';
import { ProductGrid } from '../../../components/product-grid';
import { formatCard } from '../../../lib/cards';
import { slugSchema } from '../../../lib/request-params';
import { productJsonLd, serializeJsonLd } from '../../../lib/catalogue/product-json-ld';
import { getProductPageData } from '../../../lib/catalogue/product-page';
import { viewItemEvent } from '../../../lib/catalogue/view-item';
import { loadRecommendations } from '../../../lib/catalogue/home';
import { getConfig } from '../../../lib/config';
import { getDb } from '../../../lib/db';
import { getRequestAccount } from '../../../lib/account/server';
import { getLastAddressCountry } from '../../../lib/checkout/last-address';
import { mayEdit } from '../../../lib/catalogue/artwork-edit';
import { isFavourite } from '@easel/data/queries/favourites';
import { isFollowing } from '@easel/data/queries/follows';
import { getProductCurations } from '@easel/data/queries/staff';
import { StaffTools } from '../../../components/staff/staff-tools';
import { recommendationCards } from '../../../lib/recommendations';
import { alternateLanguages } from '../../../lib/i18n/alternates';
import { getTranslator, type Translate } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

type SearchParams = Record<string, string | string[] | undefined>;
interface ProductPageProps {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

/** Once per request, however many parts of the page ask (the metadata and the page). */
const loadProduct = cache(async (slug: string, shipsTo: string) => getProductPageData(await getDb(), slug, shipsTo));

/** The address -> the work and the shopper's settings; null for a malformed or unknown slug. */
async function readPage({ params, searchParams }: ProductPageProps) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const valid = slugSchema.safeParse(slug);
  if (!valid.success) return null;
  const settings = await getShopperSettings(query);
  const data = await loadProduct(valid.data, settings.country);
  return data ? { ...data, settings } : null;
}

/** A search result's snippet: the description's opening, cut at a word near 160 characters. */
function summaryOf(text: string): string {
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

export async function generateMetadata(props: ProductPageProps): Promise<Metadata> {
  const page = await readPage(props);
  // The page itself answers 404 for a work that is not there; the not-found page has its own title.
  if (!page) return {};
  const { product } = page;
  const title = `${product.title} by ${product.artist.name}`;
  const description = summaryOf(product.description);
  const [image] = product.images;
  return {
    title,
    description,
    alternates: alternateLanguages(product.url),
    openGraph: {
      type: 'website',
      siteName: 'Easel',
      title,
      description,
      url: product.url,
      ...(image && { images: [{ url: image.src, width: image.width, height: image.height, alt: image.alt }] }),
    },
  };
}

/**
 * The product page: server-rendered from the catalogue, the pictures first. Only the image
 * viewer (thumbnails, room view, full-screen viewer) and the view tracking run in the browser.
 */
export default async function ProductPage(props: ProductPageProps) {
  const page = await readPage(props);
  if (!page) notFound();
  const { product, artistFollowers, moreByArtist, settings } = page;
  const t = getTranslator(settings.language);
  const display = { currency: settings.currency, units: settings.display_units, language: settings.language };
  const { origin } = new URL(getConfig().SITE_URL);
  const [db, account] = await Promise.all([getDb(), getRequestAccount()]);
  // The shopper's own state, the staff tools (for staff only, decided here on the server; each
  // endpoint checks again) and recommendations (an available work's; a sold one's page already
  // lists works like it) are read together.
  const [favourited, following, staff, recommended, lastAddressCountry] = await Promise.all([
    account ? isFavourite(db, account.id, product.id) : false,
    account ? isFollowing(db, account.id, product.artist.id) : false,
    account?.role === 'staff'
      ? Promise.all([getProductCurations(db, 'theme', product.slug), getProductCurations(db, 'campaign', product.slug)])
        .then(([themes, campaigns]) => ({ themes: themes ?? [], campaigns: campaigns ?? [] }))
      : null,
    product.status === 'sold' ? null : loadRecommendations(db, { product, viewer: null, currency: settings.currency, units: settings.display_units, language: settings.language }),
    getLastAddressCountry(),
  ]);
  const recommendations = recommended ? recommendationCards(recommended) : [];
  return (
    <div className="container product">
      <ProductMain
        product={product}
        settings={settings}
        lastAddressCountry={lastAddressCountry}
        favourited={favourited}
        tools={account && mayEdit(account, { artist_id: product.artist.id }) && <p className="product__edit"><a href={`/product/${product.slug}/edit/`}>{t('edit.link')}</a></p>}
        alerts={account?.artist_id !== product.artist.id && <ProductAlerts queries={productAlertQueries(product, settings.currency)} t={t} />}
        t={t}
      />

      {staff && <StaffTools slug={product.slug} themes={staff.themes} campaigns={staff.campaigns} />}

      {product.similar.length > 0 && (
        <section className="product__row" id="similar" aria-labelledby="similar-title">
          <h2 className="section-title" id="similar-title">{t('product.similar')}</h2>
          <ProductGrid cards={product.similar.map((c) => formatCard(c, display))} eagerCards={0} headingLevel={3} />
        </section>
      )}

      <ProductArtist product={product} settings={settings} followers={artistFollowers} following={following} own={account?.artist_id === product.artist.id} t={t} />

      {moreByArtist.length > 0 && (
        <section className="product__row" aria-labelledby="more-title">
          <h2 className="section-title" id="more-title">{t('product.moreByArtist', { artist: product.artist.name })}</h2>
          <ProductGrid cards={moreByArtist.map((c) => formatCard(c, display))} eagerCards={0} headingLevel={3} />
        </section>
      )}

      {recommendations.length > 0 && (
        <section className="product__row" aria-labelledby="recommendations-title">
          <h2 className="section-title" id="recommendations-title">{t('home.recommendations')}</h2>
          <ProductGrid cards={recommendations} eagerCards={0} headingLevel={3} />
        </section>
      )}

      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, { currency: settings.currency, origin, t })) }} />
      <ProductView slug={product.slug} event={viewItemEvent(product, settings.currency)} />
    </div>
  );
}

/** The searches a shopper may save from a work's page: the artist's new works, and works like it. */
function ProductAlerts({ queries, t }: { queries: { artist: string; like: string }; t: Translate }) {
  return (
    <div className="product-alerts">
      <AlertButton query={queries.artist} label={t('alerts.artist')} />
      <AlertButton query={queries.like} label={t('alerts.like')} />
    </div>
  );
}

