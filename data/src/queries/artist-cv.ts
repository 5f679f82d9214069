import type { Selectable } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { ArtistEducationTable, ArtistExhibitionsTable } from '../schema';
import { recordCatalogueChanges } from './change-log';

/**
 * An artist's CV as their page shows it and they edit it: biography (`artists.bio`), education,
 * exhibitions, and the country their works ship from (`shipping_profiles.ships_from`). A save
 * replaces what it names in one transaction.
 */

export type EducationEntry = Omit<Selectable<ArtistEducationTable>, 'artist_id' | 'position'>;
export type ExhibitionEntry = Omit<Selectable<ArtistExhibitionsTable>, 'artist_id' | 'position'>;

export interface ArtistCv {
  bio: string;
  education: EducationEntry[];
  /** Newest first, in the artist's order within a year. */
  exhibitions: ExhibitionEntry[];
  /** The countries the artist's shipping profiles send from, usually one. */
  ships_from: string[];
}

/** The parts of a CV a save changes; the lists replace the stored ones whole. */
export interface ArtistCvEdit {
  bio?: string;
  education?: EducationEntry[];
  exhibitions?: ExhibitionEntry[];
  /** Set on every shipping profile of the artist. */
  ships_from?: string;
}

/** The artist's CV, or undefined when there is no such artist. */
export async function getArtistCv(db: Db, artistId: number): Promise<ArtistCv | undefined> {
  const [artist, education, exhibitions, profiles] = await Promise.all([
    db.selectFrom('artists').select('bio').where('id', '=', artistId).executeTakeFirst(),
    db.selectFrom('artist_education').select(['institution', 'course', 'year']).where('artist_id', '=', artistId).orderBy('position').execute(),
    db.selectFrom('artist_exhibitions').select(['year', 'title', 'venue', 'city', 'kind']).where('artist_id', '=', artistId)
      .orderBy('year', 'desc').orderBy('position').execute(),
    db.selectFrom('shipping_profiles').select('ships_from').distinct().where('artist_id', '=', artistId).orderBy('ships_from').execute(),
  ]);
  if (!artist) return undefined;
  return { bio: artist.bio, education, exhibitions, ships_from: profiles.map((p) => p.ships_from) };
}

/**
 * Applies `edit` to the artist's CV in one transaction, or writes nothing if any part fails.
 * A new ships-from country moves every shipping profile of the artist there; a profile with no
 * rate to its new home takes its old home rate there, so the artist still ships at home, and
 * every work of the artist is queued for search, whose documents carry the country.
 * Returns false when there is no such artist.
 */
export async function saveArtistCv(db: Db, artistId: number, edit: ArtistCvEdit, now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await trx.updateTable('artists').set({ ...(edit.bio === undefined ? {} : { bio: edit.bio }), updated_at: now })
      .where('id', '=', artistId).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    if (edit.education) {
      await trx.deleteFrom('artist_education').where('artist_id', '=', artistId).execute();
      if (edit.education.length > 0) {
        await trx.insertInto('artist_education').values(edit.education.map((e, position) => ({ ...e, artist_id: artistId, position }))).execute();
      }
    }
    if (edit.exhibitions) {
      await trx.deleteFrom('artist_exhibitions').where('artist_id', '=', artistId).execute();
      if (edit.exhibitions.length > 0) {
        await trx.insertInto('artist_exhibitions').values(edit.exhibitions.map((e, position) => ({ ...e, artist_id: artistId, position }))).execute();
      }
    }
    const country = edit.ships_from;
    if (country !== undefined) {
      const moving = await trx.selectFrom('shipping_profiles').select(['id', 'ships_from'])
        .where('artist_id', '=', artistId).where('ships_from', '!=', country).execute();
      for (const profile of moving) {
        await trx.insertInto('shipping_rates')
          .columns(['profile_id', 'destination', 'cost_minor'])
          .expression((eb) => eb.selectFrom('shipping_rates').select([eb.val(profile.id).as('profile_id'), eb.val(country).as('destination'), 'cost_minor'])
            .where('profile_id', '=', profile.id).where('destination', '=', profile.ships_from))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx.updateTable('shipping_profiles').set({ ships_from: country }).where('id', '=', profile.id).execute();
      }
      if (moving.length > 0) {
        const works = await trx.selectFrom('artworks').select('id').where('artist_id', '=', artistId).orderBy('id').execute();
        await recordCatalogueChanges(trx, works.map((w) => w.id), now);
      }
    }
    return true;
  });
}
