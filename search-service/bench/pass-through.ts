/**
 * `tsx search-service/bench/pass-through.ts <engine url>`: one more process on the path and
 * nothing else. The cluster's load balancer (HAProxy, scripts/cluster/haproxy.ts) in front of one
 * Meilisearch, passing each request and answer through as they are. `npm run bench:search`
 * replays the raw engine requests through it beside raw Meilisearch, so the bench shows what a
 * hop through a second process costs on this machine by itself: the floor under the search
 * service's own overhead. Prints `listening on <url>` once the engine is in its rotation.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { getFreePort } from '@easel/shared/process';
import { startHaproxy } from '../../scripts/cluster/haproxy';

const upstream = process.argv[2];
if (!upstream) throw new Error('Usage: pass-through.ts <engine url>');
const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-pass-through-'));
const port = await getFreePort();
const proxy = await startHaproxy({
  dir,
  services: [{ name: 'engine', listen: { host: '127.0.0.1', port }, servers: [{ name: 'meili', address: new URL(upstream).host }], healthPath: '/health', answerTimeoutMs: 10_000, checkTimeoutMs: 1_000 }],
});
while (!(await proxy.servers()).every((s) => s.status === 'UP')) await sleep(50);
console.log(`listening on http://127.0.0.1:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void proxy.stop().finally(() => fsp.rm(dir, { recursive: true, force: true })).finally(() => process.exit(0)));
}
