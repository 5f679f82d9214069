import type { ProductCardData } from '../../lib/cards';
import type { ProductData } from '../../lib/catalogue/product';
import { valueLabel } from '../../lib/gallery/labels';
import { landingPath } from '../../lib/gallery/location';
import type { Translate } from '../../lib/i18n/translate';
import type { Category } from '@easel/shared/vocabulary';

/** How the work arrives on the wall: 'Framed', 'Ready to hang' or 'Unframed'. */
export function framingLabel(product: Pick<ProductData, 'framed' | 'ready_to_hang'>, t: Translate): string {
  return product.framed ? t('product.framed') : product.ready_to_hang ? t('product.readyToHang') : t('product.unframed');
}

/** The artist's words about the work, then its facts, the category linking back to the gallery. */
export function ProductDetails({ product, card, t }: { product: ProductData; card: ProductCardData; t: Translate }) {
  const category = product.category as Category;
  return (
    <section className="details" aria-labelledby="details-title">
      <h2 className="section-title" id="details-title">{t('product.about')}</h2>
      <p className="details__description">{product.description}</p>
      <dl className="details__facts">
        <div>
          <dt>{t('gallery.category')}</dt>
          <dd>
            <a href={landingPath({ category })}>{valueLabel(category, t)}</a>
            {', '}
            <a href={landingPath({ category, subcategory: product.subcategory })}>{valueLabel(product.subcategory, t)}</a>
          </dd>
        </div>
        <div>
          <dt>{t('gallery.subject')}</dt>
          <dd>{valueLabel(product.subject, t)}</dd>
        </div>
        <div>
          <dt>{t('gallery.style')}</dt>
          <dd>{valueLabel(product.style, t)}</dd>
        </div>
        <div>
          <dt>{t('product.medium')}</dt>
          <dd>{product.medium}</dd>
        </div>
        <div>
          <dt>{t('product.size')}</dt>
          <dd>{card.size}</dd>
        </div>
        <div>
          <dt>{t('product.framing')}</dt>
          <dd>{framingLabel(product, t)}</dd>
        </div>
      </dl>
    </section>
  );
}
