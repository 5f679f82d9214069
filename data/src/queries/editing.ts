import { inTransaction, type Db } from '../db';
import { deriveOrientation, deriveSizeBucket } from '@easel/shared/derive';
import { MEDIUMS } from '../catalogue/words';
import type { ArtworkRow } from '../schema';
import { CATEGORIES, type Category, type Colour, type EditableStatus, type Style, type Subject } from '@easel/shared/vocabulary';
import { recordCatalogueChanges } from './change-log';

/**
 * Editing an artwork's listing (staff any work, a provider their own). Each edit writes the
 * artwork and its catalogue_changes row in one transaction, so search follows every edit and a
 * refused one leaves nothing behind.
 */

/** The fields an edit may change; any left out stay as they are. Money in GBP minor units. */
export interface ArtworkEdit {
  title?: string;
  description?: string;
  price_minor?: number;
  /** Null takes the work off sale. */
  sale_price_minor?: number | null;
  status?: EditableStatus;
  subject?: Subject;
  style?: Style;
  category?: Category;
  /** Within the work's category (as it will be after the edit). */
  subcategory?: string;
  /** The medium's wording; left out while the category or subcategory changes, the subcategory's usual wording. */
  medium?: string;
  /** The work's colours, the main one first; they replace the stored ones. */
  colours?: Colour[];
  width_cm?: number;
  height_cm?: number;
  depth_cm?: number;
  framed?: boolean;
  ready_to_hang?: boolean;
  /** One of the artist's own shipping profiles. */
  shipping_profile_id?: number;
  /** The country the work ships from: that of its shipping profile (as it will be after the edit). */
  ships_from?: string;
}

/** An artwork as the edit form shows it, with the shipping profiles its artist may choose from. */
export interface EditableArtwork {
  id: number;
  slug: string;
  artist_id: number;
  category: ArtworkRow['category'];
  title: string;
  description: string;
  price_minor: number;
  sale_price_minor: number | null;
  status: ArtworkRow['status'];
  subject: Subject;
  style: Style;
  subcategory: string;
  medium: string;
  /** Main colour first. */
  colours: Colour[];
  width_cm: number;
  height_cm: number;
  depth_cm: number;
  framed: boolean;
  ready_to_hang: boolean;
  shipping_profile_id: number;
  shipping_profiles: { id: number; ships_from: string }[];
  updated_at: string;
}

/** Why an edit was refused, with the field at fault: the storefront words it. */
export type EditRefusal =
  | { reason: 'not_found' }
  | { reason: 'sale_not_below_price'; field: 'sale_price_minor' }
  | { reason: 'not_in_category'; field: 'subcategory'; category: string }
  | { reason: 'not_own_profile'; field: 'shipping_profile_id' }
  | { reason: 'ships_from_mismatch'; field: 'ships_from' }
  | { reason: 'status_locked'; field: 'status'; status: 'sold' | 'reserved' }
  | { reason: 'unpublished'; field: 'status' }
  | { reason: 'price_held'; field: 'price_minor' | 'sale_price_minor' };

const EDITABLE_COLUMNS = [
  'id', 'slug', 'artist_id', 'category', 'title', 'description', 'price_minor', 'sale_price_minor', 'status', 'subject',
  'style', 'subcategory', 'medium', 'width_cm', 'height_cm', 'depth_cm', 'framed', 'ready_to_hang', 'shipping_profile_id',
  'updated_at',
] as const;

/** The artwork with this slug, hidden ones included, or undefined. */
export async function getEditableArtwork(db: Db, slug: string): Promise<EditableArtwork | undefined> {
  const row = await db.selectFrom('artworks').select(EDITABLE_COLUMNS).where('slug', '=', slug).executeTakeFirst();
  if (!row) return undefined;
  const [shipping_profiles, colours] = await Promise.all([
    db.selectFrom('shipping_profiles').select(['id', 'ships_from']).where('artist_id', '=', row.artist_id).orderBy('id').execute(),
    db.selectFrom('artwork_colours').select('colour').where('artwork_id', '=', row.id).orderBy('position').execute(),
  ]);
  return { ...row, colours: colours.map((c) => c.colour), framed: row.framed === 1, ready_to_hang: row.ready_to_hang === 1, shipping_profiles };
}

