import { CATEGORY_VALUES } from '@easel/shared/vocabulary';
import { SORTS, type GallerySearchDefinition } from '@easel/search-service/contract';
import { artistWorksUrl } from '../../lib/catalogue/artist-works';
import { valueLabel } from '../../lib/gallery/labels';
import type { Translate } from '../../lib/i18n/translate';
import type { GalleryResult } from '../../lib/search/gallery-page';
import { Pagination } from '../pagination';
import { ProductGrid } from '../product-grid';

export interface ArtistWorksProps {
  slug: string;
  /** The search the page's address asks for, scoped to the artist. */
  definition: GallerySearchDefinition;
  works: GalleryResult;
  t: Translate;
}

/**
 * The artist's works for sale, filtered and ordered through the page's own address: category
 * links, a sort form and page links, all working without JavaScript.
 */
export function ArtistWorks({ slug, definition, works, t }: ArtistWorksProps) {
  const { product_category: chosen, sort, page } = definition;
  return (
    <section className="artist-page__section" id="works" aria-labelledby="available-works-title">
      <header className="artist-page__head">
        <h2 className="artist-page__title" id="available-works-title">{t('artist.available')}</h2>
        {works.ok && <p className="artist-page__count" id="available-works-count">{t('artist.availableCount', { count: works.gallery.count })}</p>}
      </header>
      {!works.ok ? (
        <div className="notice" role="status">
          <h3 className="notice__title">{t('artist.worksUnavailable')}</h3>
          <p className="notice__text">{t('artist.worksUnavailableText')}</p>
        </div>
      ) : (
        <>
          <div className="artist-works__tools">
            <nav className="artist-works__categories" aria-label={t('artist.categories')}>
              <ul className="artist-works__category-list" role="list">
                <li>
                  <a className="artist-works__category" href={artistWorksUrl(slug, { sort })} aria-current={chosen.length === 0 ? 'page' : undefined}>
                    {t('artist.allCategories')}
                  </a>
                </li>
                {/* Counts come with the category filter left out, so every category shows its own total. */}
                {CATEGORY_VALUES.map((category) => {
                  const count = works.gallery.categories.find((c) => c.value === category)?.count ?? 0;
                  if (count === 0 && !chosen.includes(category)) return null;
                  return (
                    <li key={category}>
                      <a
                        className="artist-works__category"
                        href={artistWorksUrl(slug, { product_category: [category], sort })}
                        aria-current={chosen.length === 1 && chosen[0] === category ? 'page' : undefined}
                      >
                        {valueLabel(category, t)} <span className="artist-works__category-count">{count}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <form className="artist-works__sort" method="get" action={artistWorksUrl(slug, {})}>
              {chosen.map((category) => <input key={category} type="hidden" name="product_category" value={category} />)}
              <label htmlFor="artist-works-sort">{t('gallery.sort')}</label>
              <select id="artist-works-sort" name="sort" defaultValue={sort}>
                {SORTS.map((s) => <option key={s} value={s}>{t(`gallery.sort.${s}`)}</option>)}
              </select>
              <button className="button button--secondary artist-works__sort-button" type="submit">{t('artist.sortApply')}</button>
            </form>
          </div>
          {works.gallery.cards.length > 0 ? (
            <ProductGrid cards={works.gallery.cards} />
          ) : works.gallery.count > 0 ? (
            <div className="notice">
              <p className="notice__text">{t('artist.pastLastPage')}</p>
              <a className="button" href={artistWorksUrl(slug, { product_category: chosen, sort })}>{t('artist.firstPage')}</a>
            </div>
          ) : (
            <div className="notice">
              <h3 className="notice__title">{t('artist.noWorks')}</h3>
              <p className="notice__text">{t('artist.noWorksText')}</p>
            </div>
          )}
          {page <= works.gallery.numPages && (
            <Pagination current={page} total={works.gallery.numPages} href={(p) => artistWorksUrl(slug, { product_category: chosen, sort, page: p })} />
          )}
        </>
      )}
    </section>
  );
}
