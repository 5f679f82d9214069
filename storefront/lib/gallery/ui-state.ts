import type { Connector, IndexUiState } from 'instantsearch.js';
import { FILTERS, type FilterRow } from '@easel/search-service/filters';
import { SORTS, type GallerySearchDefinition, type Sort } from '@easel/search-service/contract';
import { parseDroppingInvalid } from './location';

/**
 * The search definition <-> React InstantSearch's UI state, and the widgets both need: the one
 * place the gallery's InstantSearch state and the contract meet. Every filter row of the table
 * (`@easel/search-service/filters`) is a widget whose attribute is the row's name, so a widget's
 * refinement names the contract's parameter and value: a refinement list per list and country,
 * a toggle per flag, a range per range. What no widget holds (the currency, the page size and
 * boosted works) travels in `configure`. Pure and browser-safe, so the server renders the same
 * widgets.
 */

/** The index name InstantSearch keys its state by; the search client maps it to the contract. */
export const INDEX_NAME = 'artworks';

/** A sort as the index name InstantSearch's sort widget switches to: 'newest' -> 'artworks:newest'. */
export const sortIndex = (sort: Sort): string => (sort === 'best_match' ? INDEX_NAME : `${INDEX_NAME}:${sort}`);

/** The inverse of `sortIndex`; anything else is best match. */
export function sortOfIndex(index: string | undefined): Sort {
  return SORTS.find((sort) => sortIndex(sort) === index) ?? 'best_match';
}

/** Values a refinement list asks for: every value, the contract's most. */
export const ALL_VALUES = 100;

type ListLike = Extract<FilterRow, { kind: 'list' | 'country' }>;
type FlagRow = Extract<FilterRow, { kind: 'flag' }>;
type RangeRow = Extract<FilterRow, { kind: 'range' }>;

/**
 * A list's values in the order the engine gave them: the panel reads each count by its value
 * (sections.tsx, `useCounts`) and orders what it shows itself, so the widget need not sort them
 * first (InstantSearch's default order costs every gallery page a sort of every list).
 */
const ENGINE_ORDER = () => 0;

/** One widget's parameters per row of a kind, keyed by the row's name. */
const widgetsOf = <R extends FilterRow, P>(rows: readonly R[], params: (row: R) => P): Record<string, P> =>
  Object.fromEntries(rows.map((row) => [row.name, params(row)]));

/** The widgets' parameters, one per filter row: the client's hooks and the server's connectors take the same. */
export const WIDGETS = {
  lists: widgetsOf(FILTERS.filter((row): row is ListLike => row.kind === 'list' || row.kind === 'country'), (row) => ({
    attribute: row.name, operator: 'or' as const, limit: ALL_VALUES, sortBy: ENGINE_ORDER,
  })),
  toggles: widgetsOf(FILTERS.filter((row): row is FlagRow => row.kind === 'flag'), (row) => ({ attribute: row.name, on: row.on as string })),
  ranges: widgetsOf(FILTERS.filter((row): row is RangeRow => row.kind === 'range'), (row) => ({ attribute: row.name, precision: row.unit === 'cm' ? 1 : 0 })),
  sortBy: { items: SORTS.map((sort) => ({ value: sortIndex(sort), label: sort })) },
};

/**
 * The search the gallery's widgets ask the contract for on a definition's page: every value of
 * every list, so "Show all" can reach each one: { colours: ['red'], limit: 12, … } -> { colours: ['red'], limit: 100, … }.
 */
export const searchedDefinition = (def: GallerySearchDefinition): GallerySearchDefinition => ({ ...def, limit: ALL_VALUES });

/** The search parameters no widget holds, as the UI state's `configure` carries them. */
const SETTINGS_PARAMS = ['hitsPerPage', 'currency', 'country', 'product_boost', 'multiple_product_boost'] as const;

/**
 * The widget for the search parameters no other widget holds (`configured`): it searches with
 * the UI state's `configure` and reads it back from the search, so a routed state (Back to an
 * address in another currency) or one the page sets (a new currency in the settings) searches
 * as it says. InstantSearch's own configure widget searches with its own parameters instead,
 * whatever the UI state says.
 */
