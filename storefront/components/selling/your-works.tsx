import type { Translate } from '../../lib/i18n/translate';
import { LISTING_STATUSES, type ListingStatus } from '../../lib/listing/limits';
import type { ArtistWork } from '../../lib/listing/listing';
import { formatPrice } from '../../lib/money';
import { WorkActions } from './work-actions';
import './selling.css';

export interface YourWorksProps {
  works: ArtistWork[];
  statusCounts: Record<ListingStatus, number>;
  /** The status the list is narrowed to; undefined lists every work. */
  status: ListingStatus | undefined;
  /** A date as the artist reads it: '28 November 2026'. */
  formatDate: (iso: string) => string;
  t: Translate;
}

const statusHref = (status: ListingStatus | undefined) => (status ? `/artist/works/?status=${status}` : '/artist/works/');

/**
 * The artist's own room: how many works are in each status (each a link narrowing the list to
 * it, so it works without JavaScript), then each work with its picture, status, price, date,
 * what shoppers did with it and what the artist may do with it.
 */
export function YourWorks({ works, statusCounts, status, formatDate, t }: YourWorksProps) {
  const total = LISTING_STATUSES.reduce((sum, s) => sum + statusCounts[s], 0);
  const filters: { status: ListingStatus | undefined; label: string; count: number }[] = [
    { status: undefined, label: t('selling.all'), count: total },
    ...LISTING_STATUSES.map((s) => ({ status: s, label: t(`selling.status.${s}`), count: statusCounts[s] })),
  ];
  return (
    <>
      <nav className="works-filter" aria-label={t('selling.byStatus')}>
        <ul role="list">
          {filters.map((f) => (
            <li key={f.status ?? 'all'}>
              <a className="works-filter__link" href={statusHref(f.status)} aria-current={f.status === status ? 'page' : undefined} data-status={f.status ?? 'all'}>
                {f.label} <span className="works-filter__count">{f.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {works.length === 0 ? (
        <section className="notice">
          <p className="notice__text">{t(total === 0 ? 'selling.empty' : 'selling.emptyStatus')}</p>
          {total === 0 && <a className="button" href="/artist/works/new/">{t('selling.listWork')}</a>}
        </section>
      ) : (
        <ol className="works-list" role="list">
          {works.map((work) => <WorkRow key={work.id} work={work} formatDate={formatDate} t={t} />)}
        </ol>
      )}
    </>
  );
}

function WorkRow({ work, formatDate, t }: { work: ArtistWork; formatDate: (iso: string) => string; t: Translate }) {
  const onSale = work.sale_price_minor !== null;
  return (
    <li className="work-row" data-work={work.id} data-status={work.status}>
      <div className="work-row__picture">
        {work.image ? (
          <img src={work.image.url} srcSet={work.image.srcset} sizes="(min-width: 768px) 160px, 96px" alt="" loading="lazy" />
        ) : (
          <span className="work-row__no-picture">{t('selling.noPhoto')}</span>
        )}
      </div>
      <div className="work-row__body">
        <h2 className="work-row__title">{work.title}</h2>
        <p className="work-row__facts">
          <span className={`work-status work-status--${work.status}`}>
            {work.sold_elsewhere ? t('selling.soldElsewhere') : t(`selling.status.${work.status}`)}
          </span>
          <span className="work-row__price">
            {onSale ? <><del>{formatPrice(work.price_minor, 'GBP')}</del> {formatPrice(work.sale_price_minor!, 'GBP')}</> : formatPrice(work.price_minor, 'GBP')}
          </span>
          <span className="work-row__date">
            {work.published_at ? t('selling.listed', { date: formatDate(work.published_at) }) : t('selling.started', { date: formatDate(work.created_at) })}
          </span>
        </p>
        <ul className="work-row__counts" role="list">
          <li>{t('selling.views', { count: work.counts.views })}</li>
          <li>{t('selling.favourites', { count: work.counts.favourites })}</li>
          <li>{t('selling.baskets', { count: work.counts.basket_adds })}</li>
        </ul>
      </div>
      <div className="work-row__actions">
        <WorkActions id={work.id} slug={work.slug} title={work.title} status={work.status} />
      </div>
    </li>
  );
}
