import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@easel/data/db';
import { bumpCacheGeneration } from '@easel/data/queries/cache-generations';
import { openTemporaryDatabase } from '../../data/test/fixtures';
import { GENERATION_CHECK_MS, generationalCache, processWide } from './process-wide';

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

describe('generationalCache', () => {
  it('forgets its copies once another replica moves the generation on, and keeps them otherwise', async () => {
    const temp = await openTemporaryDatabase('generations');
    const homepage = () => generationalCache(temp.db, 'homepage', () => new Map<string, string>());
    (await homepage()).set('banner', 'before the change');
    // What another replica's staff edit does to the shared database.
    await bumpCacheGeneration(temp.db, 'homepage');
    await expect.poll(async () => (await homepage()).get('banner'), { timeout: 5_000 }).toBeUndefined();

    (await homepage()).set('banner', 'after the change');
    await new Promise((resolve) => setTimeout(resolve, GENERATION_CHECK_MS * 2));
    await homepage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await homepage()).get('banner')).toBe('after the change');
    await temp.close();
  });
});
