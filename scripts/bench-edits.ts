import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEMO_PASSWORD, runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { wholeNumber } from './args';

/**
 * Edit-to-searchable time on a running product: signs in as the demo staff account, then
 * edits `--edits` available works through PATCH /api/product/edit/ at `--rate` edits a second
 * (each gets a price of its own, off sale). Every `--poll-ms` one gallery search, filtered to
 * the prices of the edits not yet seen, looks for them all; an edit's time runs from sending it
 * to the first answer that shows the work at its new price. Prints p50/p95/p99/max and writes
 * bench-results/edits.json. It changes the prices of the works it edits: run it on a scratch
 * catalogue (`npm start` with DATABASE_FILE pointing at one).
 *
 *   npm run bench:edits -- --url http://127.0.0.1:3000 --search http://127.0.0.1:4000 --edits 1000 --rate 20
 *
 * With `--listings N` it times publish-to-searchable instead: signs in as the demo artist, lists
 * N new works through the artist's API (a draft, one 1600×1200 photo, publish) at `--rate` a
 * second, and times each from the publish request to the first gallery search for its title that
 * finds it. Writes bench-results/listings.json. It adds works to the catalogue: a scratch one again.
 *
 *   npm run bench:edits -- --url http://127.0.0.1:3000 --search http://127.0.0.1:4000 --listings 200 --rate 5
 */

const SEARCH_PATH = '/api/v2/product/s';
/** An edit not searchable after this counts as lost, and the run fails. */
const GIVE_UP_MS = 30_000;

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      search: { type: 'string', default: 'http://127.0.0.1:4000' },
      edits: { type: 'string', default: '1000' },
      rate: { type: 'string', default: '20' },
      'poll-ms': { type: 'string', default: '50' },
      listings: { type: 'string' },
    },
  });
  const loopback = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;
  const storefront = values.url.replace(/\/+$/, '');
  const search = values.search.replace(/\/+$/, '');
  if (!loopback.test(storefront) || !loopback.test(search)) throw new Error('--url and --search must be loopback addresses such as http://127.0.0.1:3000.');
  const edits = wholeNumber('--edits', values.edits, 1, 10_000);
  const rate = wholeNumber('--rate', values.rate, 1, 200);
  const pollMs = wholeNumber('--poll-ms', values['poll-ms'], 10, 1000);
  if (values.listings !== undefined) {
    await benchListings(storefront, search, wholeNumber('--listings', values.listings, 1, 5_000), rate, pollMs);
    return;
  }

  const cookie = await signIn(storefront, 'staff@easel.test');
  const slugs = await availableSlugs(search, edits);
  // Prices far above any demo work's, one per edit, so a price filter finds exactly the edited
  // works; a block no earlier run used, so an earlier run's edits are not mistaken for this one's.
  const blocks = Array.from({ length: 10 }, (_, b) => 900_000 + 10_000 * b).sort(() => randomInt(0, 3) - 1);
  let block: number | undefined;
  for (const b of blocks) {
    if ((await listedBetween(search, b, b + edits - 1)).length === 0) {
      block = b;
      break;
    }
  }
  if (block === undefined) throw new Error('Earlier runs have used every price block from £900,000; use a fresh catalogue.');
  const priceOf = (i: number) => block + i;

  // Edits go out on schedule; one poller asks the gallery search for every edit still pending at
  // once (their prices are one range), so watching them does not itself load the search service.
  const latencies: number[] = [];
  const pending = new Map<string, { price: number; sent: number }>();
  let editing = true;
  const started = performance.now();
  const sender = (async () => {
    await Promise.all(slugs.map(async (slug, i) => {
      await sleep(started + (i * 1000) / rate - performance.now());
      const sent = performance.now();
      const response = await fetch(`${storefront}/api/product/edit/?slug=${slug}`, {
        method: 'PATCH',
        headers: { cookie, origin: storefront, 'content-type': 'application/json' },
        body: JSON.stringify({ price_minor: priceOf(i) * 100, sale_price_minor: null }),
      });
      if (!response.ok) throw new Error(`Editing ${slug} answered ${response.status}: ${await response.text()}`);
      pending.set(slug, { price: priceOf(i), sent });
    }));
  })().finally(() => { editing = false; });
  while (editing || pending.size > 0) {
    if (pending.size > 0) {
      const prices = [...pending.values()].map((p) => p.price);
      const listed = await listedBetween(search, Math.min(...prices), Math.max(...prices));
      const now = performance.now();
      for (const { slug, price } of listed) {
        const edit = pending.get(slug);
        if (edit?.price !== price) continue;
        latencies.push(now - edit.sent);
        pending.delete(slug);
      }
      const lost = [...pending].find(([, p]) => now - p.sent > GIVE_UP_MS);
      if (lost) throw new Error(`The edit of ${lost[0]} was not searchable within ${GIVE_UP_MS} ms.`);
    }
    await sleep(pollMs);
  }
  await sender;
  const wallS = (performance.now() - started) / 1000;

  writeSummary('edits.json', { edits, rate_per_s: rate, poll_ms: pollMs, ...percentiles(latencies), wall_s: Math.round(wallS * 10) / 10 });
});

