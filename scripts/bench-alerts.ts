import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { inTransaction, openDatabase, recordCatalogueChanges, runCli, seedCatalogue, DEFAULT_SEARCH_ENGINE, type Db } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { getFreePort, startTsx } from '@easel/shared/process';
import { mulberry32 } from '@easel/shared/random';
import { CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES, STYLES, SUBJECTS, type Currency } from '@easel/shared/vocabulary';
import { meiliClient, rebuildIndex, startEmbeddedMeili, syncIndex, type MeiliConnection, type SearchEngine } from '@easel/indexer';
import { alertKeys, documentKeys } from '@easel/search-service/alert-match';
import { buildSearchPlan } from '@easel/search-service/meili-request';
import { parseAlertQuery } from '../storefront/lib/alerts/definition';
import { matchAlerts } from '../storefront/lib/alerts/matcher';
import { wholeNumber } from './args';

/**
 * npm run bench:alerts [-- --alerts 10000,100000 --artworks 10000 --changes 200 --per-minute 1000]:
 * for each number of alerts, a fresh catalogue and engine with that many saved searches (a
 * realistic mix: most name a category and a price, a fifth have words, a tenth an artist), then
 * `--changes` catalogue changes at `--per-minute` (re-pricing a work, or putting a hidden one
 * on sale, as publishing does), followed the way the indexer's leader follows them: an index
 * sync, then a matcher pass. Reports the time from each change to its notification (p50, p95),
 * the matcher's CPU per change and per pass, and the gallery's search latency measured side by
 * side from a process of its own: before any change, while as many changes are only synced into
 * the engine (the load any catalogue change brings), and while they are synced and matched. Writes
 * var/bench/alerts.json. `--alerts 1000000` runs; give it `--changes 50` to keep it to minutes.
 */

const INDEX = 'artworks';
/** Alerts per shopper: most keep a handful. */
const ALERTS_PER_USER = 5;
/** Gallery searches the side-by-side measure asks, round robin. */
const GALLERY_SEARCHES = ['product_category=painting', 'colours=blue&price_max=1000', 'subject=landscape&sort=price_asc', 'q=harbour', 'painting=oil&ships_to=US'];

interface SizeResult {
  alerts: number;
  changes: number;
  notifications: number;
  latency_p50_ms: number;
  latency_p95_ms: number;
  matcher_cpu_per_change_ms: number;
  matcher_cpu_per_pass_ms: number;
  candidates_per_change: number;
  search_p50_ms_before: number;
  search_p95_ms_before: number;
  /** While the same rate of changes is synced into the engine without the matcher. */
  search_p50_ms_changes: number;
  search_p95_ms_changes: number;
  /** While the changes are synced and matched. */
  search_p50_ms_during: number;
  search_p95_ms_during: number;
}

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      alerts: { type: 'string', default: '10000,100000' },
      artworks: { type: 'string', default: '10000' },
      changes: { type: 'string', default: '200' },
      'per-minute': { type: 'string', default: '1000' },
      // Internal: the side-by-side gallery searches, in a process of their own (gallerySearches).
      'search-for-ms': { type: 'string' },
      meili: { type: 'string' },
    },
  });
  if (values['search-for-ms'] !== undefined) {
    const times = await gallerySearcher(meiliClient(JSON.parse(values.meili!) as MeiliConnection)).forMs(Number(values['search-for-ms']));
    process.stdout.write(JSON.stringify(times));
    return;
  }
  const sizes = values.alerts.split(',').map((n) => wholeNumber('--alerts', n, 1, 1_000_000));
  const artworks = wholeNumber('--artworks', values.artworks, 100, 1_000_000);
  const changes = wholeNumber('--changes', values.changes, 1, 100_000);
  const perMinute = wholeNumber('--per-minute', values['per-minute'], 1, 60_000);
  const results: SizeResult[] = [];
  for (const alerts of sizes) {
    console.log(`\n${alerts.toLocaleString('en-GB')} alerts, ${artworks.toLocaleString('en-GB')} works, ${changes} changes at ${perMinute}/min…`);
    results.push(await benchSize({ alerts, artworks, changes, perMinute }));
    console.table([results.at(-1)]);
  }
  console.log('\nHow the matcher\'s cost grows with the alerts:');
  console.table(results.map((r) => ({ alerts: r.alerts, cpu_per_change_ms: r.matcher_cpu_per_change_ms, candidates_per_change: r.candidates_per_change, latency_p95_ms: r.latency_p95_ms })));
  const out = path.join(REPO_ROOT, 'var', 'bench', 'alerts.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, artworks, changes, per_minute: perMinute, results }, null, 2));
  console.log(`Written to ${path.relative(REPO_ROOT, out)}.`);
});

