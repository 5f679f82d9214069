import fs from 'node:fs';
import path from 'node:path';
import { getDataConfig, runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { createBackup } from './backups';

/**
 * npm run backup [-- <file>]: a consistent backup of the shop's database (DATABASE_FILE, or
 * DATABASE_URL for PostgreSQL) and the payment provider's ledger while the shop serves and writes;
 * by default var/backups/easel-<time>.tar.
 */
await runCli(async () => {
  const started = performance.now();
  const file = process.argv[2] ?? path.join(REPO_ROOT, 'var', 'backups', `easel-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`);
  if (process.argv[2] === undefined) fs.mkdirSync(path.dirname(file), { recursive: true });
  const manifest = await createBackup(getDataConfig(), file);
  console.log(`Backed up to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s: everything committed before ${manifest.began_at}.`);
});
