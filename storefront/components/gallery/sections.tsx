'use client';

import type { ReactNode } from 'react';
import { useRefinementList, useToggleRefinement } from 'react-instantsearch';
import {
  CATEGORIES, CATEGORY_VALUES, COLOURS, COLOUR_VALUES, ORIENTATIONS, SIZE_BUCKETS, SIZE_BUCKET_LIMITS_CM, STYLES, SUBJECTS,
  type Category,
} from '@easel/data/vocabulary';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { valueLabel } from '../../lib/gallery/labels';
import { changeFilters, isSectionActive, removeCategory, resetSection, setShipsTo, toggleValue, type PanelSection } from '../../lib/gallery/rules';
import { widgetParams, type ListAttribute, type ToggleAttribute } from '../../lib/gallery/ui-state';
import { formatLength } from '../../lib/money';
import { FacetList, type FacetOption } from './facet-list';
import { FilterSection } from './filter-section';
import { useT } from '../../lib/i18n/use-t';
import { useCountryName, useGallery } from './gallery-context';
import { PriceFilter } from './price-filter';
import { SizeRanges } from './size-ranges';

type Def = GallerySearchDefinition;

/**
 * The wired sections of the filter panel: each reads its counts from an InstantSearch widget
 * (the active search) and edits the draft. Every widget is mounted whether or not its section
 * is open, so InstantSearch applies every part of the search state.
 */

/** Counts of one list attribute in the active search: value -> count. */
function useCounts(attribute: ListAttribute): Map<string, number> {
  const { active } = useGallery();
  const { items } = useRefinementList(widgetParams(active).lists[attribute]);
  return new Map(items.map((i) => [i.value, i.count]));
}

function useToggleCount(attribute: ToggleAttribute): number | undefined {
  const { active } = useGallery();
  const { value } = useToggleRefinement(widgetParams(active).toggles[attribute]);
  return value.onFacetValue.count ?? undefined;
}

/** Vocabulary values with their counts, most matches first; checked and matching values only. */
function optionsOf(values: readonly string[], counts: Map<string, number>, checked: readonly string[], label = valueLabel): FacetOption[] {
  return values
    .filter((v) => counts.has(v) || checked.includes(v))
    .map((value) => ({ value, label: label(value), count: counts.get(value) ?? 0 }))
    .sort((a, b) => (b.count ?? 0) - (a.count ?? 0));
}

function Section({ id, title, children }: { id: PanelSection; title: string; children: ReactNode }) {
  const { draft, setDraft } = useGallery();
  const t = useT();
  return (
    <FilterSection id={id} title={title} resetLabel={t('gallery.reset')} active={isSectionActive(draft, id)} onReset={() => setDraft((d) => resetSection(d, id))}>
      {children}
    </FilterSection>
  );
}

function Toggle({ id, attribute, label }: { id: string; attribute: ToggleAttribute; label: string }) {
  const { draft, setDraft } = useGallery();
  const count = useToggleCount(attribute);
  return (
    <p className="facet-toggle">
      <input className="facet-list__check" type="checkbox" id={id} checked={draft[attribute]} onChange={(e) => setDraft((d) => changeFilters(d, { [attribute]: e.target.checked }))} />
      <label className="facet-list__label" htmlFor={id}>
        <span className="facet-list__name">{label}</span>
        {count !== undefined && <span className="facet-list__count">{count}</span>}
      </label>
    </p>
  );
}

type ListField = 'subject' | 'style' | 'colours' | 'shape';

function ListSection({ id, title, field, attribute, values, swatch }: { id: PanelSection; title: string; field: ListField; attribute: ListAttribute; values: readonly string[]; swatch?: (v: string) => string }) {
  const { draft, setDraft } = useGallery();
  const counts = useCounts(attribute);
  const checked = draft[field] as readonly string[];
  return (
    <Section id={id} title={title}>
      <FacetList
        name={field}
        options={optionsOf(values, counts, checked)}
        checked={checked}
        onToggle={(v) => setDraft((d) => changeFilters(d, { [field]: toggleValue(d[field] as string[], v) } as Partial<Def>))}
        visible={swatch ? values.length : 6}
        {...(swatch ? { swatch } : {})}
      />
    </Section>
  );
}

function PriceSection() {
  const t = useT();
  return (
    <Section id="price" title={t('gallery.price')}>
      <PriceFilter />
      <Toggle id="in_sale" attribute="in_sale" label={t('gallery.onSale')} />
    </Section>
  );
}

function SizeSection() {
  const { draft, setDraft, settings } = useGallery();
  const t = useT();
  const counts = useCounts('size_bucket');
  const label = (bucket: string) => {
    const limit = SIZE_BUCKET_LIMITS_CM[bucket as keyof typeof SIZE_BUCKET_LIMITS_CM];
    const edge = formatLength(limit ?? SIZE_BUCKET_LIMITS_CM.large, settings.display_units);
    return `${valueLabel(bucket)} (${limit ? `up to ${edge}` : `over ${edge}`})`;
  };
  return (
    <Section id="size" title={t('gallery.size')}>
      <FacetList
        name="size"
        options={SIZE_BUCKETS.map((b) => ({ value: b, label: label(b), count: counts.get(b) ?? 0 }))}
        checked={draft.size.size_}
        onToggle={(b) => setDraft((d) => changeFilters(d, { size: { ...d.size, size_: toggleValue(d.size.size_, b as Def['size']['size_'][number]) } }))}
      />
      <SizeRanges />
    </Section>
  );
}

