/**
 * `npm run bench:engine-restart [-- --artworks 20000 --rate 50 --duration 30 --restart-at 10]`:
 * the search-service under a steady load at the sustained search rate (k6/query-mix.json, one
 * request every 1/rate s whatever the earlier ones are doing), while its Meilisearch is killed
 * with SIGKILL and started again on the same data folder and port, as a supervisor would. The
 * service runs without its hot-answer cache, so every request needs the engine. Reports the
 * requests that failed while the engine was down and any outside that window, and how soon
 * requests succeeded again with nothing done to the service; writes bench-results/engine-restart.json.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '@easel/shared/env';
import { terminate } from '@easel/shared/process';
import { prepareCatalogue, startService } from './bench-setup';
import { ENDPOINT_PATHS, QUERY_MIX_FILE, queryMixSchema } from './query-mix';
import { loadThroughRestart, summariseRestart } from './steady-load';

const { values: args } = parseArgs({
  options: {
    artworks: { type: 'string', default: '20000' },
    rate: { type: 'string', default: '50' },
    duration: { type: 'string', default: '30' },
    'restart-at': { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
  },
});

const varDir = path.join(REPO_ROOT, 'var', 'bench-search');
await fsp.mkdir(varDir, { recursive: true });
const mix = queryMixSchema.parse(JSON.parse(await fsp.readFile(QUERY_MIX_FILE, 'utf8')));
const paths = mix.queries.map((e) => `${ENDPOINT_PATHS[e.endpoint]}${e.query ? `?${e.query}` : ''}`);
let { meili, dataDir } = await prepareCatalogue(varDir, { artworks: Number(args.artworks), seed: Number(args.seed) });
const service = await startService(meili, { cacheTtlMs: 0 });
try {
  for (const p of paths.slice(0, 50)) await fetch(`${service.url}${p}`);
  console.log(`${args.rate} requests/s for ${args.duration} s; the engine is killed and restarted after ${args['restart-at']} s …`);
  const run = await loadThroughRestart({
    baseUrl: service.url,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
    rate: Number(args.rate),
    durationMs: Number(args.duration) * 1000,
    restartAfterMs: Number(args['restart-at']) * 1000,
    meili,
    dataDir,
  });
  const { outcomes, window } = run;
  meili = run.meili;
  const summary = summariseRestart(outcomes, window);
  const health = (await fetch(`${service.url}/healthz`)).status;
  const out = {
    artworks: Number(args.artworks), rate: Number(args.rate), duration_s: Number(args.duration),
    engine_down_ms: window.upAt - window.downAt, ...summary, service_health_after: health,
    pass: summary.failedOutsideWindow === 0 && summary.succeededAfter === summary.sentAfter && health === 200,
  };
  console.log(out);
  const outDir = path.join(REPO_ROOT, 'bench-results');
  await fsp.mkdir(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'engine-restart.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`${out.pass ? 'Recovered by itself' : 'DID NOT RECOVER CLEANLY'}; written to bench-results/engine-restart.json`);
} finally {
  await terminate(service.child);
  await meili.stop();
}