async function benchSize({ alerts, artworks, changes, perMinute }: { alerts: number; artworks: number; changes: number; perMinute: number }): Promise<SizeResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-bench-alerts-'));
  const meili = await startEmbeddedMeili({ dataDir: path.join(dir, 'meili'), port: await getFreePort() });
  const db = await openDatabase(path.join(dir, 'catalogue.db'));
  try {
    await seedCatalogue(db, { seed: 1, artworks });
    const client = meiliClient(meili);
    await rebuildIndex({ db, meili: client, indexUid: INDEX });
    const engine: SearchEngine = { name: DEFAULT_SEARCH_ENGINE, meili: client };
    await seedAlerts(db, alerts);
    const match = () => matchAlerts({ db, engine, indexUid: INDEX, siteUrl: 'http://localhost:3000' });
    await match(); // the matcher's first start, on the catalogue as seeded

    const before = await gallerySearches(meili, 5000);

    /**
     * `changes` changes at `perMinute`, followed as the indexer's leader follows them (sync, then
     * a matcher pass when `matching`, every 200 ms), with the gallery's searches timed beside
     * them; the matcher's CPU is timed on its own. Ends once the matcher has passed the last change.
     */
    const follow = async (matching: boolean) => {
      const changedAt = new Map<number, number>();
      let passes = 0;
      let matcherCpuUs = 0;
      let running = true;
      const leader = (async () => {
        while (running) {
          await syncIndex({ db, meili: client, indexUid: INDEX });
          if (matching) {
            const cpu = process.cpuUsage();
            const pass = await match();
            const used = process.cpuUsage(cpu);
            if (pass.changes > 0) {
              passes++;
              matcherCpuUs += used.user + used.system;
            }
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      const during = gallerySearches(meili, Math.ceil((changes / perMinute) * 60_000));
      await drive(db, changes, perMinute, changedAt);
      const searches = await during;
      running = false;
      await leader;
      // Let the last changes through (a run without the matcher is matched now, untimed).
      const lastChange = Math.max(...changedAt.keys());
      while (((await db.selectFrom('alert_matcher').select('last_change_id').executeTakeFirst())?.last_change_id ?? 0) < lastChange) {
        await syncIndex({ db, meili: client, indexUid: INDEX });
        await match();
      }
      return { changedAt, passes, matcherCpuUs, searches };
    };
    // The same changes' load on the engine without the matcher, then with it: the difference is the matcher's.
    const unmatched = await follow(false);
    const { changedAt, passes, matcherCpuUs, searches: searchDuring } = await follow(true);

    const latencies = await notificationLatencies(db, changedAt);
    return {
      alerts,
      changes,
      notifications: latencies.length,
      latency_p50_ms: percentile(latencies, 0.5),
      latency_p95_ms: percentile(latencies, 0.95),
      matcher_cpu_per_change_ms: round(matcherCpuUs / 1000 / changes),
      matcher_cpu_per_pass_ms: round(matcherCpuUs / 1000 / Math.max(passes, 1)),
      candidates_per_change: round(await candidatesPerChange(db, [...changedAt.keys()])),
      search_p50_ms_before: percentile(before, 0.5),
      search_p95_ms_before: percentile(before, 0.95),
      search_p50_ms_changes: percentile(unmatched.searches, 0.5),
      search_p95_ms_changes: percentile(unmatched.searches, 0.95),
      search_p50_ms_during: percentile(searchDuring, 0.5),
      search_p95_ms_during: percentile(searchDuring, 0.95),
    };
  } finally {
    await db.destroy();
    await meili.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `count` saved searches over ALERTS_PER_USER-alert shoppers, a realistic mix drawn from a fixed seed. */
async function seedAlerts(db: Db, count: number): Promise<void> {
  const random = mulberry32(51);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const artists = (await db.selectFrom('artists').select('slug').execute()).map((a) => a.slug);
  const words = (await db.selectFrom('artworks').select('title').limit(2000).execute()).flatMap((w) => w.title.split(' ').filter((t) => /^[A-Za-z]{5,}$/.test(t)));
  const now = new Date().toISOString();
  const users = Math.ceil(count / ALERTS_PER_USER);
  for (let u = 0; u < users; u += 500) {
    await db.insertInto('users').values(Array.from({ length: Math.min(500, users - u) }, (_, i) => ({
      email: `bench-${u + i}@example.com`, password_hash: 'x', name: 'Bench', role: 'user' as const, artist_id: null,
      currency: 'GBP' as const, country: 'GB', display_units: 'cm' as const, language: 'en-gb' as const, created_at: now,
    }))).execute();
  }
  const firstUser = (await db.selectFrom('users').select('id').where('email', '=', 'bench-0@example.com').executeTakeFirstOrThrow()).id;
  // Written in bulk, ids given (the bench's database has no alerts before), so a million take minutes, not hours.
  const saved = new Set<string>();
  let alerts: { id: number; user_id: number; query: string; name: string; frequency: 'instant' | 'daily'; unsubscribe_token: string; created_at: string }[] = [];
  let keys: { key: string; alert_id: number }[] = [];
  const flush = async () => {
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < alerts.length; i += 500) await trx.insertInto('alerts').values(alerts.slice(i, i + 500)).execute();
      for (let i = 0; i < keys.length; i += 1000) await trx.insertInto('alert_keys').values(keys.slice(i, i + 1000)).execute();
    });
    alerts = [];
    keys = [];
  };
  for (let made = 0; made < count; made++) {
    const params = new URLSearchParams();
    const currency: Currency = chance(0.7) ? 'GBP' : pick(CURRENCIES);
    params.set('currency', currency);
    if (chance(0.1)) params.set('artist', pick(artists));
    else if (chance(0.65)) {
      const category = pick(CATEGORY_VALUES);
      params.append('product_category', category);
      if (chance(0.4)) params.append(category, pick(CATEGORIES[category]));
    }
    if (chance(0.4)) params.append('colours', pick(COLOUR_VALUES));
    if (chance(0.3)) params.append('style', pick(STYLES));
    if (chance(0.3)) params.append('subject', pick(SUBJECTS));
    if (chance(0.6)) params.set('price_max', String(pick([200, 500, 750, 1000, 1500, 2500, 5000])));
    if (chance(0.3)) params.set('ships_to', pick(['GB', 'US', 'FR', 'DE', 'AU']));
    if (chance(0.1)) params.set('free_shipping', 'true');
    if (chance(0.2)) params.set('q', pick(words).toLowerCase());
    const parsed = parseAlertQuery(params.toString());
    if (!parsed.ok) throw new Error(parsed.issue.message);
    const userId = firstUser + Math.floor(made / ALERTS_PER_USER);
    const frequency = chance(0.7) ? 'instant' as const : 'daily' as const;
    if (saved.has(`${userId} ${parsed.query}`)) continue;
    saved.add(`${userId} ${parsed.query}`);
    const id = made + 1;
    alerts.push({ id, user_id: userId, query: parsed.query, name: `Alert ${made}`, frequency, unsubscribe_token: `bench-${made}`, created_at: now });
    keys.push(...alertKeys(parsed.definition).map((key) => ({ key, alert_id: id })));
    if (alerts.length >= 10_000) await flush();
  }
  await flush();
}

/**
 * `count` catalogue changes at `perMinute`, as writers make them: most re-price an available
 * work anywhere from £30 to £4,000, the rest put a hidden or sold work (back) on sale, as
 * publishing does. Each change's id and when it was made go in `changedAt`.
 */
async function drive(db: Db, count: number, perMinute: number, changedAt: Map<number, number>): Promise<void> {
  const random = mulberry32(7);
  const ids = (await db.selectFrom('artworks').select(['id', 'status']).execute());
  const available = ids.filter((w) => w.status === 'available').map((w) => w.id);
  const away = ids.filter((w) => w.status !== 'available').map((w) => w.id);
  const gap = 60_000 / perMinute;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + i * gap - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const publish = away.length > 0 && random() < 0.3;
    const id = publish ? away.splice(Math.floor(random() * away.length), 1)[0]! : available[Math.floor(random() * available.length)]!;
    const now = new Date().toISOString();
    const change = await inTransaction(db, async (trx) => {
      if (publish) await trx.updateTable('artworks').set({ status: 'available', stock: 1, reserved_by: null, reserved_until: null, updated_at: now }).where('id', '=', id).execute();
      else await trx.updateTable('artworks').set({ price_minor: Math.round(30 + random() * 3970) * 100, sale_price_minor: null, updated_at: now }).where('id', '=', id).execute();
      await recordCatalogueChanges(trx, [id], now);
      return (await trx.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id;
    });
    changedAt.set(Number(change), Date.now());
  }
}

/** For each notification, the time from the last change of its work before it to when it was written. */
async function notificationLatencies(db: Db, changedAt: Map<number, number>): Promise<number[]> {
  const changes = await db.selectFrom('catalogue_changes').select(['id', 'artwork_id']).where('id', 'in', [...changedAt.keys()]).execute();
  const byWork = new Map<number, number[]>();
  for (const c of changes) byWork.set(c.artwork_id, [...(byWork.get(c.artwork_id) ?? []), changedAt.get(c.id)!]);
  const notifications = await db.selectFrom('notifications').select(['artwork_id', 'created_at']).execute();
  return notifications.flatMap((n) => {
    const at = Date.parse(n.created_at);
    const made = (byWork.get(n.artwork_id) ?? []).filter((t) => t <= at + 5);
    return made.length > 0 ? [at - Math.max(...made)] : [];
  });
}

/** How many alerts the reverse index hands the matcher per changed work, on average. */
async function candidatesPerChange(db: Db, changeIds: number[]): Promise<number> {
  const works = await db.selectFrom('catalogue_changes as c').innerJoin('alert_works as w', 'w.artwork_id', 'c.artwork_id').select('w.document').where('c.id', 'in', changeIds.slice(0, 200)).execute();
  let total = 0;
  for (const w of works) {
    const keys = documentKeys(JSON.parse(w.document) as object);
    const { n } = await db.selectFrom('alert_keys').select((eb) => eb.fn.count<number>('alert_id').distinct().as('n')).where('key', 'in', keys).executeTakeFirstOrThrow();
    total += Number(n);
  }
  return works.length === 0 ? 0 : total / works.length;
}

/**
 * Gallery searches one after another for `ms`, each one's milliseconds, asked from a process of
 * their own as the search service would ask them: in this one, the matcher's passes would hold
 * up their answers and be counted as the engine's time, and their CPU as the matcher's.
 */
async function gallerySearches(meili: MeiliConnection, ms: number): Promise<number[]> {
  const child = startTsx(fileURLToPath(import.meta.url), ['--search-for-ms', String(ms), '--meili', JSON.stringify({ url: meili.url, masterKey: meili.masterKey })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const end = await child;
  if (end.exitCode !== 0) throw new Error(`The gallery searches failed (exit ${end.exitCode}).`);
  return JSON.parse(output) as number[];
}

/** Gallery searches one after another for a while, as the search bench asks the engine: each one's milliseconds. */
function gallerySearcher(meili: ReturnType<typeof meiliClient>) {
  const plans = GALLERY_SEARCHES.map((qs) => {
    const parsed = parseAlertQuery(qs);
    if (!parsed.ok) throw new Error(parsed.issue.message);
    return buildSearchPlan({ ...parsed.definition, sort: qs.includes('sort=price_asc') ? 'price_asc' : 'best_match' }, INDEX).queries;
  });
  return {
    async forMs(ms: number): Promise<number[]> {
      const times: number[] = [];
      const end = performance.now() + ms;
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        await meili.multiSearch({ queries: plans[i % plans.length]! as never });
        times.push(performance.now() - t);
      }
      return times;
    },
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
