'use client';

import { useMemo } from 'react';
import { useRange, useRefinementList, useToggleRefinement } from 'react-instantsearch';
import { CATEGORY_VALUES, COLOURS, SIZE_BUCKET_LIMITS_CM, type Category } from '@easel/shared/vocabulary';
import { FILTERS, PANEL_SECTIONS, rowsOfSection, type FilterRow } from '@easel/search-service/filters';
import type { Facets } from '@easel/search-service/contract';
import { valueLabel } from '../../lib/gallery/labels';
import { changeFilters, isSectionActive, PANEL_ORDER, removeCategory, resetSection, setShipsTo, toggleValue, type PanelSection } from '../../lib/gallery/rules';
import { WIDGETS } from '../../lib/gallery/ui-state';
import { formatLength } from '../../lib/money';
import { useFormatNumber, useT } from '../../lib/i18n/use-t';
import { galleryMessages } from '../../lib/i18n/messages/gallery';
import { vocabularyMessages } from '../../lib/i18n/messages/vocabulary';
import { FacetList, type FacetOption } from './facet-list';
import { FilterSection } from './filter-section';
import { useCountryName, useGallery } from './gallery-context';
import { PriceFilter } from './price-filter';
import { LengthRange } from './length-range';

type ListRow = Extract<FilterRow, { kind: 'list' }>;
type CountryRow = Extract<FilterRow, { kind: 'country' }>;
type FlagRow = Extract<FilterRow, { kind: 'flag' }>;

/**
 * The wired sections of the filter panel, made from the filter table: each row is drawn by its
 * kind, reads its counts from its InstantSearch widget (the active search), or from the draft's
 * preview while the shopper edits, and edits the draft. Every widget is mounted whether or not
 * its section is open or its list shown (a subcategory list shows only under its chosen
 * category), so InstantSearch applies every part of any search state, one reached with Back
 * included.
 */

/** A row's counts in the draft's preview, when there is one: value -> count, zero counts left out as the engine leaves them out. */
function useDraftCounts(name: string): Map<string, number> | undefined {
  const { preview } = useGallery();
  const values = preview?.value?.facets[name as keyof Omit<Facets, 'price'>];
  return useMemo(() => (values ? new Map(values.filter((v) => v.count > 0).map((v) => [v.value, v.count])) : undefined), [values]);
}

/**
 * Counts of one row's values: value -> count, every value the search has. Those of the draft
 * while it differs from the active search (each section's counts narrowed by the drafted
 * choices in the others), else those of the results.
 */
function useCounts(name: string): Map<string, number> {
  const { items } = useRefinementList(WIDGETS.lists[name]!);
  const drafted = useDraftCounts(name);
  return useMemo(() => drafted ?? new Map(items.map((i) => [i.value, i.count])), [drafted, items]);
}

/** How a list's values read: sizes with their longest side in the shopper's units, the rest from the vocabulary. */
function useOptionLabel(row: ListRow): (value: string) => string {
  const { settings } = useGallery();
  const t = useT(galleryMessages, vocabularyMessages);
  if (row.name !== 'size_') return (value) => valueLabel(value, t);
  return (bucket) => {
    const limit = SIZE_BUCKET_LIMITS_CM[bucket as keyof typeof SIZE_BUCKET_LIMITS_CM];
    const edge = formatLength(limit ?? SIZE_BUCKET_LIMITS_CM.large, settings.display_units);
    return `${valueLabel(bucket, t)} (${limit ? `up to ${edge}` : `over ${edge}`})`;
  };
}

/** A list's values with their counts, most matches first or, on a scale, in its order; checked and matching values only. */
function optionsOf(row: ListRow, counts: Map<string, number>, checked: readonly string[], label: (value: string) => string): FacetOption[] {
  const options = row.values
    .filter((v) => counts.has(v) || checked.includes(v))
    .map((value) => ({ value, label: label(value), count: counts.get(value) ?? 0 }));
  return 'scale' in row ? options : options.sort((a, b) => (b.count ?? 0) - (a.count ?? 0));
}

function Section({ id }: { id: PanelSection }) {
  const { draft, setDraft } = useGallery();
  const t = useT(galleryMessages);
  const title = t(PANEL_SECTIONS[id]);
  return (
    <FilterSection id={id} title={title} resetLabel={t('gallery.reset')} active={isSectionActive(draft, id)} onReset={() => setDraft((d) => resetSection(d, id))}>
      {rowsOfSection(id).map((row) => <FilterControl key={row.name} row={row} />)}
    </FilterSection>
  );
}

/** One row of the table, drawn by its kind; a subcategory list is drawn inside its category. */
function FilterControl({ row }: { row: FilterRow }) {
  switch (row.kind) {
    case 'list':
      if ('parent' in row) return null;
      return row.name === 'product_category' ? <CategoryTree /> : <ListFacet row={row} />;
    case 'country': return <CountrySelect row={row} />;
    case 'flag': return <Toggle row={row} />;
    case 'range': return row.unit === 'currency' ? <PriceFilter /> : <LengthRange row={row} />;
  }
}

function ListFacet({ row }: { row: ListRow }) {
  const { draft, setDraft, limit } = useGallery();
  const counts = useCounts(row.name);
  const label = useOptionLabel(row);
  const checked = draft[row.name] as readonly string[];
  const swatch = row.name === 'colours' ? (c: string) => COLOURS[c as keyof typeof COLOURS] : undefined;
  return (
    <FacetList
      name={row.name}
      options={optionsOf(row, counts, checked, label)}
      checked={checked}
      onToggle={(v) => setDraft((d) => changeFilters(d, { [row.name]: toggleValue(d[row.name] as readonly string[], v) }))}
      visible={limit}
      {...(swatch ? { swatch } : {})}
    />
  );
}

