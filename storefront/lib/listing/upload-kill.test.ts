import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft } from '@easel/data/queries/listings';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { startTsx } from '@easel/shared/process';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { phonePhoto } from './photos.fixture';

/**
 * An upload is all or nothing: a process killed with SIGKILL while it processes a photo, or
 * just after it stored the files, leaves no photo row without all its files and no photo with
 * part of its files.
 */

let temp: TemporaryDatabase;
let workId: number;
let photoFile: string;

beforeAll(async () => {
  temp = await openTemporaryDatabase('upload-kill', { seed: 2, artworks: 10 });
  const profile = await temp.db.selectFrom('shipping_profiles').select(['id', 'artist_id', 'ships_from']).orderBy('id').executeTakeFirstOrThrow();
  const draft = await createDraft(temp.db, profile.artist_id, {
    title: 'Killed mid-upload', description: 'A test.', category: 'painting', subcategory: 'oil', subject: 'abstract', style: 'abstract',
    colours: ['red'], width_cm: 40, height_cm: 30, depth_cm: 2, framed: false, ready_to_hang: false, price_minor: 10_000,
    sale_price_minor: null, shipping_profile_id: profile.id, ships_from: profile.ships_from,
  }, new Date().toISOString());
  if (!draft.ok) throw new Error(draft.reason);
  workId = draft.id;
  photoFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'easel-upload-kill-')), 'phone.jpg');
  writeFileSync(photoFile, await phonePhoto());
}, 60_000);
afterAll(async () => {
  rmSync(path.dirname(photoFile), { recursive: true, force: true });
  await temp.close();
});

/** Runs the uploader until it has said `line` `times` times, then kills it with SIGKILL `afterMs` later; answers its last line. */
async function killUploader(line: string, times: number, afterMs: number): Promise<string> {
  const child = startTsx(path.join(import.meta.dirname, '../../test/listing/upload-process.ts'), [temp.location, String(workId), photoFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      if (lines.filter((l) => l === line).length >= times) resolve();
    });
    void child.then(() => reject(new Error(`the uploader ended first: ${lines.join(', ')}`)));
  }).finally(async () => {
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    child.kill('SIGKILL');
    await child;
  });
  return lines.at(-1)!;
}

async function expectWhole(): Promise<void> {
  const { db } = temp;
  const rows = await db.selectFrom('artwork_photos').select(['photo_key', 'position']).where('artwork_id', '=', workId).orderBy('position').execute();
  const files = await db.selectFrom('photo_files').select(['photo_key', 'width']).execute();
  const widthsOf = new Map<string, number[]>();
  for (const f of files) widthsOf.set(f.photo_key, [...(widthsOf.get(f.photo_key) ?? []), f.width].sort((a, b) => a - b));
  // Every stored photo has every width; every recorded photo is stored; the order has no gap.
  for (const widths of widthsOf.values()) expect(widths).toEqual([...IMAGE_WIDTHS]);
  for (const row of rows) expect(widthsOf.has(row.photo_key), row.photo_key).toBe(true);
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
}

describe('a photo upload killed with SIGKILL', () => {
  it('leaves nothing half-written when killed while it processes the photo', async () => {
    // 50 ms after it starts on its second photo: sharp is still decoding a 4000×3000 JPEG.
    expect(await killUploader('processing', 2, 50)).toBe('processing');
    await expectWhole();
    expect(await temp.db.selectFrom('artwork_photos').select('id').where('artwork_id', '=', workId).execute()).toHaveLength(1);
  }, 120_000);

  it('leaves nothing half-written when killed at any moment of later uploads', async () => {
    for (const afterMs of [0, 120, 350, 700]) {
      await killUploader('recorded', 1, afterMs);
      await expectWhole();
    }
  }, 240_000);
});
