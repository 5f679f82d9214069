import type { IndexableArtwork } from '@easel/data/queries/search-source';
import { getRateMatrix } from '@easel/data/queries/search-source';
import type { Db } from '@easel/data/db';
import { formatCard, type ProductCardData } from '../../lib/cards';
import { artworkToProductCard } from '../../lib/catalogue/cards';
import type { UserSettings } from '../../lib/settings/settings';
import { ProductGrid } from '../product-grid';
import { LoginPrompt } from './login-prompt';

/** Works read from the catalogue -> cards in the shopper's currency, units and ships-to country. */
export async function shopperCards(db: Db, works: IndexableArtwork[], settings: UserSettings): Promise<ProductCardData[]> {
  const rates = await getRateMatrix(db);
  return works.map((w) => formatCard(artworkToProductCard(w, rates, { ships_to: settings.country }), { currency: settings.currency, units: settings.display_units, language: settings.language }));
}

export interface AccountWorksProps {
  title: string;
  text?: string;
  /** Null for a visitor, who is asked to log in. */
  cards: ProductCardData[] | null;
  signInText: string;
  loginLabel: string;
  emptyText: string;
  shopLabel: string;
}

/** A signed-in shopper's own list of works (favourites, new work from artists they follow). */
export function AccountWorks({ title, text, cards, signInText, loginLabel, emptyText, shopLabel }: AccountWorksProps) {
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{title}</h1>
        {text && <p className="intro__count">{text}</p>}
      </header>
      {cards === null ? (
        <LoginPrompt text={signInText} action={loginLabel} />
      ) : cards.length === 0 ? (
        <section className="notice">
          <p className="notice__text">{emptyText}</p>
          <a className="button" href="/shop/">{shopLabel}</a>
        </section>
      ) : (
        <ProductGrid cards={cards} />
      )}
    </div>
  );
}
