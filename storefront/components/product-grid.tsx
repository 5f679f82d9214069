import type { ProductCardData } from '../lib/cards';
import { ProductCard } from './product-card';

/** Cards in the first row (four across at the widest) load eagerly; the rest lazily. */
export const EAGER_CARDS = 4;

export interface ProductGridProps {
  cards: ProductCardData[];
  /** How many cards load eagerly: none for grids below the fold. */
  eager?: number;
  /** Slugs of cards the shopper has clicked (the gallery's `cb` flag). */
  clicked?: readonly string[];
  onCardClick?: (slug: string) => void;
}

export function ProductGrid({ cards, eager = EAGER_CARDS, clicked = [], onCardClick }: ProductGridProps) {
  return (
    <ul className="grid" role="list">
      {cards.map((card, i) => (
        <li key={card.id} className="grid__item">
          <ProductCard card={card} eager={i < eager} clicked={clicked.includes(card.slug)} {...(onCardClick ? { onClick: onCardClick } : {})} />
        </li>
      ))}
    </ul>
  );
}
