import { SingleBar, Presets } from 'cli-progress';
import { getDataConfig, openDatabase, runCli } from '@easel/data';
import { getMeiliConfig } from '../config';
import { meiliClient, openMeili } from '../meili/connect';
import { describeSteps } from '../indexing-steps';
import { rebuildIndex } from '../rebuild';

/** npm run reindex: the full, zero-downtime rebuild of the search index from SQLite. */
await runCli(async () => {
  const meiliConfig = getMeiliConfig();
  const db = await openDatabase(getDataConfig().DATABASE);
  const meili = await openMeili(meiliConfig);
  const bar = new SingleBar({ format: 'Re-indexing [{bar}] {percentage}% | {value}/{total} artworks | {phase}' }, Presets.shades_classic);
  try {
    let started = false;
    const result = await rebuildIndex({
      db,
      meili: meiliClient(meili),
      indexUid: meiliConfig.SEARCH_INDEX,
      onProgress: ({ phase, sent, total }) => {
        if (!started) bar.start(total, 0, { phase });
        started = true;
        bar.update(sent, { phase });
      },
    });
    bar.stop();
    const seconds = result.durationMs / 1000;
    console.log(
      `Indexed ${result.documents} available artworks into "${result.indexUid}" in ${seconds.toFixed(1)} s (${Math.round(result.documents / seconds)} documents/s).`,
    );
    console.log(`The engine's largest indexing steps: ${describeSteps(result.engineSteps)}.`);
  } finally {
    bar.stop();
    await meili.stop();
    await db.destroy();
  }
});