/** Categories, and under a chosen one its subcategories: one group, counted from one attribute. */
function CategoryTree() {
  const { draft, setDraft, limit } = useGallery();
  const t = useT(galleryMessages, vocabularyMessages);
  const formatNumber = useFormatNumber();
  const counts = useCounts('product_category');
  const isChosen = (c: Category) => draft.product_category.includes(c) || draft[c].length > 0;
  const toggleCategory = (c: Category) =>
    setDraft((d) => (d.product_category.includes(c) || d[c].length > 0 ? removeCategory(d, c) : changeFilters(d, { product_category: [...d.product_category, c] })));
  return (
    <ul className="facet-list" role="list">
      {CATEGORY_VALUES.filter((c) => counts.has(c) || isChosen(c)).map((c) => (
        <li key={c} className="facet-list__item facet-list__item--tree">
          <input className="facet-list__check" type="checkbox" id={`category-${c}`} checked={isChosen(c)} onChange={() => toggleCategory(c)} />
          <label className="facet-list__label" htmlFor={`category-${c}`}>
            <span className="facet-list__name">{valueLabel(c, t)}</span>
            <span className="facet-list__count">{formatNumber(counts.get(c) ?? 0)}</span>
          </label>
          {isChosen(c) && (
            <div className="facet-list__children">
              <Subcategories category={c} visible={limit} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Subcategories({ category, visible }: { category: Category; visible: number }) {
  const { draft, setDraft } = useGallery();
  const t = useT(galleryMessages, vocabularyMessages);
  const row = FILTERS.find((r): r is ListRow => r.name === category)!;
  const counts = useCounts(category);
  return (
    <FacetList
      name={`category-${category}`}
      options={optionsOf(row, counts, draft[category], (value) => valueLabel(value, t))}
      checked={draft[category]}
      onToggle={(s) => setDraft((d) => changeFilters(d, { [category]: toggleValue(d[category] as readonly string[], s) }))}
      visible={visible}
    />
  );
}

function CountrySelect({ row }: { row: CountryRow }) {
  const { draft, setDraft } = useGallery();
  const counts = useCounts(row.name);
  const countryName = useCountryName();
  const formatNumber = useFormatNumber();
  const t = useT(galleryMessages);
  const value = draft[row.name];
  const codes = [...new Set([...counts.keys(), ...(value ? [value] : [])])].sort((a, b) => countryName(a).localeCompare(countryName(b)));
  const id = row.name.replace('_', '-');
  // Clearing the destination clears free shipping with it (SPEC section 4).
  const choose = (code: string | undefined) => setDraft((d) => (row.name === 'ships_to' ? setShipsTo(d, code) : changeFilters(d, { [row.name]: code })));
  return (
    <p className="facet-select">
      <label className="facet-select__label" htmlFor={id}>{row.label}</label>
      <select className="facet-select__control" id={id} value={value ?? ''} onChange={(e) => choose(e.target.value || undefined)}>
        <option value="">{t('gallery.anywhere')}</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {countryName(code)} ({formatNumber(counts.get(code) ?? 0)})
          </option>
        ))}
      </select>
    </p>
  );
}

function Toggle({ row }: { row: FlagRow }) {
  const { draft, setDraft, settings } = useGallery();
  const { value } = useToggleRefinement(WIDGETS.toggles[row.name]!);
  const drafted = useDraftCounts(row.name);
  const countryName = useCountryName();
  const formatNumber = useFormatNumber();
  const count = drafted ? drafted.get(row.on) : (value.onFacetValue.count ?? undefined);
  // Free shipping is always to a country: the chosen destination, else the shopper's own.
  const country = draft.ships_to ?? settings.country;
  const free = row.name === 'free_shipping';
  const change = (on: boolean) => setDraft((d) => changeFilters(d, free ? { free_shipping: on, ships_to: d.ships_to ?? country } : { [row.name]: on }));
  return (
    <p className="facet-toggle">
      <input className="facet-list__check" type="checkbox" id={row.name} checked={draft[row.name]} onChange={(e) => change(e.target.checked)} />
      <label className="facet-list__label" htmlFor={row.name}>
        <span className="facet-list__name">{free ? `${row.label} (${countryName(country)})` : row.label}</span>
        {count !== undefined && <span className="facet-list__count">{formatNumber(count)}</span>}
      </label>
    </p>
  );
}

/** Mounted for its search state only: a filter with no section can come with an address. */
function Mounted({ row }: { row: FilterRow }) {
  switch (row.kind) {
    case 'flag': return <MountedToggle name={row.name} />;
    case 'range': return <MountedRange name={row.name} />;
    default: return <MountedList name={row.name} />;
  }
}

function MountedToggle({ name }: { name: string }) {
  useToggleRefinement(WIDGETS.toggles[name]!);
  return null;
}

function MountedRange({ name }: { name: string }) {
  useRange(WIDGETS.ranges[name]!);
  return null;
}

function MountedList({ name }: { name: string }) {
  useCounts(name);
  return null;
}

/**
 * The eleven sections in the order of SPEC section 2, the filters no section shows, and the
 * subcategory lists, which show only under a chosen category but search whenever refined.
 */
export function FilterSections() {
  return (
    <>
      {PANEL_ORDER.map((section) => <Section key={section} id={section} />)}
      {FILTERS.filter((row) => row.section === null || 'parent' in row).map((row) => <Mounted key={row.name} row={row} />)}
    </>
  );
}
