import { priceBand, priceBarEdges } from '@easel/indexer/price-bars';
import type { Currency } from '@easel/shared/vocabulary';
import type { ProductCard } from '@easel/search-service/contract';
import { priceToPay } from '../cards';

/**
 * The searches a product page offers to save, as query strings (the API makes them canonical):
 * new works by the artist, and works like this one: the same category, subject and price bar
 * (the gallery's price ladder) in the shopper's currency.
 * ({ artist_slug: 'ada', category: 'painting', subject: 'seascape', prices: { GBP: 62_000 } }, 'GBP')
 * -> { artist: 'artist=ada&currency=GBP', like: 'product_category=painting&subject=seascape&price_min=500&price_max=749&currency=GBP' }.
 */
export function productAlertQueries(work: Pick<ProductCard, 'artist_slug' | 'category' | 'subject' | 'prices' | 'sale_prices'>, currency: Currency): { artist: string; like: string } {
  const edges = priceBarEdges(currency);
  const band = priceBand(currency, priceToPay(work, currency).pay);
  const next = edges[band + 1];
  const like = new URLSearchParams([
    ['product_category', work.category],
    ['subject', work.subject],
    ['price_min', String(edges[band]!)],
    ...(next === undefined ? [] : [['price_max', String(next - 1)]]),
    ['currency', currency],
  ]);
  return { artist: new URLSearchParams({ artist: work.artist_slug, currency }).toString(), like: like.toString() };
}
