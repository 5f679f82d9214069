import { DEFAULT_DEFINITION, type GallerySearchDefinition } from './contract';
import { FILTERS, paramsOfRow, type FilterGroup } from './filters';

/**
 * Ways out of a search that finds nothing: each way drops one part of the search, a filter
 * group or one of the search words. `_suggestions` counts the matches of each widened search,
 * and the storefront applies the same `widen`, so the count it shows is what the click shows.
 * Browser-safe: the contract and the filter table only.
 */

/** Drop a whole filter group (every value of it: 'colours' drops teal and red), or one search word. */
export type Removal = { kind: 'filter'; filter: FilterGroup } | { kind: 'word'; word: string };

/** Search words offered for removal, at most: a longer query's words past these are kept. */
export const MAX_WORD_REMOVALS = 8;

const differs = (def: GallerySearchDefinition, param: string) =>
  JSON.stringify(def[param as keyof GallerySearchDefinition] ?? null) !== JSON.stringify(DEFAULT_DEFINITION[param as keyof GallerySearchDefinition] ?? null);

/** The filter groups a definition sets, in panel order: { colours: ['teal'], in_sale: true } -> ['in_sale', 'colours']. */
export function activeGroups(def: GallerySearchDefinition): FilterGroup[] {
  return [...new Set(FILTERS.filter((row) => paramsOfRow(row).some((param) => differs(def, param))).map((row) => row.group))];
}

/** The search words, each once, as typed: 'blue sea blue' -> ['blue', 'sea']. */
export const searchWords = (q: string | undefined): string[] => [...new Set(q ? q.split(' ') : [])];

/**
 * Every way to widen a search, in the order ties are broken: the search words (the first
 * MAX_WORD_REMOVALS), then the active filter groups in panel order.
 */
export function removals(def: GallerySearchDefinition): Removal[] {
  return [
    ...searchWords(def.q).slice(0, MAX_WORD_REMOVALS).map((word): Removal => ({ kind: 'word', word })),
    ...activeGroups(def).map((filter): Removal => ({ kind: 'filter', filter })),
  ];
}

/**
 * The search without one part, from page 1. Dropping the ships-to country drops free shipping
 * too, as the panel's rule has it (free shipping always names a country):
 * widen({ q: 'blue sea', colours: ['teal'] }, { kind: 'word', word: 'sea' }) -> { q: 'blue', colours: ['teal'] };
 * widen(…, { kind: 'filter', filter: 'colours' }) -> { q: 'blue sea', colours: [] }.
 */
export function widen(def: GallerySearchDefinition, removal: Removal): GallerySearchDefinition {
  const next: GallerySearchDefinition = { ...def, page: 1 };
  if (removal.kind === 'word') {
    const rest = def.q?.split(' ').filter((w) => w !== removal.word).join(' ');
    if (rest) next.q = rest;
    else delete next.q;
    return next;
  }
  const groups: FilterGroup[] = removal.filter === 'ships_to' ? ['ships_to', 'free_shipping'] : [removal.filter];
  const reset = next as Record<string, unknown>;
  for (const row of FILTERS) {
    if (!groups.includes(row.group)) continue;
    for (const param of paramsOfRow(row)) {
      const value = DEFAULT_DEFINITION[param as keyof GallerySearchDefinition];
      if (value === undefined) delete reset[param];
      else reset[param] = value;
    }
  }
  return next;
}
