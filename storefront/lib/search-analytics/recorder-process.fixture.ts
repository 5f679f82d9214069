/**
 * A search recorder in a process of its own, for the crash test (recorder.test.ts):
 * node --import tsx recorder-process.fixture.ts <records folder> <database location>
 * It prints "ready", then for each line "<search id>" on stdin records a search of that id, as
 * the storefront does before it answers, and prints "ok <search id>". Its recorder drains as
 * the storefront's does, every half second, until the process is killed.
 */
import readline from 'node:readline';
import { openDatabase } from '@easel/data/db';
import { SearchRecorder } from './recorder';

const [dir, location] = process.argv.slice(2) as [string, string];
const db = await openDatabase(location);
const recorder = new SearchRecorder({ dir, getDb: async () => db });
recorder.start();
console.log('ready');
readline.createInterface({ input: process.stdin }).on('line', (searchId) => {
  recorder.recordSearch({ searchId, source: 'gallery', queryString: 'q=crash', resultCount: 3, latencyMs: 2, visitor: null });
  process.stdout.write(`ok ${searchId}\n`);
});
