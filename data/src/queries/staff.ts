import { inTransaction, type Db } from '../db';
import type { CurationsTable } from '../schema';
import { getAccountUser } from './accounts';
import { visibleArtworkId } from './collections';
import { getSessionUserId, sessionHash } from './sessions';
import { recordCatalogueChanges } from './change-log';

/**
 * Staff tools on a product (SPEC §1, §3, §6): putting a work in a theme (an editors' pick) or
 * a campaign (featured art), and promoting it. Callers check the staff role first.
 */

export type CurationKind = CurationsTable['kind'];

/** SPEC §3's staff list entry: the curation's slug as `id_for_label`, whether the work is in it, and its label to show. */
export interface CurationToggle {
  id_for_label: string;
  label: string;
  value: boolean;
}

async function curationsFor(db: Db, kind: CurationKind, artworkId: number): Promise<CurationToggle[]> {
  const rows = await db
    .selectFrom('curations as c')
    .leftJoin('artwork_curations as ac', (join) => join.onRef('ac.curation_id', '=', 'c.id').on('ac.artwork_id', '=', artworkId))
    .select(['c.slug', 'c.label', 'ac.artwork_id'])
    .where('c.kind', '=', kind)
    .orderBy('c.label')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id_for_label: r.slug, label: r.label, value: r.artwork_id !== null }));
}

/** Every theme or every campaign, each saying whether the work with this slug is in it; undefined for an unknown work. */
export async function getProductCurations(db: Db, kind: CurationKind, artworkSlug: string): Promise<CurationToggle[] | undefined> {
  const artworkId = await visibleArtworkId(db, artworkSlug);
  return artworkId === undefined ? undefined : curationsFor(db, kind, artworkId);
}

/**
 * Puts the work in the theme or campaign (`value` true) or takes it out, and answers the whole
 * list as it now is. Idempotent, so a repeated click leaves one row or none, never two.
 */
export async function setProductCuration(
  db: Db, kind: CurationKind, curationSlug: string, artworkSlug: string, value: boolean,
): Promise<CurationToggle[] | 'no_curation' | 'no_artwork'> {
  return inTransaction(db, async (trx) => {
    const curation = await trx.selectFrom('curations').select('id').where('kind', '=', kind).where('slug', '=', curationSlug).executeTakeFirst();
    if (!curation) return 'no_curation';
    const artworkId = await visibleArtworkId(trx, artworkSlug);
    if (artworkId === undefined) return 'no_artwork';
    if (value) {
      await trx.insertInto('artwork_curations').values({ curation_id: curation.id, artwork_id: artworkId }).onConflict((oc) => oc.doNothing()).execute();
    } else {
      await trx.deleteFrom('artwork_curations').where('curation_id', '=', curation.id).where('artwork_id', '=', artworkId).execute();
    }
    return curationsFor(trx, kind, artworkId);
  });
}

export interface Promotion {
  slug: string;
  popularity: number;
}

/**
 * Promotion: the work becomes the most popular in the catalogue, one above the highest other
 * work, so it leads every most-popular ordering (best match's tie-break, a theme's or featured
 * art's works, similar works). A work already on top keeps its place, so promoting twice
 * changes nothing. Recorded as a catalogue change so search follows. Undefined for an unknown work.
 */
export async function promoteArtwork(db: Db, artworkSlug: string, now: string): Promise<Promotion | undefined> {
  return inTransaction(db, async (trx) => {
    const artworkId = await visibleArtworkId(trx, artworkSlug);
    if (artworkId === undefined) return undefined;
    const { highest } = await trx.selectFrom('artworks').select((eb) => eb.fn.coalesce(eb.fn.max('popularity'), eb.lit(0)).as('highest'))
      .where('id', '!=', artworkId).executeTakeFirstOrThrow();
    const { popularity } = await trx.updateTable('artworks')
      .set((eb) => {
        const above = Number(highest) + 1;
        return { popularity: eb.case().when('popularity', '>', above).then(eb.ref('popularity')).else(above).end() };
      })
      .where('id', '=', artworkId).returning('popularity').executeTakeFirstOrThrow();
    await recordCatalogueChanges(trx, [artworkId], now);
    return { slug: artworkSlug, popularity };
  });
}

/** Whether a session cookie is a signed-in staff member's at `now`; null when it signs no one in. */
export async function isStaffSession(db: Db, sessionId: string, now: string): Promise<boolean | null> {
  const userId = await getSessionUserId(db, sessionHash(sessionId), now);
  if (userId === null) return null;
  return (await getAccountUser(db, userId))?.role === 'staff';
}
