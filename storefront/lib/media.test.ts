import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkImageUrl, IMAGE_KINDS, IMAGE_WIDTHS, MOTIFS, type ArtworkImageSpec } from '@easel/shared/media';
import { getPictureOwners } from '@easel/data/queries/pictures';
import { getIndexableArtworks } from '@easel/data/queries/search-source';
import { CATEGORY_VALUES, COLOUR_VALUES } from '@easel/shared/vocabulary';
import { pictureSpecsOf } from '@easel/indexer/documents';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { avatarSpec } from './catalogue/cards';
import { answerPictureRequest, isCataloguePicture } from './media';
import { createMediaCache } from './media-cache';
import { watchedRemovals } from './media-cache.fixture';
import { createRequestLimits } from './rate-limits';

const NO_LIMITS = { check: async () => null };
let catalogue: TemporaryDatabase;
let dir: string;
/** Every picture address the catalogue prints: each artwork's pictures and each artist's avatar, at every width. */
let realAddresses: string[];

beforeAll(async () => {
  catalogue = await openTemporaryDatabase('media', { seed: 7, artworks: 120 });
  dir = await mkdtemp(path.join(tmpdir(), 'easel-media-route-'));
  const artworks = await getIndexableArtworks(catalogue.db, { afterId: 0, limit: 1_000 });
  const artists = await catalogue.db.selectFrom('artists').select('avatar_seed').execute();
  const specs = [...artworks.flatMap(pictureSpecsOf), ...artists.map((a) => avatarSpec(a.avatar_seed))];
  realAddresses = [...new Set(specs.flatMap((spec) => IMAGE_WIDTHS.map((width) => artworkImageUrl(spec, width))))];
});
afterAll(async () => {
  await catalogue?.close();
  await rm(dir, { recursive: true, force: true });
});

const ask = (address: string, deps: Parameters<typeof answerPictureRequest>[2]) =>
  answerPictureRequest(new NextRequest(`http://shop.test${address}`), address.split('/').slice(3), deps);

async function diskBytes(root: string): Promise<{ bytes: number; files: number }> {
  const entries = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const sizes = await Promise.all(entries.map((e) => stat(path.join(e.parentPath, e.name)).then((s) => s.size, () => 0)));
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: entries.length };
}

/** A well-formed address that the catalogue almost surely does not print. */
const madeUp = fc.record({
  category: fc.constantFrom(...CATEGORY_VALUES),
  motif: fc.constantFrom(...MOTIFS),
  kind: fc.constantFrom(...IMAGE_KINDS),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  colours: fc.uniqueArray(fc.constantFrom(...COLOUR_VALUES), { minLength: 1, maxLength: 4 }),
  aspectMilli: fc.integer({ min: 200, max: 5000 }),
}).chain((spec: ArtworkImageSpec) => fc.constantFrom(...IMAGE_WIDTHS).map((width) => artworkImageUrl(spec, width)));

describe('isCataloguePicture', () => {
  it("knows an artwork's every picture and an artist's avatar, and nothing that differs from them in one part", async () => {
    const [artwork] = await getIndexableArtworks(catalogue.db, { afterId: 0, limit: 1_000 });
    const [spec] = pictureSpecsOf(artwork!);
    expect(await isCataloguePicture(catalogue.db, spec!)).toBe(true);
    const owners = await getPictureOwners(catalogue.db, spec!.seed);
    expect(owners.artworks.map((w) => w.id)).toContain(artwork!.id);
    const { avatar_seed } = await catalogue.db.selectFrom('artists').select('avatar_seed').executeTakeFirstOrThrow();
    expect(await isCataloguePicture(catalogue.db, avatarSpec(avatar_seed))).toBe(true);
    for (const changed of [
      { ...spec!, aspectMilli: spec!.aspectMilli + 1 },
      { ...spec!, colours: [...spec!.colours].reverse().concat(spec!.colours.length === 1 ? ['gold'] : []) },
      // Every view of a work shares its seed, so another seed is another picture.
      { ...spec!, seed: spec!.seed ^ 1 },
      { ...spec!, category: spec!.category === 'painting' ? 'sculpture' : 'painting' },
      { ...spec!, motif: spec!.motif === 'cat' ? 'dog' : 'cat' },
    ] satisfies ArtworkImageSpec[]) {
      expect(await isCataloguePicture(catalogue.db, changed)).toBe(false);
    }
  });
});

describe('GET /media/art/…', () => {
  it('answers 10,000 random addresses, draws only real ones, and keeps the disk under its cap', async () => {
    const capBytes = 256 * 1024;
    let drawn = 0;
    const removals = watchedRemovals();
    const cache = createMediaCache({
      dir, maxBytes: capBytes, remove: removals.remove,
      render: async (spec, width) => {
        drawn += 1;
        return Buffer.alloc(2_000 + width * 20, spec.seed % 251); // 8–28 KB, about a real picture's size
      },
    });
    const addresses = fc.sample(fc.oneof(fc.constantFrom(...realAddresses), madeUp), { numRuns: 10_000, seed: 19 });
    const real = new Set(realAddresses);
    const statuses = { real: 0, madeUp: 0 };
    let largest = 0;
    for (const [i, address] of addresses.entries()) {
      const response = await ask(address, { db: catalogue.db, cache, limits: NO_LIMITS });
      if (real.has(address)) {
        expect(response.status, address).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        statuses.real += 1;
      } else {
        expect(response.status, address).toBe(404);
        expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('not_found');
        statuses.madeUp += 1;
      }
      if (i % 500 === 499) {
        await removals.settled(); // let the evictions' deletions land
        largest = Math.max(largest, (await diskBytes(dir)).bytes);
      }
    }
    const end = await diskBytes(dir);
    console.log(`media: ${addresses.length} addresses (${statuses.real} real, ${statuses.madeUp} made up), ${drawn} drawn, disk at most ${largest} bytes of a ${capBytes}-byte cap, ${end.files} files at the end`);
    expect(statuses.real).toBeGreaterThan(3_000);
    expect(statuses.madeUp).toBeGreaterThan(3_000);
    // The cap was tested: far more was drawn than it holds, and the disk never went over it.
    expect(drawn * 8_000).toBeGreaterThan(4 * capBytes);
    expect(largest).toBeLessThanOrEqual(capBytes);
    expect(largest).toBeGreaterThan(capBytes / 2);
  }, 120_000);

  it('refuses an address over its limit with 429', async () => {
    const limits = createRequestLimits({ RATE_LIMIT_SEARCH_PER_MINUTE: 0, RATE_LIMIT_LOGIN_PER_MINUTE: 0, RATE_LIMIT_JOIN_PER_MINUTE: 0, RATE_LIMIT_CHECKOUT_PER_MINUTE: 0, RATE_LIMIT_LISTING_PER_MINUTE: 0, RATE_LIMIT_MEDIA_PER_MINUTE: 3 });
    const cache = createMediaCache({ dir, maxBytes: 1024, render: async () => Buffer.alloc(10) });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await ask(realAddresses[0]!, { db: catalogue.db, cache, limits })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