export const connectSearchSettings: Connector<{ $$type: 'easel.searchSettings' }, Record<string, never>> = () => () => ({
  $$type: 'easel.searchSettings',
  init() {},
  render() {},
  dispose({ state }) {
    return state;
  },
  getWidgetSearchParameters(state, { uiState }) {
    const wanted = (uiState.configure ?? {}) as Record<string, unknown>;
    return state.setQueryParameters(Object.fromEntries(SETTINGS_PARAMS.map((name) => [name, wanted[name]])));
  },
  getWidgetUiState(uiState, { searchParameters }) {
    const params = searchParameters as unknown as Record<string, unknown>;
    return { ...uiState, configure: Object.fromEntries(SETTINGS_PARAMS.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name]]]))) };
  },
});

/** The search parameters `configure` carries for a definition. */
export function configured(def: GallerySearchDefinition): Record<string, unknown> {
  return {
    hitsPerPage: def.paginate,
    currency: def.currency,
    country: def.country,
    ...(def.product_boost ? { product_boost: def.product_boost } : {}),
    ...(def.multiple_product_boost.length > 0 ? { multiple_product_boost: def.multiple_product_boost } : {}),
  };
}

/**
 * A definition -> the UI state that searches for it:
 * { colours: ['blue'], price_min: 100, currency: 'GBP' } ->
 * { refinementList: { colours: ['blue'] }, range: { price: '100:' }, configure: { currency: 'GBP', … } }.
 */
export function toUiState(def: GallerySearchDefinition): IndexUiState {
  const refinementList: Record<string, string[]> = {};
  const toggle: Record<string, boolean> = {};
  const range: Record<string, string> = {};
  for (const row of FILTERS) {
    switch (row.kind) {
      case 'list': {
        const values = def[row.name] as readonly string[];
        if (values.length > 0) refinementList[row.name] = [...values];
        break;
      }
      case 'country': {
        const value = def[row.name];
        if (value) refinementList[row.name] = [value];
        break;
      }
      case 'flag':
        if (def[row.name]) toggle[row.name] = true;
        break;
      case 'range': {
        const min = def[`${row.name}_min`];
        const max = def[`${row.name}_max`];
        if (min !== undefined || max !== undefined) range[row.name] = `${min ?? ''}:${max ?? ''}`;
        break;
      }
    }
  }
  const state: IndexUiState = { configure: configured(def) };
  if (def.q) state.query = def.q;
  if (def.page > 1) state.page = def.page;
  if (def.sort !== 'best_match') state.sortBy = sortIndex(def.sort);
  if (Object.keys(refinementList).length > 0) state.refinementList = refinementList;
  if (Object.keys(toggle).length > 0) state.toggle = toggle;
  if (Object.keys(range).length > 0) state.range = range;
  return state;
}

/** The contract's parameters, as the address would carry them, of a UI state. */
function paramsOf(state: IndexUiState): Record<string, string[]> {
  const params: Record<string, string[]> = {};
  const add = (name: string, value: unknown) => {
    if (value !== undefined && value !== '') (params[name] ??= []).push(String(value));
  };
  const configure = (state.configure ?? {}) as Record<string, unknown>;
  add('q', state.query);
  add('sort', sortOfIndex(state.sortBy));
  add('page', state.page);
  add('paginate', configure.hitsPerPage);
  add('currency', configure.currency);
  add('country', configure.country);
  add('product_boost', configure.product_boost);
  for (const slug of [configure.multiple_product_boost ?? []].flat()) add('multiple_product_boost', slug);
  for (const row of FILTERS) {
    if (row.kind === 'list' || row.kind === 'country') for (const value of state.refinementList?.[row.name] ?? []) add(row.name, value);
    else if (row.kind === 'flag') add(row.name, state.toggle?.[row.name] ? row.on : undefined);
    else {
      const [min, max] = (state.range?.[row.name] ?? '').split(':');
      add(`${row.name}_min`, min);
      add(`${row.name}_max`, max);
    }
  }
  return params;
}

/**
 * A UI state -> the definition it searches for; the inverse of `toUiState`. Values the
 * contract would refuse (a hand-made state) are dropped, so the result always validates.
 */
export function fromUiState(state: IndexUiState): GallerySearchDefinition {
  return parseDroppingInvalid(paramsOf(state)).definition;
}
