import type { Currency } from '@easel/shared/vocabulary';
import { priceToPay } from '../cards';
import { valueLabel } from '../gallery/labels';
import type { Translate } from '../i18n/translate';
import type { ProductData } from './product';

/**
 * A product page's structured data: a schema.org VisualArtwork with its creator and one Offer
 * in the shopper's currency, so search engines can show the work, its maker and its price.
 */

const AVAILABILITY: Record<ProductData['status'], string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

const centimetres = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'CMT', unitText: 'cm' });

/**
 * ProductData -> JSON-LD, addresses made absolute on `origin`, the price in whole units:
 * ({ title: 'Blue harbour', status: 'sold', prices: { GBP: 125049 }, … }, { currency: 'GBP', origin: 'https://easel.example' })
 * -> { '@type': 'VisualArtwork', name: 'Blue harbour', offers: { price: 1250, priceCurrency: 'GBP', availability: 'https://schema.org/SoldOut', … }, … }.
 */
export function productJsonLd(product: ProductData, { currency, origin, t }: { currency: Currency; origin: string; t: Translate }): Record<string, unknown> {
  const url = new URL(product.url, origin).href;
  const objectDepth = product.category === 'sculpture' && product.depth_cm > 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'VisualArtwork',
    name: product.title,
    description: product.description,
    url,
    image: product.images.map((image) => new URL(image.src, origin).href),
    creator: { '@type': 'Person', name: product.artist.name, url: new URL(product.artist.url, origin).href },
    artform: valueLabel(product.category, t),
    artMedium: product.medium,
    genre: valueLabel(product.style, t),
    keywords: product.auto_tags.join(', '),
    width: centimetres(product.width_cm),
    height: centimetres(product.height_cm),
    ...(objectDepth && { depth: centimetres(product.depth_cm) }),
    offers: {
      '@type': 'Offer',
      price: Math.round(priceToPay(product, currency).pay / 100),
      priceCurrency: currency,
      availability: AVAILABILITY[product.status],
      url,
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped, so no text in the data
 * (a title holding `</script>`) can close the element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
