/**
 * `tsx search-service/bench/pass-through.ts <engine url>`: one more process on the path and
 * nothing else. The cluster's reverse proxy (scripts/cluster/proxy.ts) in front of one
 * Meilisearch, streaming each request and answer through as they are. `npm run bench:search`
 * replays the raw engine requests through it beside raw Meilisearch, so the bench shows what a
 * hop through a second process costs on this machine by itself: the floor under the search
 * service's own overhead. Prints `listening on <url>` once the engine is in its rotation.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startProxy } from '../../scripts/cluster/proxy';

const upstream = process.argv[2];
if (!upstream) throw new Error('Usage: pass-through.ts <engine url>');
const proxy = await startProxy({ routes: [{ prefix: '/', upstreams: [upstream], healthPath: '/health' }] });
while (!proxy.upstreams().every((u) => u.healthy)) await sleep(50);
console.log(`listening on ${proxy.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void proxy.close().finally(() => process.exit(0)));
