import { describe, expect, it } from 'vitest';
import { parseGalleryParams, type GallerySearchDefinition } from '@easel/search-service/contract';
import { filterChips, isSectionActive, PANEL_ORDER, resetAll, resetSection, setShipsTo, type PanelSection } from './rules';

const def = (query: Record<string, string | string[]>): GallerySearchDefinition => {
  const parsed = parseGalleryParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])));
  if (!parsed.ok) throw new Error(parsed.issue.message);
  return parsed.definition;
};

const everything = def({
  q: 'sea', sort: 'newest', page: '3', paginate: '120', limit: '20', currency: 'EUR', price_min: '100', price_max: '900', in_sale: 'on',
  size_: 'small', width_min: '10', height_max: '90', product_category: 'sculpture', painting: 'oil', subject: 'nude', ships_to: 'FR',
  free_shipping: 'true', ships_from: 'DE', has_fine_art_prints: 'true', framed_or_ready_to_hang: 'true', style: 'folk', colours: ['red', 'blue'],
  shape: 'square', verified_advertising_safe: 'true',
});

describe('resetSection clears only its own filter', () => {
  const expected: Record<PanelSection, Partial<GallerySearchDefinition>> = {
    price: { in_sale: false },
    size: { size_: [] },
    category: { product_category: [], painting: [], sculpture: [], photography: [], drawing: [], prints: [] },
    subject: { subject: [] },
    shipTo: { free_shipping: false },
    shipFrom: {},
    prints: { has_fine_art_prints: false },
    framed: { framed_or_ready_to_hang: false },
    style: { style: [] },
    colour: { colours: [] },
    orientation: { shape: [] },
  };
  it.each(PANEL_ORDER)('%s', (section) => {
    const after = resetSection(everything, section);
    // Bounds and countries are left out when cleared.
    const cleared: Record<string, string[]> = { price: ['price_min', 'price_max'], size: ['width_min', 'height_max'], shipTo: ['ships_to'], shipFrom: ['ships_from'] };
    const keep = Object.fromEntries(Object.entries(everything).filter(([key]) => !(cleared[section] ?? []).includes(key)));
    expect(after).toEqual({ ...keep, ...expected[section], page: 1 });
    expect(isSectionActive(after, section)).toBe(false);
    expect(isSectionActive(everything, section)).toBe(true);
    // Every other section stays active.
    for (const other of PANEL_ORDER.filter((s) => s !== section)) expect(isSectionActive(after, other)).toBe(true);
  });
});

describe('resetAll', () => {
  it('keeps only sort, paginate and limit (and the currency setting)', () => {
    const after = resetAll(everything);
    expect(after).toEqual(def({ sort: 'newest', paginate: '120', limit: '20', currency: 'EUR' }));
    for (const section of PANEL_ORDER) expect(isSectionActive(after, section)).toBe(false);
  });
});

describe('setShipsTo', () => {
  it('clears free shipping when no country is left', () => {
    const after = setShipsTo(everything, undefined);
    expect(after.ships_to).toBeUndefined();
    expect(after.free_shipping).toBe(false);
  });

  it('keeps free shipping when another country is chosen', () => {
    expect(setShipsTo(everything, 'US')).toMatchObject({ ships_to: 'US', free_shipping: true, page: 1 });
  });
});

describe('filterChips', () => {
  it('lists every active filter in panel order', () => {
    expect(filterChips(everything).map((c) => c.key)).toEqual([
      'price_min', 'price_max', 'in_sale', 'size_:small', 'width_min', 'height_max', 'product_category:sculpture', 'painting:oil', 'subject:nude',
      'ships_to', 'free_shipping', 'ships_from', 'has_fine_art_prints', 'framed_or_ready_to_hang', 'style:folk', 'colours:red', 'colours:blue',
      'shape:square', 'verified_advertising_safe',
    ]);
  });

  it('removes exactly its own filter, back to page 1', () => {
    for (const chip of filterChips(everything)) {
      const after = chip.remove(everything);
      expect(after.page).toBe(1);
      const left = filterChips(after).map((c) => c.key);
      // Removing ships-to takes free shipping with it.
      const gone = chip.key === 'ships_to' ? ['ships_to', 'free_shipping'] : [chip.key];
      expect(left).toEqual(filterChips(everything).map((c) => c.key).filter((k) => !gone.includes(k)));
    }
  });

  it('removing a category removes its subcategories', () => {
    const d = def({ product_category: 'painting', painting: 'oil' });
    const chip = filterChips(d).find((c) => c.key === 'product_category:painting')!;
    expect(filterChips(chip.remove(d))).toEqual([]);
  });
});
