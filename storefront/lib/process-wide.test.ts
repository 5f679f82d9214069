import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@easel/data/db';
import { processWide } from './process-wide';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-process-wide-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('processWide', () => {
  it('gives two handles on one database file the same object, and another file its own', async () => {
    const first = await openDatabase(path.join(dir, 'a.db'));
    const second = await openDatabase(path.join(dir, 'a.db'));
    const other = await openDatabase(path.join(dir, 'b.db'));
    const made = await processWide(first, 'test', () => new Set<string>());
    made.add('seen');
    expect(await processWide(second, 'test', () => new Set<string>())).toBe(made);
    expect(await processWide(other, 'test', () => new Set<string>())).not.toBe(made);
    expect(await processWide(first, 'another', () => new Set<string>())).not.toBe(made);
    await Promise.all([first.destroy(), second.destroy(), other.destroy()]);
  });
});
