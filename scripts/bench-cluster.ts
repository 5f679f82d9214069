import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase, runCli } from '@easel/data';
import { addSession, addUser } from '../data/test/fixtures';
import { REPO_ROOT } from '@easel/shared/env';
import { ENDPOINT_PATHS, QUERY_MIX_FILE, queryMixSchema, sharedSequence, weightedSequence } from '../search-service/bench/query-mix';
import { wholeNumber } from './args';
import { startCluster, type RunningCluster } from './cluster/cluster';

/**
 * What each tier of the cluster (`npm run start:cluster`) serves flat out on this machine, one
 * replica against two behind their proxy, on a cluster of its own in a temporary folder:
 * - search: the query mix's searches (k6/query-mix.json, weighted), to a search service;
 * - gallery page: the same searches opened as /shop/?<query>, server-rendered by a storefront;
 * - basket (PostgreSQL): a signed-in shopper's basket, a session and a basket read per request.
 * Every phase runs `--connections` connections for `--duration` seconds (a closed model: the
 * most each tier answers, not the latency a shopper sees at a given rate, which
 * `npm run bench` measures). Prints requests/s, p50 and p95, and writes var/bench/cluster.json.
 *
 *   npm run bench:cluster -- --artworks 10000 --duration 10 --connections 16
 */

interface Phase {
  tier: string;
  target: string;
  rps: number;
  p50: number;
  p95: number;
  non2xx: number;
  errors: number;
}

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      artworks: { type: 'string', default: '10000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
    },
  });
  const artworks = wholeNumber('--artworks', values.artworks, 100, 1_000_000);
  const duration = wholeNumber('--duration', values.duration, 1, 600);
  const connections = wholeNumber('--connections', values.connections, 1, 256);

  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-bench-cluster-'));
  let cluster: RunningCluster | undefined;
  try {
    console.log(`Starting a cluster with ${artworks} artworks…`);
    const off = { RATE_LIMIT_SEARCH_PER_MINUTE: '0', RATE_LIMIT_LOGIN_PER_MINUTE: '0', RATE_LIMIT_JOIN_PER_MINUTE: '0', RATE_LIMIT_CHECKOUT_PER_MINUTE: '0', RATE_LIMIT_LISTING_PER_MINUTE: '0', RATE_LIMIT_MEDIA_PER_MINUTE: '0' };
    cluster = await startCluster({ dataDir, catalogue: { seed: 1, artworks }, env: { ...process.env, ...off }, log: () => {} });
    const mix = queryMixSchema.parse(JSON.parse(fs.readFileSync(QUERY_MIX_FILE, 'utf8')));
    const searches = weightedSequence(mix.queries.filter((q) => q.endpoint === 'search')).map((q) => (q.query ? `?${q.query}` : ''));
    const cookie = `sessionid=${await signIn(cluster.databaseUrl)}`;

    const phases: Phase[] = [];
    const run = async (tier: string, target: string, url: string, paths: string[], headers: Record<string, string> = {}) => {
      const result = await autocannon({ url, connections, duration, headers, requests: sharedSequence(paths.map((p) => ({ method: 'GET', path: p }))) });
      const phase = { tier, target, rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5, non2xx: result.non2xx, errors: result.errors };
      phases.push(phase);
      console.log(`${tier.padEnd(22)} ${target.padEnd(34)} ${phase.rps.toFixed(0).padStart(6)} requests/s  p50 ${phase.p50} ms  p97.5 ${phase.p95} ms${phase.non2xx + phase.errors ? `  (${phase.non2xx} non-2xx, ${phase.errors} errors)` : ''}`);
    };
    const { urls } = cluster;
    await run('search', 'one search service', urls['search-1'], searches.map((q) => `${ENDPOINT_PATHS.search}${q}`));
    await run('search', 'two, behind the search proxy', urls['search-proxy'], searches.map((q) => `${ENDPOINT_PATHS.search}${q}`));
    await run('gallery page', 'one storefront', urls['storefront-1'], searches.map((q) => `/shop/${q}`), { accept: 'text/html' });
    await run('gallery page', 'two, behind the front proxy', cluster.url, searches.map((q) => `/shop/${q}`), { accept: 'text/html' });
    await run('basket (PostgreSQL)', 'one storefront', urls['storefront-1'], ['/api/basket-next/'], { cookie });
    await run('basket (PostgreSQL)', 'two, behind the front proxy', cluster.url, ['/api/basket-next/'], { cookie });

    const out = path.join(REPO_ROOT, 'var', 'bench', 'cluster.json');
    await fsp.mkdir(path.dirname(out), { recursive: true });
    await fsp.writeFile(out, `${JSON.stringify({ artworks, duration, connections, cpus: os.cpus().length, phases }, null, 2)}\n`);
    console.log(`\nWritten to ${path.relative(REPO_ROOT, out)}.`);
  } finally {
    await cluster?.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
});

/** A shopper signed in by a session written straight into the cluster's database; answers the cookie's value. */
async function signIn(databaseUrl: string): Promise<string> {
  const db = await openDatabase(databaseUrl);
  try {
    const token = randomBytes(32).toString('base64url');
    await addSession(db, token, await addUser(db, undefined, 'bench@example.com'));
    return token;
  } finally {
    await db.destroy();
  }
}
