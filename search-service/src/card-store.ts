import { LRUCache } from 'lru-cache';
import type { SearchHit } from '@easel/indexer/index-settings';
import { encodeCardFields, type CardJson } from './card-json';
import { EngineTimeoutError, type Engine } from './engine';
import { CARD_ATTRIBUTES } from './meili-request';
import type { MeiliResult } from './meili-response';

/** What a search's hit carries (CARD_KEY_ATTRIBUTES): the work and the version of its card. */
export interface CardKey {
  id: number;
  card_version: string;
}

export type StoredCard = SearchHit & CardKey;

/** Cards per engine request when the store fills. */
const FILL_PAGE = 1000;
/**
 * Times the fill asks for a page the engine did not answer in time: an engine just started
 * reads its index from disk on its first searches, and one page may take longer than a search may.
 */
const FILL_ATTEMPTS = 3;

/**
 * Product cards' fields by work, each at the version the index gave it. A search asks the
 * engine for its hits' ids and card versions only; the store makes those hits whole, fetching
 * in one engine request the cards it lacks or holds at another version. The engine then reads
 * and writes about 30 bytes a hit instead of 700, and the service parses as little.
 *
 * Never stale: a card is used only at the version the engine's hit names, or newer (a work
 * edited between the search and the fetch shows as edited). A work gone from the index between
 * the two is left off the page. Past `maxCards` the least recently shown make way.
 *
 * It keeps the JSON of each card it holds (card-json.ts), made the first time an answer writes
 * the card (cardJson): about 1 KB more for each card shown, kept by the card object itself, so
 * gone with the card once the store lets it go.
 */
export class CardStore {
  private readonly cards: LRUCache<number, StoredCard>;
  private readonly json = new WeakMap<SearchHit, CardJson>();

  constructor(
    private readonly engine: Pick<Engine, 'fetchDocuments' | 'multiSearch'>,
    private readonly indexUid: string,
    private readonly maxCards: number,
  ) {
    this.cards = new LRUCache({ max: maxCards });
  }

  /**
   * The results with the hits of those at the `which` places made whole: each card key replaced
   * by its card, in the same order. The results given are left as they are.
   */
  async complete(results: readonly MeiliResult[], which: readonly number[]): Promise<MeiliResult[]> {
    const missing: number[] = [];
    // Each hit's card, or its id while the store lacks the card at the hit's version.
    const pages = which.map((i) => ((results[i]?.hits ?? []) as unknown as CardKey[]).map(({ id, card_version: version }): StoredCard | number => {
      const card = this.cards.get(id);
      // An index written before cards had versions (served while its rebuild runs) names none: fetch.
      if (version !== undefined && card?.card_version === version) return card;
      missing.push(id);
      return id;
    }));
    const fetched = new Map<number, StoredCard>();
    if (missing.length > 0) {
      for (const card of await this.engine.fetchDocuments<StoredCard>(this.indexUid, [...new Set(missing)], CARD_ATTRIBUTES)) {
        this.cards.set(card.id, card);
        fetched.set(card.id, card);
      }
    }
    // A work gone from the index between the search and the fetch is left off the page.
    const cardOf = (hit: StoredCard | number) => (typeof hit === 'number' ? fetched.get(hit) : hit);
    const whole = [...results];
    which.forEach((i, k) => {
      whole[i] = { ...results[i]!, hits: pages[k]!.map(cardOf).filter((card) => card !== undefined) };
    });
    return whole;
  }

  /**
   * A card's JSON: kept for a card object the store holds, so encoded once per card it holds;
   * made afresh, and not kept, for any other (one evicted or replaced by a newer version before
   * its first answer, or a card from elsewhere).
   */
  readonly cardJson = (hit: SearchHit): CardJson => {
    const kept = this.json.get(hit);
    if (kept) return kept;
    const made = encodeCardFields(hit);
    if (this.cards.peek(hit.id) === hit) this.json.set(hit, made);
    return made;
  };

  /**
   * Takes in the most popular works' cards, up to `maxCards`: a service just started then makes
   * its first searches' pages from memory too. A card the store already holds is kept, as it may
   * be newer. Answers how many cards the store holds.
   */
  async fill(): Promise<number> {
    for (let offset = 0; offset < this.maxCards; offset += FILL_PAGE) {
      const limit = Math.min(FILL_PAGE, this.maxCards - offset);
      const hits = await this.popularCards(offset, limit);
      for (const card of hits) if (!this.cards.has(card.id)) this.cards.set(card.id, card);
      if (hits.length < limit) break;
    }
    return this.cards.size;
  }

  private async popularCards(offset: number, limit: number, attempt = 1): Promise<StoredCard[]> {
    try {
      const [page] = await this.engine.multiSearch([{ indexUid: this.indexUid, sort: ['popularity:desc'], offset, limit, attributesToRetrieve: CARD_ATTRIBUTES }]);
      return (page?.hits ?? []) as StoredCard[];
    } catch (error) {
      if (error instanceof EngineTimeoutError && attempt < FILL_ATTEMPTS) return this.popularCards(offset, limit, attempt + 1);
      throw error;
    }
  }
}
