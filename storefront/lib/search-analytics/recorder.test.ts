import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTsx } from '@easel/shared/process';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { newSearchId, SearchRecorder, toBatch } from './recorder';

let temp: TemporaryDatabase;
let dir: string;
/** Each test's recorder folder is one of its own in here, removed with it after the file. */
const folders = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-recorder-'));

beforeAll(async () => {
  temp = await openTemporaryDatabase('search-recorder');
});
afterAll(async () => {
  await temp.close();
  fs.rmSync(folders, { recursive: true, force: true });
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(folders, 'test-'));
  await temp.db.deleteFrom('search_records').execute();
  await temp.db.deleteFrom('search_outcomes').execute();
});

const recorder = (now?: () => number) => new SearchRecorder({ dir, getDb: async () => temp.db, ...(now ? { now } : {}) });
const storedIds = async () => new Set((await temp.db.selectFrom('search_records').select('search_id').execute()).map((r) => r.search_id));
const traits = { session: undefined, address: '203.0.113.9', userAgent: 'Mozilla/5.0 Test' };

describe('the search recorder', () => {
  it('stores searches and their outcomes from its file in one drain, with words and filters made from the query string', async () => {
    const r = recorder();
    const id = newSearchId();
    r.recordSearch({ searchId: id, source: 'gallery', queryString: 'q=Blue%20%20Sea&colours=red&page=2', resultCount: 7, latencyMs: 3.456, visitor: null });
    r.recordOutcomes([{ searchId: id, kind: 'click', slug: 'a-work', position: 26 }]);
    expect(await r.drain()).toBe(2);
    expect(await temp.db.selectFrom('search_records').select(['query', 'definition', 'result_count', 'page', 'latency_ms', 'clicked']).execute()).toEqual([
      { query: 'blue sea', definition: 'q=blue+sea&colours=red', result_count: 7, page: 2, latency_ms: 3.46, clicked: 1 },
    ]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('keeps a file whose store failed and stores it at the next drain', async () => {
    let down = true;
    const r = new SearchRecorder({ dir, getDb: async () => (down ? Promise.reject(new Error('database away')) : temp.db) });
    const id = newSearchId();
    r.recordSearch({ searchId: id, source: 'header', queryString: 'q=sea&paginate=6', resultCount: 1, latencyMs: 1, visitor: null });
    expect(await r.drain()).toBe(0);
    down = false;
    expect(await r.drain()).toBe(1);
    expect(await storedIds()).toEqual(new Set([id]));
  });

  it("takes over the files of a process that is no longer running, each once", async () => {
    const id = newSearchId();
    const line = JSON.stringify({ k: 's', id, at: new Date().toISOString(), src: 'gallery', qs: 'q=left', n: 0, ms: 1, v: null });
    // A process id no process has: the kernel's largest is below 2^22.
    fs.writeFileSync(path.join(dir, 'open.4999999.dead.log'), `${line}\n{"k":"s","id":"cut short`);
    const [a, b] = [recorder(), recorder()];
    expect((await Promise.all([a.drain(), b.drain()])).reduce((x, y) => x + y)).toBe(2);
    expect(await storedIds()).toEqual(new Set([id]));
  });

  it('gives a visitor one pseudonym a day, a new one the next day, and writes no address, browser or session', async () => {
    let now = Date.parse('2026-11-28T10:00:00Z');
    const r = recorder(() => now);
    await r.drain();
    const today = r.visitorOf(traits);
    expect(today).toMatch(/^[\w-]{22}$/);
    expect(r.visitorOf({ ...traits })).toBe(today);
    expect(r.visitorOf({ ...traits, address: '203.0.113.10' })).not.toBe(today);
    const session = r.visitorOf({ ...traits, session: 'secret-session' });
    r.recordSearch({ searchId: newSearchId(), source: 'gallery', queryString: '', resultCount: 1, latencyMs: 1, visitor: session });
    const written = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).join('');
    for (const secret of ['203.0.113.9', 'Mozilla', 'secret-session']) expect(written).not.toContain(secret);
    now += 24 * 60 * 60 * 1000;
    expect(r.visitorOf(traits)).not.toBe(today);
  });

  it('skips a line cut short by a crash', () => {
    const id = newSearchId();
    const batch = toBatch([JSON.stringify({ k: 'o', id: 'x', s: id, kind: 'click', slug: 'a-work', pos: 1, at: '2026-11-28T10:00:00.000Z' }), '{"k":"s","id":']);
    expect(batch).toEqual({ records: [], outcomes: [{ outcome_id: 'x', search_id: id, kind: 'click', slug: 'a-work', position: 1, created_at: '2026-11-28T10:00:00.000Z' }] });
  });

  it('loses no search it acknowledged when its process is killed with SIGKILL', async () => {
    const child = startTsx(path.join(import.meta.dirname, 'recorder-process.fixture.ts'), [dir, temp.location], { stdio: ['pipe', 'pipe', 'inherit'] });
    const acknowledged: string[] = [];
    const lines = readline.createInterface({ input: child.stdout! });
    await new Promise<void>((resolve) => lines.on('line', (line) => {
      if (line === 'ready') resolve();
      else if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
    }));
    // Searches keep coming while drains run; the kill lands between two of them.
    const sent: string[] = [];
    const sending = setInterval(() => {
      for (let i = 0; i < 20; i++) {
        const id = newSearchId();
        sent.push(id);
        child.stdin!.write(`${id}\n`);
      }
    }, 5);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    child.kill('SIGKILL');
    clearInterval(sending);
    await child;
    expect(acknowledged.length).toBeGreaterThan(500);
    // The next process on the folder stores what the killed one left.
    await recorder().drain();
    const stored = await storedIds();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
    console.log(`SIGKILL: ${acknowledged.length} searches acknowledged of ${sent.length} sent, ${stored.size} stored, none lost`);
  }, 30_000);
});
