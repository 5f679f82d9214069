import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import { getRecommendedArtworks } from './recommendations';

let temp: TemporaryDatabase;
beforeAll(async () => {
  temp = await openTemporaryDatabase('recommendations', { seed: 6, artworks: 800 });
});
afterAll(() => temp.close());

const available = (category: string) =>
  temp.db.selectFrom('artworks').select(['id', 'category', 'subject']).where('status', '=', 'available').where('category', '=', category as never)
    .orderBy('id').limit(1).executeTakeFirstOrThrow();

describe('getRecommendedArtworks', () => {
  it('recommends available works like each seed in turn, never the seeds themselves', async () => {
    const painting = await available('painting');
    const sculpture = await available('sculpture');
    const works = await getRecommendedArtworks(temp.db, [painting.id, sculpture.id], 6);
    expect(works).toHaveLength(6);
    expect(works.map((w) => w.category)).toEqual(['painting', 'sculpture', 'painting', 'sculpture', 'painting', 'sculpture']);
    expect(works[0]!.subject).toBe(painting.subject);
    for (const w of works) {
      expect(w.status).toBe('available');
      expect([painting.id, sculpture.id]).not.toContain(w.id);
    }
    expect(new Set(works.map((w) => w.id)).size).toBe(6);
  });

  it('gives a shopper without history the most loved of the newest listings', async () => {
    const works = await getRecommendedArtworks(temp.db, [], 5);
    expect(works).toHaveLength(5);
    const popularity = works.map((w) => w.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const oldest = await temp.db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('created_at').limit(1).executeTakeFirstOrThrow();
    expect(works.map((w) => w.id)).not.toContain(oldest.id);
  });

  it('fills up from the newest listings when the seeds have too few like them, and ignores unknown seeds', async () => {
    const sculpture = await available('sculpture');
    const { n } = await temp.db.selectFrom('artworks').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'available').where('category', '=', 'sculpture').executeTakeFirstOrThrow();
    const works = await getRecommendedArtworks(temp.db, [999_999, sculpture.id], n + 5);
    expect(works).toHaveLength(n + 5);
    expect(new Set(works.map((w) => w.id)).size).toBe(n + 5);
    expect(works.map((w) => w.id)).not.toContain(sculpture.id);
    expect(works.slice(0, n - 1).every((w) => w.category === 'sculpture')).toBe(true);
    expect(works.slice(n - 1).some((w) => w.category !== 'sculpture')).toBe(true);
  });
});
