import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@easel/data/db';
import { CATEGORY_VALUES, type Currency } from '@easel/shared/vocabulary';
import { freeShippingCountry, type GallerySearchDefinition } from '../src/contract';
import { FILTERS, paramsOfRow, type FilterGroup, type FilterParam } from '../src/filters';

/** A work's price in `currency`'s minor units as shown and charged: converted, then rounded to a whole unit. */
function priceIn(currency: Currency): RawBuilder<number> {
  return sql<number>`ROUND(ROUND(COALESCE(w.sale_price_minor, w.price_minor) * (SELECT rate FROM currency_rates WHERE from_currency = 'GBP' AND to_currency = ${currency})) / 100.0) * 100`;
}

type Clauses = (def: GallerySearchDefinition) => RawBuilder<unknown>[];

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));
const when = (applies: boolean, clause: () => RawBuilder<unknown>): RawBuilder<unknown>[] => (applies ? [clause()] : []);
/** A subcategory narrows its category: both are read by `product_category`'s clause. */
const inCategoryClause: Clauses = () => [];

/**
 * Each filter parameter's conditions, written straight from the schema and independent of the
 * indexer. Keyed by every parameter of the filter table, so a new filter fails to compile here
 * until the oracle can answer it.
 */
const CLAUSES = {
  price_min: (def) => when(def.price_min !== undefined, () => sql`${priceIn(def.currency)} >= ${def.price_min! * 100}`),
  price_max: (def) => when(def.price_max !== undefined, () => sql`${priceIn(def.currency)} <= ${def.price_max! * 100}`),
  in_sale: (def) => when(def.in_sale, () => sql`w.sale_price_minor IS NOT NULL`),
  size_: (def) => when(def.size_.length > 0, () => sql`w.size_bucket IN (${list(def.size_)})`),
  width_min: (def) => when(def.width_min !== undefined, () => sql`w.width_cm >= ${def.width_min}`),
  width_max: (def) => when(def.width_max !== undefined, () => sql`w.width_cm <= ${def.width_max}`),
  height_min: (def) => when(def.height_min !== undefined, () => sql`w.height_cm >= ${def.height_min}`),
  height_max: (def) => when(def.height_max !== undefined, () => sql`w.height_cm <= ${def.height_max}`),
  product_category: (def) => {
    const whole = CATEGORY_VALUES.filter((c) => def.product_category.includes(c) && def[c].length === 0);
    const paths = CATEGORY_VALUES.flatMap((c) => def[c].map((s) => `${c}:${s}`));
    const ors: RawBuilder<unknown>[] = [];
    if (whole.length) ors.push(sql`w.category IN (${list(whole)})`);
    if (paths.length) ors.push(sql`(w.category || ':' || w.subcategory) IN (${list(paths)})`);
    return when(ors.length > 0, () => sql`(${sql.join(ors, sql` OR `)})`);
  },
  painting: inCategoryClause,
  sculpture: inCategoryClause,
  photography: inCategoryClause,
  drawing: inCategoryClause,
  prints: inCategoryClause,
  subject: (def) => when(def.subject.length > 0, () => sql`w.subject IN (${list(def.subject)})`),
  ships_to: (def) => when(def.ships_to !== undefined, () =>
    sql`EXISTS (SELECT 1 FROM shipping_rates r WHERE r.profile_id = w.shipping_profile_id AND r.destination = ${def.ships_to})`),
  free_shipping: (def) => when(def.free_shipping, () =>
    sql`EXISTS (SELECT 1 FROM shipping_rates r WHERE r.profile_id = w.shipping_profile_id AND r.destination = ${freeShippingCountry(def)} AND r.cost_minor = 0)`),
  ships_from: (def) => when(def.ships_from !== undefined, () => sql`p.ships_from = ${def.ships_from}`),
  has_fine_art_prints: (def) => when(def.has_fine_art_prints, () =>
    sql`EXISTS (SELECT 1 FROM print_editions e WHERE e.artwork_id = w.id AND e.remaining > 0)`),
  framed_or_ready_to_hang: (def) => when(def.framed_or_ready_to_hang, () => sql`(w.framed = 1 OR w.ready_to_hang = 1)`),
  style: (def) => when(def.style.length > 0, () => sql`w.style IN (${list(def.style)})`),
  colours: (def) => when(def.colours.length > 0, () =>
    sql`EXISTS (SELECT 1 FROM artwork_colours c WHERE c.artwork_id = w.id AND c.colour IN (${list(def.colours)}))`),
  shape: (def) => when(def.shape.length > 0, () => sql`w.orientation IN (${list(def.shape)})`),
  verified_advertising_safe: (def) => when(def.verified_advertising_safe, () => sql`w.verified_advertising_safe = 1`),
} satisfies Record<FilterParam, Clauses>;

/**
 * The SQLite catalogue's answer to a gallery definition (text query aside), leaving out the
 * filter groups in `without`: what the search must agree with.
 */
export function whereOf(def: GallerySearchDefinition, without: FilterGroup[] = []): RawBuilder<unknown> {
  const conds: RawBuilder<unknown>[] = [sql`w.status = 'available'`];
  // The artist scope is not a filter: it always applies.
  if (def.artist) conds.push(sql`w.artist_id = (SELECT id FROM artists WHERE slug = ${def.artist})`);
  for (const row of FILTERS) {
    if (without.includes(row.group)) continue;
    for (const param of paramsOfRow(row)) conds.push(...CLAUSES[param](def));
  }
  return sql.join(conds, sql` AND `);
}

export async function sqlCount(db: Db, def: GallerySearchDefinition, without: FilterGroup[] = []): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM artworks w JOIN shipping_profiles p ON p.id = w.shipping_profile_id WHERE ${whereOf(def, without)}`.execute(db);
  return Number(rows[0]!.n);
}

export async function sqlPriceRange(db: Db, def: GallerySearchDefinition): Promise<{ min: number; max: number }> {
  const price = priceIn(def.currency);
  const { rows } = await sql<{ min: number; max: number }>`SELECT MIN(${price}) AS min, MAX(${price}) AS max FROM artworks w JOIN shipping_profiles p ON p.id = w.shipping_profile_id WHERE ${whereOf(def, ['price'])}`.execute(db);
  return rows[0]!;
}

export async function sqlIds(db: Db, def: GallerySearchDefinition, orderBy: RawBuilder<unknown>, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT w.id FROM artworks w JOIN shipping_profiles p ON p.id = w.shipping_profile_id WHERE ${whereOf(def)} ORDER BY ${orderBy} LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}
