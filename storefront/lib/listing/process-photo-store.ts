import { getDb } from '../db';
import { createDatabasePhotoStore, type PhotoStore } from './photo-store';

let store: PhotoStore | undefined;

/** The process's photo store: in its database, which every replica of a cluster shares. */
export function getPhotoStore(): PhotoStore {
  return (store ??= createDatabasePhotoStore(getDb));
}
