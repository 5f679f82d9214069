import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, runCli, seedCatalogue } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { meiliClient, rebuildIndex, startEmbeddedMeili } from '@easel/indexer';
import { getFreePort } from '@easel/shared/process';

/**
 * npm run bench:index [-- --sizes 10000,100000]: seeds each catalogue size into a fresh SQLite
 * file, then times a full re-index into a fresh embedded Meilisearch. Prints a table and writes
 * bench-results/index.json.
 */
await runCli(async () => {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,100000' } } });
  const sizes = values.sizes.split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes takes whole numbers separated by commas, e.g. 10000,100000.');

  const rows: { artworks: number; documents: number; seed_s: number; reindex_s: number; docs_per_s: number }[] = [];
  for (const artworks of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-bench-index-'));
    const meili = await startEmbeddedMeili({ dataDir: path.join(dir, 'meili'), port: await getFreePort() });
    const db = await openDatabase(path.join(dir, 'catalogue.db'));
    try {
      let t = performance.now();
      await seedCatalogue(db, { seed: 1, artworks });
      const seedS = (performance.now() - t) / 1000;
      t = performance.now();
      const result = await rebuildIndex({ db, meili: meiliClient(meili), indexUid: 'artworks' });
      const reindexS = (performance.now() - t) / 1000;
      rows.push({
        artworks, documents: result.documents, seed_s: round(seedS), reindex_s: round(reindexS),
        docs_per_s: Math.round(result.documents / reindexS),
      });
    } finally {
      await db.destroy();
      await meili.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  console.table(rows);
  const out = path.join(REPO_ROOT, 'bench-results', 'index.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, rows }, null, 2));
  console.log(`Written to ${path.relative(REPO_ROOT, out)}.`);
});

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
