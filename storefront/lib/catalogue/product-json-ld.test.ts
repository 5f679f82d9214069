import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { getProductPageData } from './product-page';
import { getTranslator } from '../i18n/translate';
import { productJsonLd, serializeJsonLd } from './product-json-ld';

const temp = await openTemporaryDatabase('product-json-ld', { seed: 11, artworks: 400 });
const { db } = temp;
afterAll(() => temp.close());

const rowWhere = async (where: string) =>
  (await sql<{ slug: string; artist_id: number; price_minor: number; sale_price_minor: number | null }>`
    SELECT slug, artist_id, price_minor, sale_price_minor FROM artworks WHERE ${sql.raw(where)} ORDER BY id LIMIT 1`.execute(db)).rows[0]!;

describe('productJsonLd', () => {
  it('describes the work as a VisualArtwork by its artist, offered at the sale price in the shopper\'s currency', async () => {
    const work = await rowWhere("status = 'available' AND sale_price_minor IS NOT NULL");
    const { product } = (await getProductPageData(db, work.slug, 'GB'))!;
    const ld = productJsonLd(product, { currency: 'GBP', origin: 'https://easel.example', t: getTranslator('en-gb') });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VisualArtwork',
      name: product.title,
      url: `https://easel.example/product/${work.slug}/`,
      creator: { '@type': 'Person', name: product.artist.name, url: `https://easel.example/artist/${product.artist.slug}/` },
      artMedium: product.medium,
      width: { value: product.width_cm, unitCode: 'CMT' },
      height: { value: product.height_cm, unitCode: 'CMT' },
      offers: { '@type': 'Offer', price: Math.round(work.sale_price_minor! / 100), priceCurrency: 'GBP', availability: 'https://schema.org/InStock' },
    });
    expect(ld.image).toEqual(product.images.map((i) => `https://easel.example${i.src}`));
  });

  it.each([
    ['sold', 'https://schema.org/SoldOut'],
    ['reserved', 'https://schema.org/LimitedAvailability'],
  ])('marks a %s work %s, priced in the asked currency', async (status, availability) => {
    const work = await rowWhere(`status = '${status}' AND sale_price_minor IS NULL`);
    const { product } = (await getProductPageData(db, work.slug, 'GB'))!;
    const ld = productJsonLd(product, { currency: 'USD', origin: 'https://easel.example', t: getTranslator('en-gb') });
    expect(ld.offers).toMatchObject({ availability, priceCurrency: 'USD', price: Math.round(product.prices.USD / 100) });
    expect(product.prices.USD).not.toBe(work.price_minor);
  });

  it('escapes < so the data cannot close its script element', async () => {
    const { product } = (await getProductPageData(db, (await rowWhere("status = 'available'")).slug, 'GB'))!;
    const hostile = { ...product, title: '</script><script>alert(1)</script>' };
    const text = serializeJsonLd(productJsonLd(hostile, { currency: 'GBP', origin: 'https://easel.example', t: getTranslator('en-gb') }));
    expect(text).not.toContain('<');
    expect((JSON.parse(text) as { name: string }).name).toBe(hostile.title);
  });
});