/**
 * Applies `edit` to the artwork `artworkId` in one transaction with its catalogue change, or
 * refuses it whole. What depends on the stored work is checked here, against the values the
 * edit leaves: the sale price must stay below the price, the subcategory within the category,
 * the shipping profile the artist's own (and from the country named), a sold or reserved work keeps its status, a draft is
 * put on sale only by publishing it, and a work
 * held by a checkout keeps its price: the shopper pays what they were quoted.
 */
export async function editArtwork(db: Db, artworkId: number, edit: ArtworkEdit, now: string): Promise<{ ok: true } | ({ ok: false } & EditRefusal)> {
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('artworks').select([...EDITABLE_COLUMNS, 'reserved_until', 'published_at']).where('id', '=', artworkId).executeTakeFirst();
    if (!current) return { ok: false, reason: 'not_found' };
    // A draft goes on sale by being published, which checks it has a photo.
    if (edit.status === 'available' && current.published_at === null) return { ok: false, reason: 'unpublished', field: 'status' };
    if (edit.status !== undefined && edit.status !== current.status && (current.status === 'sold' || current.status === 'reserved')) {
      return { ok: false, reason: 'status_locked', field: 'status', status: current.status };
    }
    const price = edit.price_minor ?? current.price_minor;
    const sale = edit.sale_price_minor === undefined ? current.sale_price_minor : edit.sale_price_minor;
    if (current.status === 'reserved' && current.reserved_until !== null && current.reserved_until >= now) {
      if (price !== current.price_minor) return { ok: false, reason: 'price_held', field: 'price_minor' };
      if (sale !== current.sale_price_minor) return { ok: false, reason: 'price_held', field: 'sale_price_minor' };
    }
    if (sale !== null && sale >= price) return { ok: false, reason: 'sale_not_below_price', field: 'sale_price_minor' };
    const category = edit.category ?? current.category;
    const subcategory = edit.subcategory ?? current.subcategory;
    if (!(CATEGORIES[category] as readonly string[]).includes(subcategory)) {
      return { ok: false, reason: 'not_in_category', field: 'subcategory', category };
    }
    if (edit.shipping_profile_id !== undefined || edit.ships_from !== undefined) {
      const profile = await trx.selectFrom('shipping_profiles').select('ships_from')
        .where('id', '=', edit.shipping_profile_id ?? current.shipping_profile_id).where('artist_id', '=', current.artist_id).executeTakeFirst();
      if (!profile) return { ok: false, reason: 'not_own_profile', field: 'shipping_profile_id' };
      if (edit.ships_from !== undefined && edit.ships_from !== profile.ships_from) return { ok: false, reason: 'ships_from_mismatch', field: 'ships_from' };
    }
    const width = edit.width_cm ?? current.width_cm;
    const height = edit.height_cm ?? current.height_cm;
    const depth = edit.depth_cm ?? current.depth_cm;
    const { framed, ready_to_hang, colours, ships_from: _shipsFrom, medium, ...rest } = edit;
    const mediumChanges = medium !== undefined || category !== current.category || subcategory !== current.subcategory;
    await trx.updateTable('artworks').set({
      ...rest,
      ...(framed === undefined ? {} : { framed: framed ? 1 : 0 }),
      ...(ready_to_hang === undefined ? {} : { ready_to_hang: ready_to_hang ? 1 : 0 }),
      ...(mediumChanges ? { medium: medium ?? MEDIUMS[`${category}/${subcategory}`] ?? 'Mixed media' } : {}),
      orientation: deriveOrientation(width, height),
      size_bucket: deriveSizeBucket(width, height, depth),
      updated_at: now,
    }).where('id', '=', artworkId).execute();
    if (colours !== undefined) {
      await trx.deleteFrom('artwork_colours').where('artwork_id', '=', artworkId).execute();
      await trx.insertInto('artwork_colours').values(colours.map((colour, position) => ({ artwork_id: artworkId, colour, position }))).execute();
    }
    await recordCatalogueChanges(trx, [artworkId], now);
    return { ok: true };
  });
}
