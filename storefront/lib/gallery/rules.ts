import type { Category } from '@easel/shared/vocabulary';
import { DEFAULT_DEFINITION, type GallerySearchDefinition } from '@easel/search-service/contract';
import { FILTERS, PANEL_SECTIONS, paramsOfRow, rowsOfSection, type FilterRow, type PanelSection } from '@easel/search-service/filters';

/**
 * The gallery's state rules (SPEC section 4), as pure functions of the search definition, made
 * from the filter table: section resets, reset all, the ships-to / free-shipping link and the
 * active-filter chips.
 */

export type { PanelSection } from '@easel/search-service/filters';

/** The filter panel's eleven sections, in the order SPEC section 2 lists them. */
export const PANEL_ORDER = Object.keys(PANEL_SECTIONS) as PanelSection[];

type Def = GallerySearchDefinition;

/** A parameter's value with nothing chosen: [] for a list, false for a flag, undefined for the rest. */
const defaultOf = (param: string): unknown => DEFAULT_DEFINITION[param as keyof Def];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Any change to the filters starts again from the first page. */
function withChanges(def: Def, changes: Partial<Def>): Def {
  const next: Def = { ...def, ...changes, page: 1 };
  for (const key of Object.keys(next) as (keyof Def)[]) if (next[key] === undefined) delete next[key];
  return next;
}

/** The parameters a section's reset clears: 'price' -> price_min, price_max, in_sale. */
const sectionParams = (section: PanelSection): string[] => rowsOfSection(section).flatMap(paramsOfRow);

/** A section's reset clears only its own filter: resetSection({ colours: ['red'], style: ['folk'] }, 'colour') keeps the style. */
export function resetSection(def: Def, section: PanelSection): Def {
  return withChanges(def, Object.fromEntries(sectionParams(section).map((param) => [param, defaultOf(param)])));
}

/** Reset all keeps only sort, paginate and limit (and the shopper's currency and country, which are settings, not filters). */
export function resetAll(def: Def): Def {
  return { ...DEFAULT_DEFINITION, sort: def.sort, paginate: def.paginate, limit: def.limit, currency: def.currency, country: def.country };
}

/** Choosing no ships-to country clears free shipping too: setShipsTo({ ships_to: 'FR', free_shipping: true }, undefined) -> neither. */
export function setShipsTo(def: Def, country: string | undefined): Def {
  return withChanges(def, country ? { ships_to: country } : { ships_to: undefined, free_shipping: false });
}

/** Sets any filter fields, starting again from page 1. */
export function changeFilters(def: Def, changes: Partial<Def>): Def {
  return withChanges(def, changes);
}

/** Adds a value to a list if absent, removes it if present. */
export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Whether a section has a filter set: isSectionActive({ price_min: 100 }, 'price') -> true.
 * Equal to "its reset would change something".
 */
export function isSectionActive(def: Def, section: PanelSection): boolean {
  return sectionParams(section).some((param) => !sameValue(def[param as keyof Def], defaultOf(param)));
}

/** One removable chip of the active filters: one value of a list, a country, a flag or one bound of a range. */
export interface FilterChip {
  key: string;
  row: FilterRow;
  /** The parameter it sets: 'price_min', 'colours'. */
  param: string;
  value: string | number | true;
  /** The definition without this filter. */
  remove: (def: Def) => Def;
}

/** The active filters as chips, in panel order: { colours: ['red'], ships_to: 'FR' } -> [ships_to FR, colours red]. */
export function filterChips(def: Def): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const row of FILTERS) {
    switch (row.kind) {
      case 'list':
        for (const value of def[row.name] as readonly string[]) {
          const remove = row.name === 'product_category'
            ? (d: Def) => removeCategory(d, value as Category)
            : (d: Def) => withChanges(d, { [row.name]: (d[row.name] as readonly string[]).filter((v) => v !== value) });
          chips.push({ key: `${row.name}:${value}`, row, param: row.name, value, remove });
        }
        break;
      case 'country': {
        const value = def[row.name];
        const remove = row.name === 'ships_to' ? (d: Def) => setShipsTo(d, undefined) : (d: Def) => withChanges(d, { [row.name]: undefined });
        if (value) chips.push({ key: row.name, row, param: row.name, value, remove });
        break;
      }
      case 'flag':
        if (def[row.name]) chips.push({ key: row.name, row, param: row.name, value: true, remove: (d) => withChanges(d, { [row.name]: false }) });
        break;
      case 'range':
        for (const param of paramsOfRow(row)) {
          const value = def[param as keyof Def] as number | undefined;
          if (value !== undefined) chips.push({ key: param, row, param, value, remove: (d) => withChanges(d, { [param]: undefined }) });
        }
        break;
    }
  }
  return chips;
}

/** Removing a category removes its subcategories with it. */
export function removeCategory(def: Def, category: Category): Def {
  return withChanges(def, { product_category: def.product_category.filter((c) => c !== category), [category]: [] });
}
