import type { SearchHit } from '@easel/indexer/index-settings';
import { cardFieldsOf, PER_SEARCH_FIELD_NAMES, PER_SEARCH_FIELDS, type CardSearch } from './product-card';

/**
 * A card's JSON as the answer writer copies it: the UTF-8 bytes of its search-independent fields
 * (cardFieldsOf), without the closing brace. The per-search fields follow it per answer
 * (cardTail): { "id": 7, …, "favourite_count": 3 -> { "id": 7, …, "favourite_count": 3,"ships_free":true }.
 */
export type CardJson = Uint8Array;

const utf8 = new TextEncoder();

/** Encodes a hit's card fields once: the bytes the card store keeps with the card. */
export function encodeCardFields(hit: SearchHit): CardJson {
  const json = JSON.stringify(cardFieldsOf(hit));
  // A buffer of its own: one cut from a shared slab would keep the slab alive as long as any card in it.
  return utf8.encode(json.slice(0, -1));
}

const FIELDS = PER_SEARCH_FIELD_NAMES.map((name) => PER_SEARCH_FIELDS[name]);

/**
 * What follows a card's kept bytes, for each combination of its per-search values (bit f set:
 * the f-th field is true), made once: [',"ships_free":false}', ',"ships_free":true}'].
 */
const TAILS = Array.from({ length: 2 ** FIELDS.length }, (_, mask) =>
  utf8.encode(`${PER_SEARCH_FIELD_NAMES.map((name, f) => `,${JSON.stringify(name)}:${(mask >> f) & 1 ? 'true' : 'false'}`).join('')}}`),
);

/** The bytes that close a card in this search: its per-search fields and the brace. */
export function cardTail(hit: SearchHit, search: CardSearch): Uint8Array {
  let mask = 0;
  for (let f = 0; f < FIELDS.length; f++) if (FIELDS[f]!(hit, search)) mask |= 1 << f;
  return TAILS[mask]!;
}
