import { getDataConfig, runCli, withoutPassword } from '@easel/data';
import { getMeiliConfig } from '@easel/indexer';
import { BackupError, restoreBackup } from './backups';

/**
 * npm run restore <file>: restores a backup into a fresh database (the data folder of
 * DATABASE_FILE, or with DATABASE_URL a PostgreSQL database not yet made) and rebuilds the search
 * index (SEARCH_INDEX, on MEILI_URL or the embedded engine of MEILI_DATA_DIR) from the restored
 * catalogue.
 */
await runCli(async () => {
  const file = process.argv[2];
  if (file === undefined) throw new BackupError('Say which backup to restore: npm run restore <file>.');
  const started = performance.now();
  const data = getDataConfig();
  const { manifest, documents, seconds } = await restoreBackup(data, getMeiliConfig(), file);
  console.log(
    `Restored ${file} (taken ${manifest.began_at}) into ${withoutPassword(data.DATABASE)} and indexed ${documents} artworks in ${((performance.now() - started) / 1000).toFixed(1)} s`
    + ` (unpacking ${seconds.unpack.toFixed(1)} s, restoring ${seconds.load.toFixed(1)} s, indexing ${seconds.index.toFixed(1)} s).`,
  );
});
