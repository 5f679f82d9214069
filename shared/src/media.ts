import * as z from 'zod/mini';
import { CATEGORY_VALUES, COLOUR_VALUES, type Category, type Colour, type Subject } from './vocabulary';

/**
 * Artwork pictures are rendered from their own parameters (category, motif, palette, shape and a
 * seed), so a picture's URL carries everything needed to draw it and can be cached forever.
 * The widths run from a phone's card to a full-screen view on a wide screen; a slot wider than
 * 800 px (the product page's stage on a laptop) is served 1200 px or more.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 1200, 1600, 2000] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/**
 * The widths a product card's `srcset` offers. A card's picture is drawn at most about 275 CSS
 * px wide (the storefront's PRODUCT_CARD_SIZES), which 1200 covers on a three-times screen; the
 * wider renderings are the product page's.
 */
export const CARD_IMAGE_WIDTHS = IMAGE_WIDTHS.filter((w) => w <= 1200);
export const IMAGE_KINDS = ['main', 'detail', 'room'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The animals a picture can show: the ones the catalogue's titles name. */
export const ANIMALS = ['cat', 'dog', 'fox', 'hare', 'horse', 'stag', 'cow', 'bird'] as const;

/** What a picture shows, whatever its medium: a subject's recognisable motif. */
export const MOTIFS = [
  'abstract', 'land', 'sea', 'city', 'building', 'portrait', 'figure', 'still-life', 'flowers', 'trees',
  'interior', 'moon', 'music', 'sport', ...ANIMALS,
] as const;
export type Motif = (typeof MOTIFS)[number];

const SUBJECT_MOTIFS: Record<Exclude<Subject, 'animals'>, Motif> = {
  abstract: 'abstract',
  landscape: 'land',
  seascape: 'sea',
  cityscape: 'city',
  architecture: 'building',
  portrait: 'portrait',
  figurative: 'figure',
  nude: 'figure',
  'still-life': 'still-life',
  'food-and-drink': 'still-life',
  botanical: 'flowers',
  nature: 'trees',
  interiors: 'interior',
  fantasy: 'moon',
  music: 'music',
  sport: 'sport',
};

/** Words in a title that name an animal, as the animal drawn. */
const ANIMAL_WORDS: Record<string, (typeof ANIMALS)[number]> = {
  cat: 'cat', cats: 'cat', kitten: 'cat', hound: 'dog', dog: 'dog', fox: 'fox', hare: 'hare', rabbit: 'hare',
  horse: 'horse', pony: 'horse', stag: 'stag', deer: 'stag', cattle: 'cow', cow: 'cow', bull: 'cow',
  heron: 'bird', owl: 'bird', blackbird: 'bird', bird: 'bird',
};

/**
 * What a work's pictures show: an animal its title names, else its subject's motif; an animal
 * study that names none gets one picked from its title, so it stays the same:
 * ('animals', 'Cat Asleep') -> 'cat', ('fantasy', 'Moon Hare') -> 'hare', ('seascape', 'Tide') -> 'sea'.
 */
export function motifOf(subject: Subject, title: string): Motif {
  for (const word of title.toLowerCase().split(/[^a-z]+/)) {
    const animal = ANIMAL_WORDS[word];
    if (animal) return animal;
  }
  if (subject !== 'animals') return SUBJECT_MOTIFS[subject];
  let hash = 0;
  for (const ch of title) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return ANIMALS[hash % ANIMALS.length]!;
}

export interface ArtworkImageSpec {
  category: Category;
  motif: Motif;
  kind: ImageKind;
  seed: number;
  colours: Colour[];
  /** Width over height in thousandths: 1500 is a 3:2 landscape. */
  aspectMilli: number;
}

const MEDIA_PREFIX = '/media/art';

/**
 * { category: 'painting', motif: 'cat', kind: 'main', seed: 7, colours: ['blue', 'gold'], aspectMilli: 1500 }, 640
 *   -> '/media/art/painting/cat/main/7/blue-gold/1500/640.webp'
 */
export function artworkImageUrl(spec: ArtworkImageSpec, width: number): string {
  return `${MEDIA_PREFIX}/${spec.category}/${spec.motif}/${spec.kind}/${spec.seed}/${spec.colours.join('-')}/${spec.aspectMilli}/${width}.webp`;
}

/** Every rendered width, as an `srcset` value: '/media/art/…/320.webp 320w, …'. */
export function artworkImageSrcSet(spec: ArtworkImageSpec): string {
  return srcSetOf(artworkImageUrl(spec, IMAGE_WIDTHS[0]));
}

/**
 * The `srcset` of a picture from the address of any one of its widths, so a search hit need
 * not carry it: '/media/art/…/1500/640.webp' -> '/media/art/…/1500/320.webp 320w, …, /media/art/…/1500/2000.webp 2000w'.
 */
export function srcSetOf(imageUrl: string, widths: readonly number[] = IMAGE_WIDTHS): string {
  const folder = imageUrl.slice(0, imageUrl.lastIndexOf('/') + 1);
  return widths.map((w) => `${folder}${w}.webp ${w}w`).join(', ');
}

const widthSchema = z.int().check(z.refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), 'not a rendered width'));

