import { describe, expect, it } from 'vitest';
import { CardStore, type CardKey, type StoredCard } from './card-store';
import { EngineTimeoutError } from './engine';
import type { MeiliResult } from './meili-response';
import { cardFieldsOf } from './product-card';
import { SALE_HIT } from './product-card.fixture';

const card = (id: number, version: string): StoredCard => ({ ...SALE_HIT, id, slug: `work-${id}`, title: `Work ${id} ${version}`, card_version: version });
const keys = (...pairs: [number, string][]): MeiliResult => ({ hits: pairs.map(([id, version]): CardKey => ({ id, card_version: version })) as unknown as MeiliResult['hits'] });

/**
 * A store over an engine holding `index`'s cards (most popular first), recording the ids of
 * every fetch and the offset and limit of every page the fill asks for.
 */
function storeOver(index: Map<number, StoredCard>, maxCards = 10, { timeOuts = 0 } = {}) {
  const fetched: number[][] = [];
  const pages: [number, number][] = [];
  const engine: ConstructorParameters<typeof CardStore>[0] = {
    async fetchDocuments<T>(_indexUid: string, ids: number[]) {
      fetched.push(ids);
      return ids.flatMap((id) => index.get(id) ?? []) as T[];
    },
    async multiSearch([query]) {
      const { offset = 0, limit = 20 } = query!;
      pages.push([offset, limit]);
      if (timeOuts-- > 0) throw new EngineTimeoutError('no answer in time');
      return [{ hits: [...index.values()].slice(offset, offset + limit) }];
    },
  };
  return { store: new CardStore(engine, 'idx', maxCards), fetched, pages };
}

/** Every result made whole. */
const completeAll = (store: CardStore, results: MeiliResult[]) => store.complete(results, results.map((_, i) => i));

describe('CardStore', () => {
  it('makes hits whole in their order, fetching once only the cards it does not hold', async () => {
    const index = new Map([1, 2, 3].map((id) => [id, card(id, 'a')]));
    const { store, fetched } = storeOver(index);
    const [first] = await completeAll(store, [keys([3, 'a'], [1, 'a'])]);
    expect(first!.hits.map((h) => h.title)).toEqual(['Work 3 a', 'Work 1 a']);

    const second = await completeAll(store, [keys([1, 'a'], [2, 'a']), keys([3, 'a'], [2, 'a'])]);
    expect(second.map((r) => r.hits.map((h) => h.id))).toEqual([[1, 2], [3, 2]]);
    expect(fetched).toEqual([[3, 1], [2]]);
  });

  it('fetches again a card whose version the hit does not match, and shows the newer one', async () => {
    const index = new Map([[1, card(1, 'a')]]);
    const { store, fetched } = storeOver(index);
    await completeAll(store, [keys([1, 'a'])]);
    index.set(1, card(1, 'b'));
    const [edited] = await completeAll(store, [keys([1, 'b'])]);
    expect(edited!.hits[0]?.title).toBe('Work 1 b');
    expect(fetched).toEqual([[1], [1]]);
  });

  it('fetches every time a card whose hit names no version, as from an index written before versions', async () => {
    const { store, fetched } = storeOver(new Map([[1, { ...card(1, 'a'), card_version: undefined as unknown as string }]]));
    await completeAll(store, [keys([1, undefined as unknown as string])]);
    await completeAll(store, [keys([1, undefined as unknown as string])]);
    expect(fetched).toEqual([[1], [1]]);
  });

  it('leaves off a work the index no longer holds', async () => {
    const { store } = storeOver(new Map([[2, card(2, 'a')]]));
    const [result] = await completeAll(store, [keys([1, 'a'], [2, 'a'])]);
    expect(result!.hits.map((h) => h.id)).toEqual([2]);
  });

  it('keeps at most maxCards, the most recently shown', async () => {
    const index = new Map([1, 2, 3].map((id) => [id, card(id, 'a')]));
    const { store, fetched } = storeOver(index, 2);
    await completeAll(store, [keys([1, 'a'], [2, 'a'])]);
    await completeAll(store, [keys([3, 'a'])]);
    await completeAll(store, [keys([3, 'a'], [2, 'a'], [1, 'a'])]);
    expect(fetched).toEqual([[1, 2], [3], [1]]);
  });

  it('fills with the most popular cards up to maxCards, keeping a card it holds', async () => {
    const index = new Map([1, 2, 3, 4].map((id) => [id, card(id, 'a')]));
    const { store, fetched, pages } = storeOver(index, 3);
    index.set(2, card(2, 'b'));
    await completeAll(store, [keys([2, 'b'])]);
    // The fill's page read before the edit.
    index.set(2, card(2, 'a'));
    expect(await store.fill()).toBe(3);
    expect(pages).toEqual([[0, 3]]);

    const [shown] = await completeAll(store, [keys([1, 'a'], [2, 'b'], [3, 'a'])]);
    expect(shown!.hits.map((h) => h.title)).toEqual(['Work 1 a', 'Work 2 b', 'Work 3 a']);
    expect(fetched).toEqual([[2]]);
  });

  it('makes whole only the results asked for, and leaves the results it is given as they are', async () => {
    const { store } = storeOver(new Map([[1, card(1, 'a')]]));
    const given = [keys([1, 'a']), keys([1, 'a'])];
    const before = structuredClone(given);
    const whole = await store.complete(given, [1]);
    expect(given).toEqual(before);
    expect(whole[0]).toBe(given[0]);
    expect(whole[1]!.hits[0]?.title).toBe('Work 1 a');
  });

  it("keeps the JSON of a card it holds, and makes afresh, never keeping, that of a card it does not hold", async () => {
    const index = new Map([1, 2].map((id) => [id, card(id, 'a')]));
    const { store } = storeOver(index, 1);
    const [first] = await completeAll(store, [keys([1, 'a'])]);
    const held = first!.hits[0]!;
    const json = store.cardJson(held);
    expect(new TextDecoder().decode(json)).toBe(JSON.stringify(cardFieldsOf(held)).slice(0, -1));
    expect(store.cardJson(held)).toBe(json);
    // A card equal to a held one but not the object the store holds.
    const copy = { ...held };
    expect(store.cardJson(copy)).not.toBe(store.cardJson(copy));
    expect(store.cardJson(copy)).toEqual(json);
    // A card let go before any answer wrote it: another took its place in a store of one.
    const [second] = await completeAll(store, [keys([2, 'a'])]);
    const gone = second!.hits[0]!;
    await completeAll(store, [keys([1, 'a'])]);
    expect(store.cardJson(gone)).not.toBe(store.cardJson(gone));
  });

  it('asks again for a page the engine did not answer in time, up to three times', async () => {
    const index = new Map([1, 2].map((id) => [id, card(id, 'a')]));
    const slow = storeOver(index, 2, { timeOuts: 2 });
    expect(await slow.store.fill()).toBe(2);
    expect(slow.pages).toEqual([[0, 2], [0, 2], [0, 2]]);

    const stuck = storeOver(index, 2, { timeOuts: 3 });
    await expect(stuck.store.fill()).rejects.toThrow(EngineTimeoutError);
    expect(stuck.pages).toHaveLength(3);
  });
});
