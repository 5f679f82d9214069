import type { Db } from '@easel/data/db';
import { deleteOrphanPhotoFiles, deletePhotoFiles, getPhotoFile, putPhotoFiles } from '@easel/data/queries/photo-files';

/**
 * Where listing photos' files live, so every storefront replica serves every upload. A photo is
 * a set of WebP files, one per served width, under a key no other photo shares; the photo's row
 * (artwork_photos) is written only after `put` has stored every file. docs/SCALING.md maps the
 * interface onto object storage.
 */
export interface PhotoStore {
  /** Stores all of a photo's files or none: after a failure or a kill, no file of `key` is readable. */
  put(key: string, files: ReadonlyMap<number, Uint8Array>): Promise<void>;
  /** One width's bytes, or null when the store has no such file. */
  get(key: string, width: number): Promise<Uint8Array | null>;
  /** Removes a photo's files; removing what is not there is no error. */
  delete(key: string): Promise<void>;
  /** Removes the files of uploads stopped before their photo was recorded: stored before `before`, named by no photo. */
  deleteOrphans(before: Date): Promise<void>;
}

/** The store in the storefront's own database: SQLite under `npm start`, the shared PostgreSQL in a cluster. */
export function createDatabasePhotoStore(getDb: () => Promise<Db>): PhotoStore {
  return {
    put: async (key, files) => putPhotoFiles(await getDb(), key, files, new Date().toISOString()),
    get: async (key, width) => getPhotoFile(await getDb(), key, width),
    delete: async (key) => deletePhotoFiles(await getDb(), key),
    deleteOrphans: async (before) => {
      await deleteOrphanPhotoFiles(await getDb(), before.toISOString());
    },
  };
}
