import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MIN_PHOTO_LONGEST_SIDE, type PhotoFormat } from './limits';

/**
 * An uploaded photo -> the WebP files the site serves: its format told from its bytes (never
 * its name or declared type), its size checked before it is decoded, turned the right way up
 * by its EXIF orientation, converted to sRGB, and written without any metadata (no GPS, camera
 * or profile reaches a shopper) at each of the widths cards and the product viewer ask for.
 */

export type PhotoRefusal =
  | { reason: 'not_image' }
  | { reason: 'too_large' }
  | { reason: 'too_many_pixels' }
  | { reason: 'too_small'; longest: number }
  | { reason: 'unreadable' };

export interface ProcessedPhoto {
  /** The picture's size the right way up, before resizing. */
  width: number;
  height: number;
  /** Served width -> WebP bytes. */
  files: Map<number, Buffer>;
}

const WEBP_QUALITY = 82;

/** A file's image format from its first bytes: JPEG, PNG, WebP or AVIF; null for anything else. */
export function sniffFormat(bytes: Uint8Array): PhotoFormat | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // The ISO box's major brand, then its compatible brands up to the box's end.
    const boxEnd = Math.min(bytes.length, Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0));
    const brands = [ascii(8, 12), ...Array.from({ length: Math.max(0, Math.floor((boxEnd - 16) / 4)) }, (_, i) => ascii(16 + i * 4, 20 + i * 4))];
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** Checks and converts one uploaded photo; a refusal says why, in terms the artist can act on. */
export async function processPhoto(bytes: Uint8Array): Promise<({ ok: true } & ProcessedPhoto) | ({ ok: false } & PhotoRefusal)> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) return { ok: false, reason: 'too_large' };
  if (sniffFormat(bytes) === null) return { ok: false, reason: 'not_image' };
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true } as const;
  let width: number;
  let height: number;
  try {
    // The header alone: the pixel count is known before anything is decoded.
    const meta = await sharp(bytes, options).metadata();
    if (meta.width * meta.height > MAX_PHOTO_PIXELS) return { ok: false, reason: 'too_many_pixels' };
    const turned = (meta.orientation ?? 1) >= 5;
    [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  } catch (error) {
    return { ok: false, reason: /pixel limit/i.test((error as Error).message) ? 'too_many_pixels' : 'unreadable' };
  }
  const longest = Math.max(width, height);
  if (longest < MIN_PHOTO_LONGEST_SIDE) return { ok: false, reason: 'too_small', longest };
  try {
    // Decoded once, turned upright and brought to the largest served width in sRGB; each width is made from that.
    const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const files = new Map<number, Buffer>();
    for (const target of IMAGE_WIDTHS) {
      // Each height from the photo's own proportions, so no width drifts from them by rounding; never enlarged.
      const w = Math.min(target, info.width);
      const h = Math.max(1, Math.round((w * height) / width));
      files.set(target, await sharp(data, raw).resize({ width: w, height: h, fit: 'fill' }).webp({ quality: WEBP_QUALITY }).toBuffer());
    }
    return { ok: true, width, height, files };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
