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
  /** How many cards load their pictures straight away: the first row of a grid at the top of its page. */
  eagerCards?: number;
}

export function ProductGrid({ cards, clicked = [], onCardClick, headingLevel, eagerCards = EAGER_CARDS }: ProductGridProps) {
  return (
    <ul className="grid" role="list">
      {cards.map((card, i) => (
        <li key={card.id} className="grid__item">
          <ProductCard card={card} eager={i < eagerCards} {...(headingLevel ? { headingLevel } : {})} clicked={clicked.includes(card.slug)} {...(onCardClick ? { onClick: onCardClick } : {})} />
        </li>
      ))}
    </ul>
  );
}
