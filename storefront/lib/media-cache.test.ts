import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtworkImageSpec } from '@easel/shared/media';
import { cachedImagePath, createMediaCache } from './media-cache';
import { watchedRemovals } from './media-cache.fixture';

const spec: ArtworkImageSpec = { category: 'prints', motif: 'abstract', kind: 'main', seed: 11, colours: ['orange', 'blue'], aspectMilli: 1000 };
const other = (seed: number): ArtworkImageSpec => ({ ...spec, seed });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'easel-media-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

/** A render of `bytes` bytes that counts its calls. */
function fakeRender(bytes = 9) {
  const calls: number[] = [];
  return {
    calls,
    render: async (s: ArtworkImageSpec) => {
      calls.push(s.seed);
      return Buffer.alloc(bytes, s.seed % 256);
    },
  };
}

describe('createMediaCache', () => {
  it('renders a picture once, stores it by its URL and serves later requests from disk', async () => {
    const { calls, render } = fakeRender();
    const cache = createMediaCache({ dir, maxBytes: 1_000, render });
    const [a, b] = await Promise.all([cache.get(spec, 320), cache.get(spec, 320)]);
    expect(calls).toEqual([11]);
    expect(a).toEqual(Buffer.alloc(9, 11));
    expect(b).toEqual(a);
    expect(await cache.get(spec, 320)).toEqual(a);
    expect(calls).toEqual([11]);
    expect(await listFiles(dir)).toEqual([path.join('prints', 'abstract', 'main', '11', 'orange-blue', '1000', '320.webp')]);
    expect(await readFile(cachedImagePath(dir, spec, 320))).toEqual(a);
  });

  it('serves a picture another process on the same folder stored, without drawing it again', async () => {
    const first = fakeRender();
    const second = fakeRender();
    const [a, b] = [createMediaCache({ dir, maxBytes: 1_000, render: first.render }), createMediaCache({ dir, maxBytes: 1_000, render: second.render })];
    expect(await a.get(spec, 320)).toEqual(Buffer.alloc(9, 11));
    expect(await b.get(spec, 320)).toEqual(Buffer.alloc(9, 11));
    expect(await b.get(other(12), 320)).toEqual(Buffer.alloc(9, 12));
    expect(await a.get(other(12), 320)).toEqual(Buffer.alloc(9, 12));
    expect([first.calls, second.calls]).toEqual([[11], [12]]);
  });

  it('leaves no temporary file behind when rendering fails', async () => {
    const cache = createMediaCache({ dir, maxBytes: 1_000, render: async () => { throw new Error('boom'); } });
    await expect(cache.get(spec, 480)).rejects.toThrow('boom');
    expect(await listFiles(dir)).toEqual([]);
  });

  it('keeps under its cap by deleting the least recently served pictures', async () => {
    const { calls, render } = fakeRender(100);
    const removals = watchedRemovals();
    const cache = createMediaCache({ dir, maxBytes: 350, render, remove: removals.remove });
    for (const seed of [1, 2, 3]) await cache.get(other(seed), 320);
    await cache.get(other(1), 320); // 1 is now the most recently served; 2 the least
    await cache.get(other(4), 320);
    await removals.settled(); // deletions are not awaited by the request
    expect(await listFiles(dir)).toEqual([1, 3, 4].map((seed) => path.relative(dir, cachedImagePath(dir, other(seed), 320))));
    await cache.get(other(2), 320);
    expect(calls).toEqual([1, 2, 3, 4, 2]);
  });

  it('counts what is on disk when it opens, oldest first, and serves a picture larger than the cap without keeping it', async () => {
    for (const [seed, age] of [[1, 300], [2, 100], [3, 200]] as const) {
      const file = cachedImagePath(dir, other(seed), 320);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.alloc(100));
      const when = new Date(Date.now() - age * 1000);
      await utimes(file, when, when);
    }
    await writeFile(path.join(dir, 'stray.123.tmp'), 'half');
    const { render } = fakeRender(100);
    const removals = watchedRemovals();
    const cache = createMediaCache({ dir, maxBytes: 350, render, remove: removals.remove });
    await cache.get(other(4), 320);
    await removals.settled();
    // 1 was written longest ago, so it went first; the stray temporary file went at once.
    expect(await listFiles(dir)).toEqual([2, 3, 4].map((seed) => path.relative(dir, cachedImagePath(dir, other(seed), 320))));

    const big = createMediaCache({ dir, maxBytes: 50, render: fakeRender(100).render });
    expect((await big.get(other(5), 320)).byteLength).toBe(100);
    await expect(stat(cachedImagePath(dir, other(5), 320))).rejects.toThrow();
  });
});
