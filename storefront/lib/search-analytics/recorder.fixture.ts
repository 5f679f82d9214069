import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SearchRecorder } from './recorder';

/**
 * A recorder for tests that search through the storefront but do not look at the records: it
 * writes to a folder of its own under the system's temporary folder and is never drained.
 */
export function scratchRecorder(): () => SearchRecorder {
  let recorder: SearchRecorder | undefined;
  return () => (recorder ??= new SearchRecorder({
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'easel-searches-')),
    getDb: () => Promise.reject(new Error('a scratch recorder stores nothing')),
  }));
}
