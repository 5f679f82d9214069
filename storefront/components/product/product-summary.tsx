import type { Currency } from '@easel/shared/vocabulary';
import { priceToPay, type ProductCardData } from '../../lib/cards';
import { AddToBasket } from '../add-to-basket';
import { AddToCollection } from '../collections/add-to-collection';
import { FavouriteButton } from '../engagement/favourite-button';
import type { ProductData } from '../../lib/catalogue/product';
import type { Translate } from '../../lib/i18n/translate';
import type { CountryCode } from '../../lib/settings/countries';
import { ShipsToOffer } from '../ships-to-offer';
import { BuyBar } from './buy-bar';
import { framingLabel } from './product-details';

const BUY_ACTIONS_ID = 'buy-box-actions';

export interface ProductSummaryProps {
  product: ProductData;
  /** The work as a card in the shopper's currency and units: its price and size as text. */
  card: ProductCardData;
  /** The shopper's shipping, already in words: 'Free shipping to France'. */
  shipping: string;
  shipsFrom: string;
  /** When it should arrive, in words; null when it cannot be ordered to the shopper's country. */
  delivery: string | null;
  currency: Currency;
  /** Where the shopper last sent an order, for the offer to ship there. */
  lastAddressCountry: CountryCode | null;
  /** Whether the signed-in shopper has the work among their favourites. */
  favourited: boolean;
  t: Translate;
}

/**
 * The column beside the pictures: what the work is, who made it, what it costs and how it
 * reaches the shopper. A sold original keeps its page, with the way to similar works instead
 * of a price.
 */
export function ProductSummary({ product, card, shipping, shipsFrom, delivery, currency, lastAddressCountry, favourited, t }: ProductSummaryProps) {
  return (
    <section className="summary" aria-labelledby="product-title">
      <h1 className="summary__title" id="product-title">{product.title}</h1>
      <p className="summary__artist">
        <a href={product.artist.url}>{product.artist.name}</a>
      </p>
      <p className="summary__medium">
        {product.medium}
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, </span>
        {card.size}
      </p>

      <div className="buy-box" data-status={product.status}>
        {product.status === 'sold' ? (
          <SoldNotice product={product} t={t} />
        ) : (
          <>
            {product.status === 'reserved' && (
              <p className="buy-box__status">
                <span className="status-badge">{t('product.reserved')}</span>
                <span className="buy-box__note">{t('product.reservedText')}</span>
              </p>
            )}
            <Price card={card} t={t} />
          </>
        )}
        <div className="buy-box__actions" id={BUY_ACTIONS_ID}>
          {product.status === 'available' && (
            <AddToBasket slug={product.slug} title={product.title} unitPriceMinor={priceToPay(product, currency).pay} currency={currency} />
          )}
          <FavouriteButton slug={product.slug} count={product.favourite_count} favourited={favourited} />
        </div>
        <AddToCollection slug={product.slug} />
      </div>
      {product.status === 'available' && (
        <BuyBar slug={product.slug} title={product.title} price={card.price} unitPriceMinor={priceToPay(product, currency).pay} currency={currency} buttonsId={BUY_ACTIONS_ID} />
      )}

      {product.status !== 'sold' && (
        <ul className="summary__facts" role="list">
          {(product.framed || product.ready_to_hang) && <li>{framingLabel(product, t)}</li>}
          <li className={product.shipping.original.ships ? undefined : 'summary__facts-problem'}>{shipping}<ShipsToOffer lastAddressCountry={lastAddressCountry} /></li>
          {delivery && <li data-delivery>{delivery}</li>}
          <li>{shipsFrom}</li>
          <li>{t('product.returns')}</li>
        </ul>
      )}
    </section>
  );
}

function Price({ card, t }: { card: ProductCardData; t: Translate }) {
  return (
    <p className="buy-box__price">
      {card.originalPrice ? (
        <>
          <span className="visually-hidden">{t('product.reducedFrom')} </span>
          <del className="buy-box__was">{card.originalPrice}</del>
          <span className="visually-hidden"> {t('product.reducedTo')} </span>
          <ins className="buy-box__now buy-box__now--sale">{card.price}</ins>
        </>
      ) : (
        <span className="buy-box__now">{card.price}</span>
      )}
    </p>
  );
}

function SoldNotice({ product, t }: { product: ProductData; t: Translate }) {
  return (
    <div className="buy-box__status">
      <span className="status-badge status-badge--sold">{t('product.sold')}</span>
      <p className="buy-box__note">{t('product.soldText')}</p>
      <ul className="buy-box__links" role="list">
        {product.similar.length > 0 && (
          <li><a href="#similar">{t('product.seeSimilar')}</a></li>
        )}
        {product.prints.some((p) => p.remaining > 0) && (
          <li><a href="#prints">{t('product.seePrints')}</a></li>
        )}
      </ul>
    </div>
  );
}
