import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@easel/data/db';
import { seedCatalogue } from '@easel/data';
import { getIndexableArtworks, getRateMatrix } from '@easel/data/queries/search-source';
import { toSearchDocument } from '@easel/indexer';
import { toProductCard } from '@easel/search-service/product-card';
import { avatarImage, toCard } from './cards';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-cards-'));
let db: Db;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'cards.db'));
  await seedCatalogue(db, { seed: 8, artworks: 120 });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('toCard', () => {
  it.each([undefined, 'US', 'FR'])('gives every work the card the gallery shows for it (ships_to %s)', async (shipsTo) => {
    const [artworks, rates] = await Promise.all([getIndexableArtworks(db, { afterId: 0, limit: 120 }), getRateMatrix(db)]);
    expect(artworks.some((w) => w.sale_price_minor !== null)).toBe(true);
    for (const artwork of artworks) {
      expect(toCard(artwork, rates, { ships_to: shipsTo })).toEqual(toProductCard(toSearchDocument(artwork, rates), { ships_to: shipsTo }));
    }
  });
});

describe('avatarImage', () => {
  it('draws a square picture from the seed, the same every time', () => {
    const avatar = avatarImage(7);
    expect(avatar).toEqual(avatarImage(7));
    expect(avatar.src).toBe('/media/art/painting/detail/7/pink-beige/1000/320.webp');
    expect(avatar).toMatchObject({ width: 320, height: 320 });
    expect(avatar.srcSet.split(', ')).toHaveLength(5);
  });
});
