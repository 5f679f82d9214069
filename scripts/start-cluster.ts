import { runCli, withoutPassword } from '@easel/data';
import { CLUSTER_PARTS, startCluster, type RunningCluster } from './cluster/cluster';
import { haproxyMissing } from './cluster/haproxy';

/**
 * npm run start:cluster: the whole product as a small cluster on this machine (scripts/cluster/cluster.ts),
 * with its data in var/cluster, kept for the next start. Ctrl-C stops everything it started.
 * Unlike `npm start`, a part that stops is not started again: HAProxy routes around it, so
 * the cluster can be tried with a replica gone.
 */
await runCli(async () => {
  const missing = haproxyMissing();
  if (missing) throw new Error(missing);
  const started = performance.now();
  let cluster: RunningCluster | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    // Before the cluster is up, what has started is stopped with this process (@easel/shared/process).
    await cluster?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  cluster = await startCluster({ dataDir: 'var/cluster' });
  const width = Math.max(...CLUSTER_PARTS.map((part) => part.length));
  const lines = CLUSTER_PARTS.map((part) => {
    const where = part === 'indexer-2' ? '(serves nothing; takes over from indexer-1 if it stops)'
      : part === 'indexer-1' ? `${cluster!.urls[part]} (admin API for the staff index page)`
        : part === 'postgres' ? `${withoutPassword(cluster!.urls[part])} (password in var/cluster/postgres/easel-password)`
          : part === 'haproxy' ? `front ${cluster!.urls['front-proxy']}, search ${cluster!.urls['search-proxy']}, staff statistics ${cluster!.urls.haproxy}`
            : cluster!.urls[part];
    return `  ${part.padEnd(width)}  ${where}`;
  });
  console.log([
    '',
    `Easel (cluster) is running at ${cluster.url}/ (ready in ${((performance.now() - started) / 1000).toFixed(1)} s). Press Ctrl-C to stop.`,
    ...lines,
    'A part that stops is not started again: HAProxy routes around it while its twin serves.',
    '',
  ].join('\n'));
});
