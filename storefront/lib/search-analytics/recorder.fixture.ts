import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { SearchRecorder } from './recorder';

/** The scratch recorders' folders of the test file that imports this, removed after it. */
const folders = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-searches-'));
afterAll(() => fs.rmSync(folders, { recursive: true, force: true }));

/**
 * A recorder for tests that search through the storefront but do not look at the records: it
 * writes to a folder of its own under the system's temporary folder and is never drained.
 */
export function scratchRecorder(): () => SearchRecorder {
  let recorder: SearchRecorder | undefined;
  return () => (recorder ??= new SearchRecorder({
    dir: fs.mkdtempSync(path.join(folders, 'recorder-')),
    getDb: () => Promise.reject(new Error('a scratch recorder stores nothing')),
  }));
}
