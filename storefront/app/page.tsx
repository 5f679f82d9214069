import { connection } from 'next/server';
import { GalleryUnavailable } from '../components/gallery-unavailable';
import { ProductGrid } from '../components/product-grid';
import { fetchGallery } from '../lib/search';
import { getShopperSettings } from '../lib/settings/server';

const count = new Intl.NumberFormat('en-GB');

/**
 * The gallery's front page. Rendered per request (never prerendered at build time, when the
 * search service may not be up); the search response itself is cached for 30 seconds.
 */
export default async function HomePage() {
  await connection();
  const { currency, display_units } = await getShopperSettings();
  const result = await fetchGallery({ paginate: 24 }, { currency, units: display_units });
  return (
    <div className="container">
      <section className="intro" aria-labelledby="intro-title">
        <h1 className="intro__title" id="intro-title">
          Discover original art
        </h1>
        {result.ok && (
          <p className="intro__count">
            {count.format(result.gallery.count)} original {result.gallery.count === 1 ? 'artwork' : 'artworks'}
          </p>
        )}
      </section>
      {result.ok ? (
        result.gallery.cards.length > 0 ? (
          <ProductGrid cards={result.gallery.cards} />
        ) : (
          <section className="notice">
            <h2 className="notice__title">No artworks yet</h2>
            <p className="notice__text">New work is on its way. Please come back soon.</p>
          </section>
        )
      ) : (
        <GalleryUnavailable reason={result.reason} />
      )}
    </div>
  );
}