/** A category's subcategory counts, from the 'painting:oil' values of category_path. */
function subcategoryCounts(category: Category, counts: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const sub of CATEGORIES[category]) {
    const count = counts.get(`${category}:${sub}`);
    if (count !== undefined) out.set(sub, count);
  }
  return out;
}

function CategorySection() {
  const { draft, setDraft } = useGallery();
  const t = useT();
  const counts = useCounts('category_path');
  const isChosen = (c: Category) => draft.product_category.includes(c) || draft.category_type[c].length > 0;
  const toggleCategory = (c: Category) =>
    setDraft((d) => (d.product_category.includes(c) || d.category_type[c].length > 0 ? removeCategory(d, c) : changeFilters(d, { product_category: [...d.product_category, c] })));
  const toggleSub = (c: Category, sub: string) =>
    setDraft((d) => changeFilters(d, { category_type: { ...d.category_type, [c]: toggleValue(d.category_type[c] as string[], sub) } }));
  return (
    <Section id="category" title={t('gallery.category')}>
      <ul className="facet-list" role="list">
        {CATEGORY_VALUES.filter((c) => counts.has(c) || isChosen(c)).map((c) => (
          <li key={c} className="facet-list__item facet-list__item--tree">
            <input className="facet-list__check" type="checkbox" id={`category-${c}`} checked={isChosen(c)} onChange={() => toggleCategory(c)} />
            <label className="facet-list__label" htmlFor={`category-${c}`}>
              <span className="facet-list__name">{valueLabel(c)}</span>
              <span className="facet-list__count">{counts.get(c) ?? 0}</span>
            </label>
            {isChosen(c) && (
              <div className="facet-list__children">
                <FacetList
                  name={`category-${c}`}
                  options={optionsOf(CATEGORIES[c], subcategoryCounts(c, counts), draft.category_type[c])}
                  checked={draft.category_type[c]}
                  onToggle={(s) => toggleSub(c, s)}
                  visible={8}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function CountrySelect({ id, label, attribute, value, onChange }: { id: string; label: string; attribute: 'ships_to' | 'ships_from'; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const counts = useCounts(attribute);
  const countryName = useCountryName();
  const codes = [...new Set([...counts.keys(), ...(value ? [value] : [])])].sort((a, b) => countryName(a).localeCompare(countryName(b)));
  return (
    <p className="facet-select">
      <label className="facet-select__label" htmlFor={id}>{label}</label>
      <select className="facet-select__control" id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">Anywhere</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {countryName(code)} ({counts.get(code) ?? 0})
          </option>
        ))}
      </select>
    </p>
  );
}

function ShipToSection() {
  const { draft, setDraft, settings } = useGallery();
  const free = useCounts('free_shipping_to');
  const countryName = useCountryName();
  const t = useT();
  const country = draft.ships_to ?? settings.country;
  return (
    <Section id="shipTo" title={t('gallery.shipsTo')}>
      <CountrySelect id="ships-to" label="Destination" attribute="ships_to" value={draft.ships_to} onChange={(c) => setDraft((d) => setShipsTo(d, c))} />
      <p className="facet-toggle">
        <input
          className="facet-list__check" type="checkbox" id="free_shipping" checked={draft.free_shipping}
          // Free shipping is always to a country: the chosen one, else the shopper's own.
          onChange={(e) => setDraft((d) => changeFilters(d, { free_shipping: e.target.checked, ships_to: d.ships_to ?? country }))}
        />
        <label className="facet-list__label" htmlFor="free_shipping">
          <span className="facet-list__name">{t('gallery.freeShipping')} ({countryName(country)})</span>
          {free.has(country) && <span className="facet-list__count">{free.get(country)}</span>}
        </label>
      </p>
    </Section>
  );
}

function ShipFromSection() {
  const { draft, setDraft } = useGallery();
  const t = useT();
  return (
    <Section id="shipFrom" title={t('gallery.shipsFrom')}>
      <CountrySelect id="ships-from" label="Artist's country" attribute="ships_from" value={draft.ships_from} onChange={(c) => setDraft((d) => changeFilters(d, { ships_from: c }))} />
    </Section>
  );
}

/** Mounted for its search state only: the filter has no section but can come with an address. */
function HiddenWidgets() {
  useToggleCount('verified_advertising_safe');
  return null;
}

/** The eleven sections in the order of SPEC section 2. */
export function FilterSections() {
  const t = useT();
  return (
    <>
      <PriceSection />
      <SizeSection />
      <CategorySection />
      <ListSection id="subject" title={t('gallery.subject')} field="subject" attribute="subject" values={SUBJECTS} />
      <ShipToSection />
      <ShipFromSection />
      <Section id="prints" title={t('gallery.prints')}>
        <Toggle id="has_fine_art_prints" attribute="has_fine_art_prints" label="Fine art prints available" />
      </Section>
      <Section id="framed" title={t('gallery.framed')}>
        <Toggle id="framed_or_ready_to_hang" attribute="framed_or_ready_to_hang" label="Framed or ready to hang" />
      </Section>
      <ListSection id="style" title={t('gallery.style')} field="style" attribute="style" values={STYLES} />
      <ListSection id="colour" title={t('gallery.colour')} field="colours" attribute="colours" values={COLOUR_VALUES} swatch={(c) => COLOURS[c as keyof typeof COLOURS]} />
      <ListSection id="orientation" title={t('gallery.orientation')} field="shape" attribute="orientation" values={ORIENTATIONS} />
      <HiddenWidgets />
    </>
  );
}
