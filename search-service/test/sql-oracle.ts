import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@easel/data/db';
import { CATEGORY_VALUES, type Currency } from '@easel/shared/vocabulary';
import { DEFAULT_SHIP_TO, type GallerySearchDefinition } from '../src/contract';

/** A work's price in `currency`'s minor units as shown and charged: converted, then rounded to a whole unit. */
function priceIn(currency: Currency): RawBuilder<number> {
  return sql<number>`ROUND(ROUND(COALESCE(w.sale_price_minor, w.price_minor) * (SELECT rate FROM currency_rates WHERE from_currency = 'GBP' AND to_currency = ${currency})) / 100.0) * 100`;
}

/**
 * The SQLite catalogue's answer to a gallery definition (text query aside), written straight
 * from the schema and independent of the indexer: what the search must agree with.
 */
export function whereOf(def: GallerySearchDefinition, without: string[] = []): RawBuilder<unknown> {
  const on = (section: string) => !without.includes(section);
  const conds: RawBuilder<unknown>[] = [sql`w.status = 'available'`];
  // The artist scope is not a section: it always applies.
  if (def.artist) conds.push(sql`w.artist_id = (SELECT id FROM artists WHERE slug = ${def.artist})`);
  const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));
  const price = priceIn(def.currency);
  if (on('price')) {
    if (def.price_min !== undefined) conds.push(sql`${price} >= ${def.price_min * 100}`);
    if (def.price_max !== undefined) conds.push(sql`${price} <= ${def.price_max * 100}`);
  }
  if (on('size')) {
    if (def.size_.length) conds.push(sql`w.size_bucket IN (${list(def.size_)})`);
    if (def.width_min !== undefined) conds.push(sql`w.width_cm >= ${def.width_min}`);
    if (def.width_max !== undefined) conds.push(sql`w.width_cm <= ${def.width_max}`);
    if (def.height_min !== undefined) conds.push(sql`w.height_cm >= ${def.height_min}`);
    if (def.height_max !== undefined) conds.push(sql`w.height_cm <= ${def.height_max}`);
  }
  if (on('category')) {
    const whole = CATEGORY_VALUES.filter((c) => def.product_category.includes(c) && def[c].length === 0);
    const paths = CATEGORY_VALUES.flatMap((c) => def[c].map((s) => `${c}:${s}`));
    const ors: RawBuilder<unknown>[] = [];
    if (whole.length) ors.push(sql`w.category IN (${list(whole)})`);
    if (paths.length) ors.push(sql`(w.category || ':' || w.subcategory) IN (${list(paths)})`);
    if (ors.length) conds.push(sql`(${sql.join(ors, sql` OR `)})`);
  }
  if (on('subject') && def.subject.length) conds.push(sql`w.subject IN (${list(def.subject)})`);
  if (on('style') && def.style.length) conds.push(sql`w.style IN (${list(def.style)})`);
  if (on('shape') && def.shape.length) conds.push(sql`w.orientation IN (${list(def.shape)})`);
  if (on('colours') && def.colours.length) {
    conds.push(sql`EXISTS (SELECT 1 FROM artwork_colours c WHERE c.artwork_id = w.id AND c.colour IN (${list(def.colours)}))`);
  }
  if (on('ships_to') && def.ships_to) {
    conds.push(sql`EXISTS (SELECT 1 FROM shipping_rates r WHERE r.profile_id = w.shipping_profile_id AND r.destination = ${def.ships_to})`);
  }
  if (on('free_shipping') && def.free_shipping) {
    conds.push(sql`EXISTS (SELECT 1 FROM shipping_rates r WHERE r.profile_id = w.shipping_profile_id AND r.destination = ${def.ships_to ?? DEFAULT_SHIP_TO} AND r.cost_minor = 0)`);
  }
  if (on('ships_from') && def.ships_from) conds.push(sql`p.ships_from = ${def.ships_from}`);
  if (on('in_sale') && def.in_sale) conds.push(sql`w.sale_price_minor IS NOT NULL`);
  if (on('framed_or_ready_to_hang') && def.framed_or_ready_to_hang) conds.push(sql`(w.framed = 1 OR w.ready_to_hang = 1)`);
  if (on('has_fine_art_prints') && def.has_fine_art_prints) {
    conds.push(sql`EXISTS (SELECT 1 FROM print_editions e WHERE e.artwork_id = w.id AND e.remaining > 0)`);
  }
  if (on('verified_advertising_safe') && def.verified_advertising_safe) conds.push(sql`w.verified_advertising_safe = 1`);
  return sql.join(conds, sql` AND `);
}

export async function sqlCount(db: Db, def: GallerySearchDefinition, without: string[] = []): Promise<number> {
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