/** p50/p95/p99/max of `latencies` in whole milliseconds. */
function percentiles(latencies: number[]): { p50_ms: number; p95_ms: number; p99_ms: number; max_ms: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
  return { p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99), max_ms: at(1) };
}

function writeSummary(file: string, summary: Record<string, number>): void {
  console.table([summary]);
  const out = path.join(REPO_ROOT, 'bench-results', file);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, summary }, null, 2));
  console.log(`Written to ${path.relative(REPO_ROOT, out)}.`);
}

/**
 * Publish-to-searchable: `count` works listed as the demo artist at `rate` a second, each timed
 * from its publish request until a gallery search for its title's rare word lists it.
 */
async function benchListings(storefront: string, search: string, count: number, rate: number, pollMs: number): Promise<void> {
  const cookie = await signIn(storefront, 'artist@easel.test');
  const headers = { cookie, origin: storefront };
  const call = async <T>(what: string, response: Promise<Response>): Promise<T> => {
    const answer = await response;
    if (!answer.ok) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const { shipping_profiles: [profile] } = await call<{ shipping_profiles: { id: number; ships_from: string }[] }>('Your works', fetch(`${storefront}/api/artist/works/`, { headers }));
  if (!profile) throw new Error('The demo artist has no shipping profile.');
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 90, b: 140 } } }).jpeg().toBuffer();
  const run = randomInt(1e9).toString(36);
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, async (_, i) => {
    await sleep(started + (i * 1000) / rate - performance.now());
    // A word no other work's title has, so the search for it finds this work alone.
    const word = `benchlisting${run}x${i.toString(36)}`;
    const { work } = await call<{ work: { id: number; slug: string } }>('Creating a draft', fetch(`${storefront}/api/artist/works/`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Harbour ${word}`, description: 'A work listed by the benchmark.', category: 'painting', subcategory: 'oil', subject: 'seascape',
        style: 'impressionist', colours: ['blue'], units: 'cm', width: 50, height: 40, depth: 2, framed: false, ready_to_hang: true,
        price_minor: 45_000, shipping_profile_id: profile.id, ships_from: profile.ships_from,
      }),
    }));
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    await call('Uploading a photo', fetch(`${storefront}/api/artist/works/${work.id}/photos/`, { method: 'POST', headers, body: form }));
    const sent = performance.now();
    await call('Publishing', fetch(`${storefront}/api/artist/works/${work.id}/publish/`, { method: 'POST', headers }));
    for (;;) {
      const { results } = await call<{ results: { slug: string }[] }>('The search service', fetch(`${search}${SEARCH_PATH}?q=${word}`));
      if (results.some((r) => r.slug === work.slug)) break;
      if (performance.now() - sent > GIVE_UP_MS) throw new Error(`${work.slug} was not searchable within ${GIVE_UP_MS} ms of publishing.`);
      await sleep(pollMs);
    }
    latencies.push(performance.now() - sent);
  }));
  writeSummary('listings.json', { listings: count, rate_per_s: rate, poll_ms: pollMs, ...percentiles(latencies), wall_s: Math.round((performance.now() - started) / 100) / 10 });
}

/** The works the gallery search lists from `min` to `max` pounds, with their price in pounds. */
async function listedBetween(search: string, min: number, max: number): Promise<{ slug: string; price: number }[]> {
  const listed: { slug: string; price: number }[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetch(`${search}${SEARCH_PATH}?price_min=${min}&price_max=${max}&sort=price_asc&paginate=120&page=${page}`);
    // Out of time or refused on a busy machine: no answer yet, so the page is asked again.
    if (answer.status === 503 || answer.status === 504) {
      await answer.arrayBuffer();
      page--;
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    if (!answer.ok) throw new Error(`The search service answered ${answer.status}: ${await answer.text()}`);
    const { results } = (await answer.json()) as { results: { slug: string; prices: { GBP: number } }[] };
    listed.push(...results.map((r) => ({ slug: r.slug, price: r.prices.GBP / 100 })));
    if (results.length < 120) return listed;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** A demo account's session cookie. */
async function signIn(storefront: string, email: string): Promise<string> {
  const response = await fetch(`${storefront}/api/account/login/`, {
    method: 'POST',
    headers: { origin: storefront, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
  if (!response.ok || !session) throw new Error(`Signing in as ${email} answered ${response.status}; is the demo catalogue seeded?`);
  return session.split(';')[0]!;
}

/** `count` available works, newest first, from the gallery search. */
async function availableSlugs(search: string, count: number): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; slugs.length < count; page++) {
    const { results } = (await (await fetch(`${search}${SEARCH_PATH}?sort=newest&paginate=120&page=${page}`)).json()) as { results: { slug: string }[] };
    if (results.length === 0) throw new Error(`The gallery lists only ${slugs.length} works; --edits asks for ${count}.`);
    slugs.push(...results.map((r) => r.slug));
  }
  return slugs.slice(0, count);
}
