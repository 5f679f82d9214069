import type { ReactNode } from 'react';
import type { ProductCardData } from '../lib/cards';
import { ProductCard, type ProductCardProps } from './product-card';

/** Cards in the first row (four across at the widest) load eagerly; the rest lazily. */
export const EAGER_CARDS = 4;

export interface ProductGridProps {
  cards: ProductCardData[];
  /** Slugs of cards the shopper has clicked (the gallery's `cb` flag). */
  clicked?: readonly string[];
  onCardClick?: (slug: string) => void;
  headingLevel?: ProductCardProps['headingLevel'];
  /** Every card is of a sold work: this label replaces its price. */
  soldLabel?: string;
  /** How many cards load their pictures at once: none for a grid further down the page. */
  eagerCards?: number;
  /** Shown under each card: a collection's "Remove". */
  after?: (card: ProductCardData) => ReactNode;
  /** The search these cards are results of, and the position of the first, from 1. */
  search?: { id: string; firstPosition: number };
}

export function ProductGrid({ cards, clicked = [], onCardClick, headingLevel, soldLabel, eagerCards = EAGER_CARDS, after, search }: ProductGridProps) {
  return (
    <ul className="grid" role="list">
      {cards.map((card, i) => (
        <li key={card.id} className="grid__item">
          <ProductCard
            card={card}
            eager={i < eagerCards}
            clicked={clicked.includes(card.slug)}
            {...(headingLevel ? { headingLevel } : {})}
            {...(onCardClick ? { onClick: onCardClick } : {})}
            {...(soldLabel ? { soldLabel } : {})}
            {...(search ? { search: { id: search.id, position: search.firstPosition + i } } : {})}
          />
          {after?.(card)}
        </li>
      ))}
    </ul>
  );
}
