/**
 * One shopper-facing writer in a process of its own, as a second storefront would be:
 * node --import tsx concurrent-writer-process.ts <database file> <basket|favourite|tracking> <worker> <count> <interval ms>
 * It prints "ready", waits for a line on stdin so every writer starts together, makes `count`
 * writes, one every `interval` ms, and prints what came of them as one line of JSON.
 */
import readline from 'node:readline';
import { openDatabase } from '../src/db';
import { addToBasket } from '../src/queries/basket';
import { toggleFavourite } from '../src/queries/favourites';
import { insertTrackingEvents } from '../src/queries/tracking';

const [file, kind, worker, count, intervalMs] = process.argv.slice(2) as [string, 'basket' | 'favourite' | 'tracking', string, string, string];
const db = await openDatabase(file);
const slugs = (await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').execute()).map((r) => r.slug);
const user = await db.selectFrom('users').select('id').where('email', '=', `writer-${worker}@example.com`).executeTakeFirst();

const writes: Record<typeof kind, (i: number, now: string) => Promise<unknown>> = {
  basket: (i, now) => addToBasket(db, { sessionHash: `writer-${worker}` }, { slug: slugs[i]! }, now),
  favourite: (i, now) => toggleFavourite(db, user!.id, slugs[i]!, now),
  tracking: (i, now) => insertTrackingEvents(db, [{ kind: 'event', payload: JSON.stringify({ worker, i }), created_at: now }]),
};

console.log('ready');
await new Promise((resolve) => readline.createInterface({ input: process.stdin }).once('line', resolve));
const started = Date.now();
const errors: string[] = [];
let ok = 0;
for (let i = 0; i < Number(count); i++) {
  const due = started + i * Number(intervalMs);
  if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
  try {
    const outcome = await writes[kind](i, new Date().toISOString());
    // A basket write answers { ok }; a refusal there would be a lost write too.
    if (outcome && typeof outcome === 'object' && 'ok' in outcome && outcome.ok !== true) errors.push(JSON.stringify(outcome));
    else ok++;
  } catch (error) {
    errors.push(`${(error as { code?: string }).code ?? ''} ${(error as Error).message}`);
  }
}
console.log(JSON.stringify({ ok, errors, started, ended: Date.now() }));
await db.destroy();
