import type { ReactNode } from 'react';
import type { Category } from '@easel/shared/vocabulary';
import { artistPlace } from '../../lib/artist-place';
import { formatCard } from '../../lib/cards';
import type { ProductData, ShippingQuote } from '../../lib/catalogue/product';
import { arrivalText } from '../../lib/delivery';
import { valueLabel } from '../../lib/gallery/labels';
import { GALLERY_PATH, landingPath } from '../../lib/gallery/location';
import type { Translate } from '../../lib/i18n/translate';
import { formatPrice } from '../../lib/money';
import type { CountryCode } from '../../lib/settings/countries';
import { countryName } from '../../lib/settings/entity';
import type { UserSettings } from '../../lib/settings/settings';
import { ArtistBlock } from './artist-block';
import { ImageViewer } from './image-viewer';
import { ProductDetails } from './product-details';
import { ProductPrints } from './product-prints';
import { ProductSummary } from './product-summary';
import './product.css';

export interface ProductMainProps {
  product: ProductData;
  settings: UserSettings;
  /** Where the shopper last sent an order, for the offer to ship there. */
  lastAddressCountry: CountryCode | null;
  /** Whether the signed-in shopper has the work among their favourites. */
  favourited: boolean;
  /** What sits between the breadcrumbs and the work: the way to edit it, a preview's actions. */
  tools?: ReactNode;
  /** What closes the work's details: the alerts a shopper may save from it. */
  alerts?: ReactNode;
  t: Translate;
}

const countryIn = (code: string, settings: UserSettings) => countryName(code as CountryCode, settings.language);

/** The shipping quote in words: 'Shipping to France: €40', 'Free shipping to France' or 'Does not ship to France'. */
function shippingText(quote: ShippingQuote, settings: UserSettings, t: Translate): string {
  const country = countryIn(settings.country, settings);
  if (!quote.ships) return t('product.noShipping', { country });
  if (quote.free) return t('product.freeShipping', { country });
  return t('product.shippingCost', { country, price: formatPrice(quote.prices[settings.currency], settings.currency) });
}

/**
 * A work as its product page shows it: the way back to its gallery pages, the pictures, the buy
 * box, the details and prints. The product page and an artist's preview of a draft both render
 * it, so a preview is the page the work will have.
 */
export function ProductMain({ product, settings, lastAddressCountry, favourited, tools, alerts, t }: ProductMainProps) {
  const card = formatCard(product, { currency: settings.currency, units: settings.display_units, language: settings.language });
  return (
    <>
      <Breadcrumbs product={product} t={t} />
      {tools}
      <div className="product__top">
        <div className="product__pictures">
          {product.images.length > 0 ? (
            <ImageViewer images={product.images} title={product.title} widthCm={product.width_cm} heightCm={product.height_cm} />
          ) : (
            <div className="viewer__stage viewer__stage--empty" role="img" aria-label={`${product.title}: ${t('product.noPicture')}`}>
              <p className="viewer__placeholder">{t('product.noPicture')}</p>
            </div>
          )}
        </div>
        <ProductSummary
          product={product}
          card={card}
          shipping={shippingText(product.shipping.original, settings, t)}
          shipsFrom={t('product.shipsFrom', { country: countryIn(product.shipping.ships_from, settings) })}
          delivery={product.status === 'available' && product.shipping.original.ships
            ? t('delivery.dispatch', { count: product.shipping.dispatch_days, dates: arrivalText(product.shipping, settings.country, settings.language, new Date()) })
            : null}
          currency={settings.currency}
          lastAddressCountry={lastAddressCountry}
          favourited={favourited}
          t={t}
        />
      </div>

      <div className="product__info">
        <ProductDetails product={product} card={card} t={t} />
        {product.prints.length > 0 && <ProductPrints slug={product.slug} title={product.title} prints={product.prints} currency={settings.currency} units={settings.display_units} t={t} />}
        {alerts}
      </div>
    </>
  );
}

export interface ProductArtistProps {
  product: ProductData;
  settings: UserSettings;
  followers: number;
  following: boolean;
  own: boolean;
  t: Translate;
}

/** The artist's block under a work, where they work named in the shopper's English. */
export function ProductArtist({ product, settings, followers, following, own, t }: ProductArtistProps) {
  return <ArtistBlock artist={product.artist} place={artistPlace(product.artist, settings.language)} followers={followers} following={following} own={own} t={t} />;
}

function Breadcrumbs({ product, t }: { product: ProductData; t: Translate }) {
  const category = product.category as Category;
  return (
    <nav className="breadcrumbs" aria-label={t('product.breadcrumb')}>
      <ol role="list">
        <li><a href={GALLERY_PATH}>{t('shell.shop')}</a></li>
        <li><a href={landingPath({ category })}>{valueLabel(category, t)}</a></li>
        <li><a href={landingPath({ category, subcategory: product.subcategory })}>{valueLabel(product.subcategory, t)}</a></li>
      </ol>
    </nav>
  );
}
