import { openDatabase, type Db } from '@easel/data/db';
import { getConfig } from './config';

let opening: Promise<Db> | undefined;

/**
 * The catalogue database, opened on first use and shared by every request after. A failed
 * open is not remembered, so the next request tries again (the file may appear later).
 */
export function getDb(): Promise<Db> {
  opening ??= openDatabase(getConfig().DATABASE).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
