/**
 * Where listing photos' files live, so every storefront replica serves every upload. A photo is
 * a folder of WebP files, one per served width, under a key no other photo shares; the
 * database row that names the key is written only after `put` has stored every file.
 */
export interface PhotoStore {
  /** Stores all of a photo's files or none: after a failure or a kill, no file of `key` is readable. */
  put(key: string, files: ReadonlyMap<number, Buffer>): Promise<void>;
  /** One width's bytes, or null when the store has no such file. */
  get(key: string, width: number): Promise<Buffer | null>;
  /** Removes a photo's files; removing what is not there is no error. */
  delete(key: string): Promise<void>;
}
