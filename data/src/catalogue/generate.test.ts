import { describe, expect, it } from 'vitest';
import { CATEGORIES, COLOUR_VALUES, SHIPPING_COUNTRIES, STYLES, SUBJECTS } from '@easel/shared/vocabulary';
import { slugify } from '../slug';
import { generateCatalogue, type ArtistBundle } from './generate';

const generate = (seed: number, artworks: number): ArtistBundle[] => [...generateCatalogue({ seed, artworks })];

describe('generateCatalogue', () => {
  it('describes each work\'s subject in words, naming an abstract work\'s subject once', () => {
    const artworks = generate(5, 2_000).flatMap((b) => b.artworks);
    const abstract = artworks.filter((w) => w.subject === 'abstract' && w.style === 'abstract');
    expect(abstract.length).toBeGreaterThan(0);
    for (const w of abstract) expect(w.description).toMatch(/^An abstract \w+ in /);
    for (const w of artworks) {
      expect(w.description).not.toMatch(/ of abstract/);
      expect(w.description.split('.')[0]!.match(/abstract/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    expect(artworks.find((w) => w.subject === 'seascape')!.description).toMatch(/ of the sea in /);
  });

  it('gives the same catalogue for the same seed', () => {
    expect(generate(7, 500)).toEqual(generate(7, 500));
  });

  it('gives a different catalogue for another seed', () => {
    const a = generate(7, 200).flatMap((b) => b.artworks.map((w) => w.title));
    const b = generate(8, 200).flatMap((b) => b.artworks.map((w) => w.title));
    expect(a).not.toEqual(b);
  });

  it('makes exactly the number of artworks asked for, by one artist per 12.5 works', () => {
    const bundles = generate(1, 2_000);
    expect(bundles).toHaveLength(160);
    expect(bundles.reduce((n, b) => n + b.artworks.length, 0)).toBe(2_000);
  });

  it('uses only the fixed vocabulary and unique slugs', () => {
    const bundles = generate(3, 3_000);
    const artworks = bundles.flatMap((b) => b.artworks);
    const slugs = new Set(artworks.map((w) => w.slug));
    expect(slugs.size).toBe(artworks.length);
    expect(new Set(bundles.map((b) => b.artist.slug)).size).toBe(bundles.length);
    for (const w of artworks) {
      expect(CATEGORIES[w.category] as readonly string[]).toContain(w.subcategory);
      expect(SUBJECTS).toContain(w.subject);
      expect(STYLES).toContain(w.style);
      for (const c of w.colours) expect(COLOUR_VALUES).toContain(c);
      expect(w.images.length).toBeGreaterThanOrEqual(2);
      if (w.salePriceMinor !== null) expect(w.salePriceMinor).toBeLessThan(w.priceMinor);
      for (const p of w.prints) expect(p.remaining).toBeLessThanOrEqual(p.editionSize);
    }
    for (const { artist } of bundles) {
      const destinations = artist.shipping.rates.map((r) => r.destination);
      expect(destinations).toContain(artist.shipping.shipsFrom);
      for (const d of destinations) expect(SHIPPING_COUNTRIES).toContain(d);
    }
  });

  it('covers every category and skews prices like an art market', () => {
    const artworks = generate(1, 10_000).flatMap((b) => b.artworks);
    expect(new Set(artworks.map((w) => w.category))).toEqual(new Set(Object.keys(CATEGORIES)));
    expect(artworks.some((w) => w.subcategory === 'collage')).toBe(true);
    const pounds = artworks.map((w) => w.priceMinor / 100).sort((a, b) => a - b);
    const inMainBand = pounds.filter((p) => p >= 50 && p <= 2_000).length / pounds.length;
    expect(inMainBand).toBeGreaterThan(0.75);
    expect(pounds.at(-1)).toBeGreaterThan(20_000);
  });
});

describe('slugify', () => {
  it.each([
    ['Évening Light, No. 2', 'evening-light-no-2'],
    ['  Café  Table  ', 'cafe-table'],
    ['Björk Ødegård', 'bjork-degard'],
  ])('%s -> %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});
