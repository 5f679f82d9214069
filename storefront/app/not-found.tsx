import type { Metadata } from 'next';

/**
 * A 404 is not a page to index or to link in other languages: no canonical, no alternate
 * languages (replacing the layout's), and `noindex` (docs/PAGES.md).
 */
export const metadata: Metadata = {
  title: 'Page not found',
  alternates: null,
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <div className="container">
      <section className="notice" aria-labelledby="not-found-title">
        <p className="notice__eyebrow">Error 404</p>
        <h1 className="notice__title" id="not-found-title">
          We couldn’t find that page
        </h1>
        <p className="notice__text">It may have moved, or the artwork may have found a new home.</p>
        <a className="button" href="/shop/">
          Back to the gallery
        </a>
      </section>
    </div>
  );
}
