import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEnd, startTsx } from '@easel/shared/process';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

/** Two processes per kind of write, each writing 25 times a second: 150 writes a second in all. */
const KINDS = ['basket', 'favourite', 'tracking'] as const;
const PER_KIND = 2;
const WRITES = 125;
const INTERVAL_MS = 40;

let temp: TemporaryDatabase;
let location: string;
let favouritesBefore: number;

const favouriteCountTotal = async () =>
  Number((await temp.db.selectFrom('artworks').select((eb) => eb.fn.sum<number>('favourite_count').as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  temp = await openTemporaryDatabase('concurrent-writes', { seed: 21, artworks: 300 });
  for (let worker = 0; worker < KINDS.length * PER_KIND; worker++) {
    await addUser(temp.db, undefined, `writer-${worker}@example.com`);
  }
  location = temp.location;
  favouritesBefore = await favouriteCountTotal();
});
afterAll(async () => {
  await temp.close();
});

interface WriterReport {
  ok: number;
  errors: string[];
  started: number;
  ended: number;
}

/** Starts a writer process and answers once it has opened the database and is waiting to go. */
async function startWriter(kind: (typeof KINDS)[number], worker: number) {
  const child = startTsx(path.join(import.meta.dirname, 'concurrent-writer-process.ts'), [location, kind, String(worker), String(WRITES), String(INTERVAL_MS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => (line === 'ready' ? resolve() : output.push(line)));
    void child.then((end) => reject(new Error(`writer ${worker} ended before it was ready: ${describeEnd(end)}`)));
  });
  const report = child.then((end) => {
    if (end.exitCode !== 0) throw new Error(`writer ${worker} failed: ${describeEnd(end)}`);
    return JSON.parse(output.at(-1)!) as WriterReport;
  });
  await ready;
  return { kind, worker, go: () => child.stdin!.end('go\n'), report };
}

describe('SQLite under concurrent writes from several processes', () => {
  it('takes 150 basket, favourite and tracking writes a second from six processes with no SQLITE_BUSY and none lost', async () => {
    const writers = await Promise.all(KINDS.flatMap((kind, k) => Array.from({ length: PER_KIND }, (_, i) => startWriter(kind, k * PER_KIND + i))));
    for (const writer of writers) writer.go();
    const reports = await Promise.all(writers.map(async (w) => ({ ...w, ...(await w.report) })));

    const started = Math.min(...reports.map((r) => r.started));
    const ended = Math.max(...reports.map((r) => r.ended));
    const total = reports.reduce((n, r) => n + r.ok, 0);
    console.log(`${total} writes from ${reports.length} processes in ${ended - started} ms: ${Math.round((total * 1000) / (ended - started))} writes a second`);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(reports.map((r) => r.ok)).toEqual(reports.map(() => WRITES));
    // The writers wrote at the same time: each began before every other had finished.
    for (const r of reports) expect(r.started).toBeLessThan(Math.min(...reports.map((o) => o.ended)));

    const { db } = temp;
    const count = async (table: 'basket_lines' | 'favourites' | 'tracking_events') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('basket_lines')).toBe(PER_KIND * WRITES);
    expect(await count('favourites')).toBe(PER_KIND * WRITES);
    expect(await count('tracking_events')).toBe(PER_KIND * WRITES);
    // Each favourite moved its work's count in the same transaction.
    expect(await favouriteCountTotal()).toBe(favouritesBefore + PER_KIND * WRITES);
  });
});