/**
 * The path segments after `/media/art/`, validated back into a spec and a width. In
 * `zod/mini`: every page's product cards read their pictures' shapes from their URLs in the
 * browser.
 */
export const artworkImagePathSchema = z.pipe(
  z.tuple([
    z.enum(CATEGORY_VALUES as [Category, ...Category[]]),
    z.enum(MOTIFS),
    z.enum(IMAGE_KINDS),
    z.pipe(z.coerce.number(), z.int().check(z.minimum(0), z.maximum(2 ** 31 - 1))),
    z.pipe(
      z.pipe(z.string(), z.transform((s) => s.split('-'))),
      z.array(z.enum(COLOUR_VALUES as [Colour, ...Colour[]])).check(z.minLength(1), z.maxLength(4)),
    ),
    z.pipe(z.coerce.number(), z.int().check(z.minimum(200), z.maximum(5000))),
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,5}\.webp$/)), z.transform((s) => Number(s.slice(0, -'.webp'.length)))),
      widthSchema,
    ),
  ]),
  z.transform(([category, motif, kind, seed, colours, aspectMilli, width]) => ({
    spec: { category, motif, kind, seed, colours, aspectMilli } satisfies ArtworkImageSpec,
    width,
  })),
);

/** An artwork picture URL back into its spec and width; undefined for any other URL. */
export function parseArtworkImageUrl(url: string): { spec: ArtworkImageSpec; width: number } | undefined {
  if (!url.startsWith(`${MEDIA_PREFIX}/`)) return undefined;
  const parsed = artworkImagePathSchema.safeParse(url.slice(MEDIA_PREFIX.length + 1).split('/'));
  return parsed.success ? parsed.data : undefined;
}

const PHOTO_PREFIX = '/media/photos';
/** A stored photo's key: 32 lowercase hex digits, made when it is uploaded. */
export const PHOTO_KEY = /^[0-9a-f]{32}$/;

/** An uploaded photo's address at one width: ('0f…e1', 640) -> '/media/photos/0f…e1/640.webp'. */
export function photoUrl(key: string, width: number): string {
  return `${PHOTO_PREFIX}/${key}/${width}.webp`;
}

/** The segments after `/media/photos/` -> the photo's key and width: ['0f…e1', '640.webp'] -> { key, width: 640 }; undefined for any other. */
export function parsePhotoPath(segments: readonly string[]): { key: string; width: number } | undefined {
  if (segments.length !== 2 || !PHOTO_KEY.test(segments[0]!)) return undefined;
  const match = /^(\d{1,5})\.webp$/.exec(segments[1]!);
  const width = Number(match?.[1]);
  return match && (IMAGE_WIDTHS as readonly number[]).includes(width) ? { key: segments[0]!, width } : undefined;
}
