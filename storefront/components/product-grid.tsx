import type { ProductCardData } from '../lib/search';
import { ProductCard } from './product-card';

/** Cards in the first row (four across at the widest) load eagerly; the rest lazily. */
export const EAGER_CARDS = 4;

export interface ProductGridProps {
  cards: ProductCardData[];
}

export function ProductGrid({ cards }: ProductGridProps) {
  return (
    <ul className="grid" role="list">
      {cards.map((card, i) => (
        <li key={card.id} className="grid__item">
          <ProductCard card={card} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
