import { rm } from 'node:fs/promises';
import type { RemoveFn } from './media-cache';

/** Deletes evicted files as the media cache does, and lets a test wait until every deletion is done. */
export function watchedRemovals(): { remove: RemoveFn; settled: () => Promise<void> } {
  const pending: Promise<void>[] = [];
  return {
    remove: (file) => {
      const removal = rm(file, { force: true });
      pending.push(removal);
      return removal;
    },
    settled: async () => {
      await Promise.all(pending);
    },
  };
}
