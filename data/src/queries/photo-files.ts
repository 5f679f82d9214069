import { inTransaction, type Db } from '../db';

/**
 * Listing photos' served files in the database (SQLite, or the PostgreSQL every replica
 * shares): one row per photo key and width. A photo's files are written in one transaction, so
 * a failed or killed upload leaves none of them.
 */

export async function putPhotoFiles(db: Db, key: string, files: ReadonlyMap<number, Uint8Array>, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const [width, bytes] of files) {
      await trx.insertInto('photo_files').values({ photo_key: key, width, bytes, created_at: now }).execute();
    }
  });
}

export async function getPhotoFile(db: Db, key: string, width: number): Promise<Uint8Array | null> {
  const row = await db.selectFrom('photo_files').select('bytes').where('photo_key', '=', key).where('width', '=', width).executeTakeFirst();
  return row?.bytes ?? null;
}

export async function deletePhotoFiles(db: Db, key: string): Promise<void> {
  await db.deleteFrom('photo_files').where('photo_key', '=', key).execute();
}

/**
 * Removes files no photo row names that were written before `before`: those of an upload that
 * stopped between storing its files and recording its photo. Answers how many keys went.
 */
export async function deleteOrphanPhotoFiles(db: Db, before: string): Promise<number> {
  const orphans = await db.selectFrom('photo_files as f').select('f.photo_key').distinct()
    .where('f.created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('artwork_photos as p').select('p.id').whereRef('p.photo_key', '=', 'f.photo_key'))))
    .execute();
  if (orphans.length > 0) await db.deleteFrom('photo_files').where('photo_key', 'in', orphans.map((o) => o.photo_key)).execute();
  return orphans.length;
}
