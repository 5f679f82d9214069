'use client';

/*
 * A client component, though it holds no state of its own: a server page that lists cards (the
 * homepage's rails, a product page's similar works) then sends each card's data in its RSC
 * payload, not its markup, which made the homepage's payload 49 kB smaller and its render 12 to
 * 20% cheaper (docs/PERFORMANCE.md, "Pages").
 */
import type { ProductCardData } from '../lib/cards';
import { CardHeart } from './engagement/card-heart';

/**
 * How wide a card's picture is drawn at each breakpoint: a grid column (see app/styles/base.css) less
 * the frame's 12% padding each side.
 */
const PRODUCT_CARD_SIZES = [
  '(min-width: 1200px) 205px',
  '(min-width: 992px) calc((100vw - 112px) / 3 * 0.76)',
  '(min-width: 768px) calc((100vw - 96px) / 3 * 0.76)',
  '(min-width: 576px) calc((100vw - 64px) / 2 * 0.76)',
  'calc((100vw - 48px) / 2 * 0.76)',
].join(', ');

export interface ProductCardProps {
  card: ProductCardData;
  /** Load the picture straight away (cards in the first row). */
  eager?: boolean;
  /** The shopper clicked this result before (SPEC section 4's `cb` flag). */
  clicked?: boolean;
  onClick?: (slug: string) => void;
  /** The picture's drawn width per breakpoint; a gallery grid column by default. */
  sizes?: string;
  /** The title's heading level: 2 in the gallery, 3 under a page section's heading. */
  headingLevel?: 2 | 3;
  /** Shown in place of the price and the buying details, for a work that has found a home ('Sold'). */
  soldLabel?: string;
  /** The search whose result this card is, and its position in the results from 1, for the tracker. */
  search?: { id: string; position: number };
}

export function ProductCard({ card, eager = false, clicked = false, onClick, sizes = PRODUCT_CARD_SIZES, headingLevel = 2, soldLabel, search }: ProductCardProps) {
  const Title = `h${headingLevel}` as const;
  const badges = soldLabel ? [] : ([card.shipsFree && 'Free shipping', card.framed && 'Framed', card.hasPrints && 'Prints'].filter(Boolean) as string[]);
  return (
    <article
      className="card"
      data-slug={card.slug}
      {...(clicked ? { 'data-cb': 'true' } : {})}
      {...(search ? { 'data-search-id': search.id, 'data-position': search.position } : {})}
    >
      <a className="card__link" href={card.href} onClick={onClick ? () => onClick(card.slug) : undefined}>
        <div className="card__frame">
          <div className="card__mat">
            <img
              className={`card__image ${card.image.width >= card.image.height ? 'card__image--wide' : 'card__image--tall'}`}
              src={card.image.src}
              srcSet={card.image.srcSet}
              sizes={sizes}
              width={card.image.width}
              height={card.image.height}
              alt={`${card.title} by ${card.artistName}`}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              {...(eager ? { fetchPriority: 'high' as const } : {})}
            />
          </div>
        </div>
        <div className="card__body">
          <Title className="card__title">{card.title}</Title>
          <p className="card__artist">{card.artistName}</p>
          <p className="card__meta">
            <span className="card__medium">{card.medium}</span>
            <span className="visually-hidden">, </span>
            <span className="card__size">{card.size}</span>
          </p>
          <p className="card__price">
            {soldLabel ? (
              <span className="card__sold">{soldLabel}</span>
            ) : card.originalPrice ? (
              <>
                <span className="visually-hidden">Reduced from </span>
                <del className="card__was">{card.originalPrice}</del>
                <span className="visually-hidden"> to </span>
                <ins className="card__now card__now--sale">{card.price}</ins>
              </>
            ) : (
              <span className="card__now">{card.price}</span>
            )}
          </p>
          {badges.length > 0 && (
            <ul className="card__badges" role="list" aria-label="Details">
              {badges.map((badge) => (
                <li key={badge} className="card__badge">{badge}</li>
              ))}
            </ul>
          )}
        </div>
      </a>
      <CardHeart slug={card.slug} title={card.title} />
    </article>
  );
}
