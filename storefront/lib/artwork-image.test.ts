import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANIMALS, IMAGE_KINDS, MOTIFS, motifOf, type ArtworkImageSpec } from '@easel/shared/media';
import { CATEGORY_VALUES, COLOURS, SUBJECTS } from '@easel/shared/vocabulary';
import { renderArtworkImage } from './artwork-image';
import { renderArtworkSvg } from './artwork-image/svg';
import { artworkImageHeight } from './artwork-image-size';

const spec = (over: Partial<ArtworkImageSpec> = {}): ArtworkImageSpec => ({
  category: 'painting',
  motif: 'land',
  kind: 'main',
  seed: 7,
  colours: ['blue', 'gold'],
  aspectMilli: 1500,
  ...over,
});

describe('renderArtworkSvg', () => {
  it('gives the same SVG for the same spec', () => {
    for (const category of CATEGORY_VALUES) {
      for (const kind of IMAGE_KINDS) {
        const s = spec({ category, kind, seed: 123, colours: ['green', 'beige', 'brown'] });
        const same = renderArtworkSvg(s, 640) === renderArtworkSvg({ ...s, colours: [...s.colours] }, 640);
        expect(same, `${category}/${kind}`).toBe(true);
      }
    }
  });

  it('draws a different picture for a different seed', () => {
    for (const category of CATEGORY_VALUES) {
      const differ = renderArtworkSvg(spec({ category, seed: 1 }), 640) !== renderArtworkSvg(spec({ category, seed: 2 }), 640);
      expect(differ, category).toBe(true);
    }
  });

  it('shows each view of a work differently', () => {
    const [main, detail, room] = IMAGE_KINDS.map((kind) => renderArtworkSvg(spec({ kind }), 640));
    expect(new Set([main, detail, room]).size).toBe(3);
    // The detail is a crop of the same composition: same drawing, a smaller viewBox.
    expect(detail?.slice(detail.indexOf('<defs>'))).toBe(main?.slice(main.indexOf('<defs>')));
  });

  it('uses every palette colour, in every category and view', () => {
    const colours: ArtworkImageSpec['colours'] = ['red', 'turquoise', 'gold', 'purple'];
    for (const category of CATEGORY_VALUES) {
      for (const kind of IMAGE_KINDS) {
        for (const seed of [1, 2, 3, 99, 2024]) {
          const svg = renderArtworkSvg(spec({ category, kind, seed, colours }), 640);
          const missing = colours.filter((c) => !svg.includes(COLOURS[c]));
          expect(missing, `${category}/${kind}/${seed}`).toEqual([]);
        }
      }
    }
  });

  it('draws each motif, in every flat medium, as its own group of parts', () => {
    for (const category of ['painting', 'drawing', 'prints', 'photography'] as const) {
      for (const motif of MOTIFS) {
        for (const seed of [1, 2024]) {
          const svg = renderArtworkSvg(spec({ category, motif, seed }), 640);
          const groups = svg.match(/<g data-motif="([a-z-]+)">/g) ?? [];
          expect(groups, `${category}/${motif}/${seed}`).toEqual([`<g data-motif="${motif}">`]);
          // The motif is drawn, not an empty group: a landscape or still life is the whole scene, a silhouette several parts.
          const group = svg.slice(svg.indexOf(`<g data-motif="${motif}">`));
          expect((group.match(/<(path|rect|ellipse|circle) /g) ?? []).length, `${category}/${motif}/${seed}`).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('draws the same motif differently per work, and the same way every time', () => {
    const cat = (seed: number) => renderArtworkSvg(spec({ category: 'painting', motif: 'cat', seed }), 640);
    expect(cat(5)).toBe(cat(5));
    expect(cat(5)).not.toBe(cat(6));
    // A cat is not a dog: different animals have different outlines on the same canvas.
    const motifOnly = (motif: ArtworkImageSpec['motif']) => {
      const svg = renderArtworkSvg(spec({ category: 'prints', motif, seed: 5 }), 640);
      return svg.slice(svg.indexOf('data-motif'));
    };
    expect(new Set(ANIMALS.map(motifOnly)).size).toBe(ANIMALS.length);
  });

  it('casts animals and figures as sculpture, and other subjects as abstract forms', () => {
    for (const motif of [...ANIMALS, 'figure', 'abstract'] as const) {
      expect(renderArtworkSvg(spec({ category: 'sculpture', motif }), 640), motif).toContain(`<g data-motif="${motif}">`);
    }
    expect(renderArtworkSvg(spec({ category: 'sculpture', motif: 'city' }), 640)).not.toContain('data-motif');
  });

  it("keeps a work's motif in its main, detail and room views", () => {
    for (const kind of IMAGE_KINDS) expect(renderArtworkSvg(spec({ motif: 'horse', kind }), 640), kind).toContain('<g data-motif="horse">');
  });

  it('sizes the SVG from the width and the aspect ratio', () => {
    for (const [aspectMilli, width, height] of [
      [1500, 640, 427],
      [1000, 320, 320],
      [800, 480, 600],
      [2000, 1200, 600],
      [333, 800, 2402],
    ] as const) {
      expect(artworkImageHeight({ aspectMilli }, width)).toBe(height);
      const svg = renderArtworkSvg(spec({ aspectMilli }), width);
      expect(svg.slice(0, svg.indexOf('>') + 1)).toContain(` width="${width}" height="${height}"`);
    }
  });

  it('contains no text', () => {
    for (const category of CATEGORY_VALUES) {
      for (const kind of IMAGE_KINDS) expect(/<text|<tspan/.test(renderArtworkSvg(spec({ category, kind }), 640)), `${category}/${kind}`).toBe(false);
    }
  });
});

describe('renderArtworkImage', () => {
  it('renders a WebP of the expected size', async () => {
    const image = await renderArtworkImage(spec({ aspectMilli: 1500 }), 640);
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(427);
  });

  it('renders every category and view, including very wide, very tall and small pictures', async () => {
    const cases: Array<[Partial<ArtworkImageSpec>, number]> = [];
    for (const category of CATEGORY_VALUES) for (const kind of IMAGE_KINDS) cases.push([{ category, kind, motif: 'cat' }, 320]);
    cases.push([{ aspectMilli: 5000, category: 'photography' }, 320], [{ aspectMilli: 200, category: 'sculpture', kind: 'room' }, 320]);
    for (const [over, width] of cases) {
      const s = spec(over);
      const meta = await sharp(await renderArtworkImage(s, width)).metadata();
      expect([meta.width, meta.height], JSON.stringify(s)).toEqual([width, artworkImageHeight(s, width)]);
    }
  });
});

describe('motifOf', () => {
  it('draws an animal the title names, else the subject\'s motif', () => {
    expect(motifOf('animals', 'Cat Asleep')).toBe('cat');
    expect(motifOf('animals', 'Evening Cattle')).toBe('cow');
    expect(motifOf('fantasy', 'Moon Hare')).toBe('hare');
    expect(motifOf('seascape', 'Tide No. 4')).toBe('sea');
    expect(motifOf('portrait', 'Self Portrait')).toBe('portrait');
    for (const subject of SUBJECTS) expect(MOTIFS).toContain(motifOf(subject, 'Untitled'));
    // An animal study that names none keeps one animal.
    expect(motifOf('animals', 'Untitled, Study')).toBe(motifOf('animals', 'Untitled, Study'));
    expect(ANIMALS).toContain(motifOf('animals', 'Untitled, Study'));
  });
});
