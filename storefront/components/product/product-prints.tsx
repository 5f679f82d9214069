import type { Currency } from '@easel/shared/vocabulary';
import type { PrintOffer } from '../../lib/catalogue/product';
import { AddToBasket } from '../add-to-basket';
import type { Translate } from '../../lib/i18n/translate';
import { formatDimensions, formatPrice, type DisplayUnits } from '../../lib/money';

export interface ProductPrintsProps {
  /** The work's slug and title, which its prints are bought under. */
  slug: string;
  title: string;
  prints: PrintOffer[];
  currency: Currency;
  units: DisplayUnits;
  t: Translate;
}

/** The work's fine-art print editions, smallest first, with what each costs and how many are left. */
export function ProductPrints({ slug, title, prints, currency, units, t }: ProductPrintsProps) {
  return (
    <section className="prints" id="prints" aria-labelledby="prints-title">
      <h2 className="section-title" id="prints-title">{t('product.prints')}</h2>
      <p className="prints__text">{t('product.printsText')}</p>
      {/* The roles are written out: laid out as a grid on phones, a table loses them in some browsers. */}
      <table className="prints__table" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">{t('product.printSize')}</th>
            <th scope="col" role="columnheader">{t('product.printDimensions')}</th>
            <th scope="col" role="columnheader">{t('product.printPrice')}</th>
            <th scope="col" role="columnheader">{t('product.printEdition')}</th>
            <th scope="col" role="columnheader"><span className="visually-hidden">{t('basket.add')}</span></th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {prints.map((print) => {
            const sizeId = `print-${print.slug}`;
            return (
              <tr key={print.slug} role="row" data-sold-out={print.remaining === 0 || undefined}>
                <th scope="row" role="rowheader" className="prints__size" id={sizeId}>{print.size_label}</th>
                <td role="cell" className="prints__dimensions">{formatDimensions(print.width_cm, print.height_cm, undefined, units)}</td>
                <td role="cell" className="prints__price">{formatPrice(print.prices[currency], currency)}</td>
                <td role="cell" className="prints__edition">{print.remaining > 0 ? t('product.printsLeft', { left: print.remaining, size: print.edition_size }) : t('product.printSoldOut')}</td>
                <td role="cell" className="prints__add">
                  {print.remaining > 0 && (
                    <AddToBasket
                      slug={slug}
                      title={title}
                      print={{ slug: print.slug, size_label: print.size_label }}
                      unitPriceMinor={print.prices[currency]}
                      currency={currency}
                      describedBy={sizeId}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
