import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArtworkImageSpec } from '@easel/data/media';
import { cachedImagePath, getArtworkImage } from './media-cache';

const spec: ArtworkImageSpec = { category: 'prints', kind: 'main', seed: 11, colours: ['orange', 'blue'], aspectMilli: 1000 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'easel-media-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('getArtworkImage', () => {
  it('renders a picture once, stores it by its URL and serves later requests from disk', async () => {
    let renders = 0;
    const render = async () => {
      renders++;
      return Buffer.from('fake-webp');
    };
    const [a, b] = await Promise.all([getArtworkImage(dir, spec, 320, render), getArtworkImage(dir, spec, 320, render)]);
    expect(renders).toBe(1);
    expect(a.toString()).toBe('fake-webp');
    expect(b.toString()).toBe('fake-webp');
    expect(await getArtworkImage(dir, spec, 320, render)).toEqual(a);
    expect(renders).toBe(1);
    expect(await listFiles(dir)).toEqual([path.join('prints', 'main', '11', 'orange-blue', '1000', '320.webp')]);
    expect((await readFile(cachedImagePath(dir, spec, 320))).toString()).toBe('fake-webp');
  });

  it('leaves no temporary file behind when rendering fails', async () => {
    const render = async (): Promise<Buffer> => {
      throw new Error('boom');
    };
    await expect(getArtworkImage(dir, spec, 480, render)).rejects.toThrow('boom');
    expect(await listFiles(dir)).toEqual([]);
  });
});
