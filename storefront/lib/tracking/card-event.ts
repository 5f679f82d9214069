/**
 * What a product card's impression or click reports: its slug and the page, and its search and
 * position when it is a search's result (`data-search-id`, `data-position`). Read when the event
 * happens, since a click's page is gone by the time the tracker sends it.
 */

/** A product card in the page. */
export const CARD = 'article.card[data-slug]';
/** The server's limit on the characters of a path. */
export const MAX_PATH = 512;

export interface CardEvent {
  slug: string;
  path: string;
  search_id?: string;
  position?: number;
}

export const currentPath = () => (location.pathname + location.search).slice(0, MAX_PATH);

export function cardEvent(card: HTMLElement): CardEvent {
  const { slug, searchId, position } = card.dataset;
  return { slug: slug!, path: currentPath(), ...(searchId && position ? { search_id: searchId, position: Number(position) } : {}) };
}

/** The card whose link a click landed on, if any. */
export function clickedCard(target: EventTarget | null): HTMLElement | null {
  return (target as Element | null)?.closest?.(`${CARD} a`)?.closest<HTMLElement>(CARD) ?? null;
}
