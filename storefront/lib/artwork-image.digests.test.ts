import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IMAGE_KINDS, MOTIFS, type ArtworkImageSpec } from '@easel/shared/media';
import { CATEGORY_VALUES, COLOUR_VALUES } from '@easel/shared/vocabulary';
import { renderArtworkImage } from './artwork-image';
import { renderArtworkSvg } from './artwork-image/svg';

/**
 * The pictures, pinned: a digest of the SVG of every category, motif and view (seeds, palettes
 * and shapes varying), and of the finished WebP of every category and view, compared with the
 * digests recorded in artwork-image.digests.json. A change to the drawing code that is meant to
 * leave the pictures as they are must leave these as they are; one meant to change them is
 * recorded with `npx vitest run --project unit storefront/lib/artwork-image.digests.test.ts -u`.
 */
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 24);

const ASPECTS = [1000, 1500, 700, 2400];
const specs: ArtworkImageSpec[] = CATEGORY_VALUES.flatMap((category, c) =>
  MOTIFS.flatMap((motif, m) =>
    IMAGE_KINDS.map((kind, k) => ({
      category,
      motif,
      kind,
      seed: 1 + c * 1000 + m * 10 + k,
      colours: [0, 1, 2].slice(0, 1 + ((c + m) % 3)).map((i) => COLOUR_VALUES[(c * 3 + m + i * 5) % COLOUR_VALUES.length]!),
      aspectMilli: ASPECTS[(c + m + k) % ASPECTS.length]!,
    })),
  ),
);
const name = (spec: ArtworkImageSpec) => `${spec.category}/${spec.motif}/${spec.kind}/${spec.seed}/${spec.colours.join('-')}/${spec.aspectMilli}`;

describe('the drawn pictures', () => {
  it('are the recorded ones, as SVG and as WebP', async () => {
    const svg = Object.fromEntries(specs.map((spec) => [name(spec), sha256(renderArtworkSvg(spec, 320))]));
    // The finished picture, texture and all, for every category and view, each of another motif.
    const webp: Record<string, string> = {};
    for (const [c, category] of CATEGORY_VALUES.entries()) {
      for (const [k, kind] of IMAGE_KINDS.entries()) {
        const motif = MOTIFS[(c * IMAGE_KINDS.length + k) % MOTIFS.length];
        const spec = specs.find((s) => s.category === category && s.kind === kind && s.motif === motif)!;
        webp[name(spec)] = sha256(await renderArtworkImage(spec, 320));
      }
    }
    expect(Object.keys(svg)).toHaveLength(CATEGORY_VALUES.length * MOTIFS.length * IMAGE_KINDS.length);
    await expect(`${JSON.stringify({ svg, webp }, null, 1)}\n`).toMatchFileSnapshot('./artwork-image.digests.json');
  }, 120_000);
});
