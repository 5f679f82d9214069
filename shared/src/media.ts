import { z } from 'zod';
import { CATEGORY_VALUES, COLOUR_VALUES, type Category, type Colour } from './vocabulary';

/**
 * Artwork pictures are rendered from their own parameters (category, palette, shape and a seed),
 * so a picture's URL carries everything needed to draw it and can be cached forever.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export const IMAGE_KINDS = ['main', 'detail', 'room'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export interface ArtworkImageSpec {
  category: Category;
  kind: ImageKind;
  seed: number;
  colours: Colour[];
  /** Width over height in thousandths: 1500 is a 3:2 landscape. */
  aspectMilli: number;
}

const MEDIA_PREFIX = '/media/art';

/**
 * { category: 'painting', kind: 'main', seed: 7, colours: ['blue', 'gold'], aspectMilli: 1500 }, 640
 *   -> '/media/art/painting/main/7/blue-gold/1500/640.webp'
 */
export function artworkImageUrl(spec: ArtworkImageSpec, width: number): string {
  return `${MEDIA_PREFIX}/${spec.category}/${spec.kind}/${spec.seed}/${spec.colours.join('-')}/${spec.aspectMilli}/${width}.webp`;
}

/** Every rendered width, as an `srcset` value: '/media/art/…/320.webp 320w, …'. */
export function artworkImageSrcSet(spec: ArtworkImageSpec): string {
  return srcSetOf(artworkImageUrl(spec, IMAGE_WIDTHS[0]));
}

/**
 * The `srcset` of a picture from the address of any one of its widths, so a search hit need
 * not carry it: '/media/art/…/1500/640.webp' -> '/media/art/…/1500/320.webp 320w, …, /media/art/…/1500/1280.webp 1280w'.
 */
export function srcSetOf(imageUrl: string): string {
  const folder = imageUrl.slice(0, imageUrl.lastIndexOf('/') + 1);
  return IMAGE_WIDTHS.map((w) => `${folder}${w}.webp ${w}w`).join(', ');
}

const widthSchema = z
  .number()
  .int()
  .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), 'not a rendered width');

/** The path segments after `/media/art/`, validated back into a spec and a width. */
export const artworkImagePathSchema = z
  .tuple([
    z.enum(CATEGORY_VALUES as [Category, ...Category[]]),
    z.enum(IMAGE_KINDS),
    z.coerce.number().int().min(0).max(2 ** 31 - 1),
    z
      .string()
      .transform((s) => s.split('-'))
      .pipe(z.array(z.enum(COLOUR_VALUES as [Colour, ...Colour[]])).min(1).max(4)),
    z.coerce.number().int().min(200).max(5000),
    z.string().regex(/^\d{1,5}\.webp$/).transform((s) => Number(s.slice(0, -'.webp'.length))).pipe(widthSchema),
  ])
  .transform(([category, kind, seed, colours, aspectMilli, width]) => ({
    spec: { category, kind, seed, colours, aspectMilli } satisfies ArtworkImageSpec,
    width,
  }));

/** An artwork picture URL back into its spec and width; undefined for any other URL. */
export function parseArtworkImageUrl(url: string): { spec: ArtworkImageSpec; width: number } | undefined {
  if (!url.startsWith(`${MEDIA_PREFIX}/`)) return undefined;
  const parsed = artworkImagePathSchema.safeParse(url.slice(MEDIA_PREFIX.length + 1).split('/'));
  return parsed.success ? parsed.data : undefined;
}
