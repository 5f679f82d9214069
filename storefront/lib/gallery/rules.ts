import { CATEGORY_VALUES, type Category } from '@easel/data/vocabulary';
import type { GallerySearchDefinition } from '@easel/search-service/contract';

/**
 * The gallery's state rules (SPEC section 4), as pure functions of the search definition:
 * section resets, reset all, the ships-to / free-shipping link and the active-filter chips.
 */

/** The filter panel's eleven sections, in the order SPEC section 2 lists them. */
export const PANEL_SECTIONS = [
  'price', 'size', 'category', 'subject', 'shipTo', 'shipFrom', 'prints', 'framed', 'style', 'colour', 'orientation',
] as const;
export type PanelSection = (typeof PANEL_SECTIONS)[number];

type Def = GallerySearchDefinition;

const noSubcategories = (): Def['category_type'] =>
  Object.fromEntries(CATEGORY_VALUES.map((c) => [c, []])) as unknown as Def['category_type'];

/** What resetting each section clears. On-sale sits in the price section, free shipping in ships-to. */
const SECTION_RESETS: Record<PanelSection, (def: Def) => Partial<Def>> = {
  price: () => ({ price: {}, in_sale: false }),
  size: () => ({ size: { size_: [] } }),
  category: () => ({ product_category: [], category_type: noSubcategories() }),
  subject: () => ({ subject: [] }),
  shipTo: () => ({ ships_to: undefined, free_shipping: false }),
  shipFrom: () => ({ ships_from: undefined }),
  prints: () => ({ has_fine_art_prints: false }),
  framed: () => ({ framed_or_ready_to_hang: false }),
  style: () => ({ style: [] }),
  colour: () => ({ colours: [] }),
  orientation: () => ({ shape: [] }),
};

/** Any change to the filters starts again from the first page. */
function withChanges(def: Def, changes: Partial<Def>): Def {
  const next: Def = { ...def, ...changes, page: 1 };
  for (const key of ['q', 'ships_to', 'ships_from'] as const) if (next[key] === undefined) delete next[key];
  return next;
}

/** A section's reset clears only its own filter: resetSection({ colours: ['red'], style: ['folk'] }, 'colour') keeps the style. */
export function resetSection(def: Def, section: PanelSection): Def {
  return withChanges(def, SECTION_RESETS[section](def));
}

/** Reset all keeps only sort, paginate and limit (and the shopper's currency, which is a setting, not a filter). */
export function resetAll(def: Def): Def {
  return {
    sort: def.sort,
    paginate: def.paginate,
    limit: def.limit,
    currency: def.currency,
    page: 1,
    price: {},
    size: { size_: [] },
    in_sale: false,
    free_shipping: false,
    framed_or_ready_to_hang: false,
    has_fine_art_prints: false,
    verified_advertising_safe: false,
    shape: [],
    product_category: [],
    category_type: noSubcategories(),
    colours: [],
    style: [],
    subject: [],
  };
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
 * Whether a section has a filter set: isSectionActive({ price: { price_min: 100 } }, 'price') -> true.
 * Equal to "its reset would change something".
 */
export function isSectionActive(def: Def, section: PanelSection): boolean {
  const reset = SECTION_RESETS[section](def);
  return Object.entries(reset).some(([key, value]) => JSON.stringify(def[key as keyof Def] ?? null) !== JSON.stringify(value ?? null));
}

/** One removable chip of the active filters. `value` is what the chip names: a vocabulary value, a country or a bound. */
export interface FilterChip {
  key: string;
  section: PanelSection | 'verified';
  field: string;
  value: string | number | true;
  /** The definition without this filter. */
  remove: (def: Def) => Def;
}

/** The active filters as chips, in panel order: { colours: ['red'], ships_to: 'FR' } -> [ships_to FR, colours red]. */
export function filterChips(def: Def): FilterChip[] {
  const chips: FilterChip[] = [];
  const list = <K extends 'colours' | 'style' | 'subject' | 'shape'>(section: PanelSection, field: K) => {
    for (const value of def[field] as readonly string[]) {
      chips.push({ key: `${field}:${value}`, section, field, value, remove: (d) => withChanges(d, { [field]: (d[field] as readonly string[]).filter((v) => v !== value) }) });
    }
  };
  const flag = (section: FilterChip['section'], field: 'in_sale' | 'free_shipping' | 'framed_or_ready_to_hang' | 'has_fine_art_prints' | 'verified_advertising_safe') => {
    if (def[field]) chips.push({ key: field, section, field, value: true, remove: (d) => withChanges(d, { [field]: false }) });
  };

  for (const bound of ['price_min', 'price_max'] as const) {
    const value = def.price[bound];
    if (value !== undefined) chips.push({ key: bound, section: 'price', field: bound, value, remove: (d) => withChanges(d, { price: { ...d.price, [bound]: undefined } }) });
  }
  flag('price', 'in_sale');
  for (const bucket of def.size.size_) {
    chips.push({ key: `size_:${bucket}`, section: 'size', field: 'size_', value: bucket, remove: (d) => withChanges(d, { size: { ...d.size, size_: d.size.size_.filter((b) => b !== bucket) } }) });
  }
  for (const bound of ['width_min', 'width_max', 'height_min', 'height_max'] as const) {
    const value = def.size[bound];
    if (value !== undefined) chips.push({ key: bound, section: 'size', field: bound, value, remove: (d) => withChanges(d, { size: { ...d.size, [bound]: undefined } }) });
  }
  for (const category of def.product_category) {
    chips.push({ key: `category:${category}`, section: 'category', field: 'product_category', value: category, remove: (d) => removeCategory(d, category) });
  }
  for (const category of CATEGORY_VALUES) {
    for (const sub of def.category_type[category]) {
      chips.push({
        key: `${category}:${sub}`, section: 'category', field: category, value: sub,
        remove: (d) => withChanges(d, { category_type: { ...d.category_type, [category]: d.category_type[category].filter((s) => s !== sub) } }),
      });
    }
  }
  list('subject', 'subject');
  if (def.ships_to) chips.push({ key: 'ships_to', section: 'shipTo', field: 'ships_to', value: def.ships_to, remove: (d) => setShipsTo(d, undefined) });
  flag('shipTo', 'free_shipping');
  if (def.ships_from) chips.push({ key: 'ships_from', section: 'shipFrom', field: 'ships_from', value: def.ships_from, remove: (d) => withChanges(d, { ships_from: undefined }) });
  flag('prints', 'has_fine_art_prints');
  flag('framed', 'framed_or_ready_to_hang');
  list('style', 'style');
  list('colour', 'colours');
  list('orientation', 'shape');
  flag('verified', 'verified_advertising_safe');
  return chips;
}

/** Removing a category removes its subcategories with it. */
export function removeCategory(def: Def, category: Category): Def {
  return withChanges(def, {
    product_category: def.product_category.filter((c) => c !== category),
    category_type: { ...def.category_type, [category]: [] },
  });
}
