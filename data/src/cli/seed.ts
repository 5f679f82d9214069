import { parseArgs } from 'node:util';
import { getDataConfig } from '../config';
import { openDatabase, withoutPassword } from '../db';
import { seedCatalogue } from '../catalogue/seed';
import { runCli } from './run-cli';

/** npm run seed -- [--artworks N] [--seed S]: builds the demo catalogue into an empty database. */
await runCli(async () => {
  const config = getDataConfig();
  const { values } = parseArgs({
    options: { artworks: { type: 'string' }, seed: { type: 'string' } },
  });
  const artworks = Number(values.artworks ?? config.CATALOGUE_ARTWORKS);
  const seed = Number(values.seed ?? config.CATALOGUE_SEED);
  if (!Number.isInteger(artworks) || artworks < 1) throw new Error('--artworks must be a whole number of at least 1.');
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number of at least 0.');

  const db = await openDatabase(config.DATABASE);
  try {
    const started = performance.now();
    const result = await seedCatalogue(db, { seed, artworks }, (n) => {
      process.stdout.write(`\rSeeding: ${n.toLocaleString('en-GB')} / ${artworks.toLocaleString('en-GB')} artworks`);
    });
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\nSeeded ${result.artworks} artworks by ${result.artists} artists into ${withoutPassword(config.DATABASE)} in ${seconds.toFixed(1)} s.\n`);
  } finally {
    await db.destroy();
  }
});
