import type { SearchHit } from '@easel/indexer/index-settings';
import { cardFieldsOf, PER_SEARCH_FIELD_NAMES, PER_SEARCH_FIELDS, type CardSearch } from './product-card';

/**
 * A card's JSON as the answer writer copies it: the UTF-8 bytes of its search-independent fields
 * (cardFieldsOf), without the closing brace. The per-search fields follow it per answer
 * (writeCard): { "id": 7, …, "favourite_count": 3 -> { "id": 7, …, "favourite_count": 3,"ships_free":true }.
 */
export type CardJson = Uint8Array;

const utf8 = new TextEncoder();

/** Encodes a hit's card fields once: the bytes the card store keeps with the card. */
export function encodeCardFields(hit: SearchHit): CardJson {
  const json = JSON.stringify(cardFieldsOf(hit));
  // A buffer of its own: one cut from a shared slab would keep the slab alive as long as any card in it.
  return utf8.encode(json.slice(0, -1));
}

/** Each per-search field's `,"name":` and the JSON of the values a boolean field takes. */
const FIELD_KEYS = PER_SEARCH_FIELD_NAMES.map((name) => utf8.encode(`,${JSON.stringify(name)}:`));
const CLOSE = utf8.encode('}');
const valueBytes = new Map<unknown, Uint8Array>([true, false].map((value) => [value, utf8.encode(JSON.stringify(value))]));
const encodeValue = (value: unknown): Uint8Array => valueBytes.get(value) ?? utf8.encode(JSON.stringify(value));

/** The bytes a card's per-search fields take in this search, with the closing brace: `,"ships_free":true}`. */
export function perSearchBytes(hit: SearchHit, search: CardSearch): Uint8Array[] {
  const parts = PER_SEARCH_FIELD_NAMES.flatMap((name, i) => [FIELD_KEYS[i]!, encodeValue(PER_SEARCH_FIELDS[name](hit, search))]);
  parts.push(CLOSE);
  return parts;
}
